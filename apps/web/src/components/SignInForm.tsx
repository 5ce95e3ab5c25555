// The sign-in form the header's Sign in opens (its own chunk, loaded on the first click): the token
// is checked with the hub's who-am-I before it is kept.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { signIn } from "../lib/whoami.js";

export default function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await signIn(token);
      setToken("");
      onSignedIn();
    } catch (problem) {
      setError((problem as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="sign-in-form card" onSubmit={(event) => void submit(event)}>
      <label htmlFor={inputId}>Hub token</label>
      <input
        ref={input}
        id={inputId}
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="hf_…"
        value={token}
        onChange={(event) => setToken(event.target.value)}
        aria-describedby={`${inputId}-hint`}
      />
      <p id={`${inputId}-hint`} className="muted small-text">
        Made with <code>cli.js token create --user NAME</code>. Kept in this browser only.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button primary" disabled={busy || !token.trim()}>
        {busy ? "Checking…" : "Sign in"}
      </button>
    </form>
  );
}
