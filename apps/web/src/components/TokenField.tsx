// The person's own token: optional, kept in memory, stored in this browser only if they ask.
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { useToken } from "../lib/token.js";

export function TokenField() {
  const { token, remember, setToken, setRemember } = useToken();
  const id = useId();
  return (
    <div className="token-field">
      <label htmlFor={`${id}-token`}>
        <KeyRound size={14} aria-hidden /> Your token (optional)
      </label>
      <input
        id={`${id}-token`}
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="hf_… — snippets read $HF_TOKEN when empty"
        value={token}
        onChange={(event) => setToken(event.target.value)}
      />
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        Remember in this browser (localStorage)
      </label>
    </div>
  );
}
