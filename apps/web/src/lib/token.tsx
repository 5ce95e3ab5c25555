// The person's hub token for calls from this browser. It lives in memory only, unless they tick
// "remember", which keeps it in this browser's localStorage (and unticking erases it).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

const STORAGE_KEY = "hubkit-token";

interface TokenState {
  token: string;
  remember: boolean;
  setToken(token: string): void;
  setRemember(remember: boolean): void;
}

const TokenContext = createContext<TokenState | undefined>(undefined);

function readStored(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

function writeStored(token: string | undefined): void {
  try {
    if (token) localStorage.setItem(STORAGE_KEY, token);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage disabled: the token stays in memory only
  }
}

export function TokenProvider({ children }: { children: ReactNode }) {
  // Empty at first, as on the server, so hydration matches; a remembered token is read just after.
  const [token, setTokenState] = useState("");
  const [remember, setRememberState] = useState(false);
  useEffect(() => {
    const stored = readStored();
    if (stored) {
      setTokenState(stored);
      setRememberState(true);
    }
  }, []);

  const setToken = useCallback(
    (next: string) => {
      const trimmed = next.trim();
      setTokenState(trimmed);
      if (remember) writeStored(trimmed || undefined);
    },
    [remember],
  );
  const setRemember = useCallback(
    (next: boolean) => {
      setRememberState(next);
      writeStored(next && token ? token : undefined);
    },
    [token],
  );

  const value = useMemo(
    () => ({ token, remember, setToken, setRemember }),
    [token, remember, setToken, setRemember],
  );
  return <TokenContext.Provider value={value}>{children}</TokenContext.Provider>;
}

export function useToken(): TokenState {
  const state = useContext(TokenContext);
  if (!state) throw new Error("useToken must be used inside <TokenProvider>");
  return state;
}
