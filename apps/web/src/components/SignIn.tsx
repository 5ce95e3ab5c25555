// Sign-in with a hub token, in the header: a small form (the token is checked with the hub's
// who-am-I before it is kept), then "Signed in as NAME" and Sign out. Signing in or out runs the
// page's loaders again, so a private repo appears or disappears at once.
import { LogIn, LogOut, UserRound } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { confirmSession, signIn, signOut, useSession } from "../lib/session.js";
import "./sign-in.css";

export function SignIn() {
  const session = useSession();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void confirmSession();
  }, [session.token]);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await signIn(token);
      setToken("");
      setOpen(false);
      void revalidator.revalidate();
    } catch (problem) {
      setError((problem as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (session.token) {
    return (
      <div className="sign-in signed-in" data-testid="session">
        <span className="session-user" title={session.user?.fullname}>
          <UserRound size={16} aria-hidden />{" "}
          {session.user ? (
            <>
              <span className="session-label">Signed in as </span>
              <strong>{session.user.name}</strong>
            </>
          ) : (
            "Signed in"
          )}
        </span>
        <button
          type="button"
          className="button small"
          aria-label="Sign out"
          onClick={() => {
            signOut();
            void revalidator.revalidate();
          }}
        >
          <LogOut size={14} aria-hidden /> <span className="button-label">Sign out</span>
        </button>
      </div>
    );
  }
  return (
    <div className="sign-in" data-testid="session">
      <button
        type="button"
        className="button small"
        aria-expanded={open}
        aria-label="Sign in"
        onClick={() => setOpen((value) => !value)}
      >
        <LogIn size={14} aria-hidden /> <span className="button-label">Sign in</span>
      </button>
      {open && (
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
      )}
    </div>
  );
}
