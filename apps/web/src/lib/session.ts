// Who is signed in to this hub: a hub token (from `cli.js token create`) kept in this browser's
// localStorage, checked with GET /api/whoami-v2, and sent as `Authorization: Bearer` on the app's own
// API calls (lib/api.ts), so that loaders and components see the private repos the person may read.
// The server never sees it on page requests: it renders every page anonymously, and a page with
// private data is completed in the browser. The server snapshot is "signed out", so hydration matches.
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation, useRevalidator } from "react-router";

const STORAGE_KEY = "hubkit-hub-token";

export interface HubUser {
  name: string;
  fullname?: string;
  orgs: string[];
}

export interface Session {
  token: string;
  /** set once whoami has answered for this token */
  user?: HubUser;
}

const SIGNED_OUT: Session = { token: "" };
let current: Session | undefined;
const listeners = new Set<() => void>();

function load(): Session {
  if (current) return current;
  let token = "";
  try {
    token = localStorage.getItem(STORAGE_KEY) ?? "";
  } catch {
    // storage disabled: nobody is remembered
  }
  current = token ? { token } : SIGNED_OUT;
  return current;
}

function set(next: Session): void {
  current = next;
  try {
    if (next.token) localStorage.setItem(STORAGE_KEY, next.token);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage disabled: the session lasts as long as the page
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    current = event.newValue ? { token: event.newValue } : SIGNED_OUT;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The hub token of whoever is signed in, or "" (always "" on the server). */
export function hubToken(): string {
  return typeof window === "undefined" ? "" : load().token;
}

/** `init` with the signed-in person's token as `Authorization`, unless it names one already. */
export function withHubToken(init: RequestInit = {}): RequestInit {
  const token = hubToken();
  if (!token) return init;
  const headers = new Headers(init.headers);
  if (!headers.has("authorization")) headers.set("authorization", `Bearer ${token}`);
  return { ...init, headers };
}

interface WhoAmI {
  name?: unknown;
  fullname?: unknown;
  orgs?: { name?: unknown }[];
}

async function whoami(token: string): Promise<HubUser> {
  let response: Response;
  try {
    response = await fetch("/api/whoami-v2", { headers: { authorization: `Bearer ${token}` } });
  } catch {
    throw new Error("The hub server could not be reached");
  }
  if (response.status === 401) throw new Error("This hub does not know that token (or it was revoked)");
  if (!response.ok) throw new Error(`The hub answered HTTP ${response.status} to who-am-I`);
  const body = (await response.json()) as WhoAmI;
  if (typeof body.name !== "string") throw new Error("The hub's who-am-I answer has no name");
  return {
    name: body.name,
    fullname: typeof body.fullname === "string" ? body.fullname : undefined,
    orgs: (body.orgs ?? []).map((org) => org.name).filter((name): name is string => typeof name === "string"),
  };
}

/** Checks the token with the hub, then keeps it. Throws a readable reason when it is refused. */
export async function signIn(token: string): Promise<HubUser> {
  const trimmed = token.trim();
  if (!/^hf_[A-Za-z0-9]{8,200}$/.test(trimmed))
    throw new Error("A hub token starts with hf_ followed by letters and digits");
  const user = await whoami(trimmed);
  set({ token: trimmed, user });
  return user;
}

export function signOut(): void {
  set(SIGNED_OUT);
}

/** Confirms a remembered token once per page load (a revoked one signs the person out). */
export async function confirmSession(): Promise<void> {
  const session = load();
  if (!session.token || session.user) return;
  try {
    const user = await whoami(session.token);
    if (current?.token === session.token) set({ token: session.token, user });
  } catch (error) {
    if (/does not know/.test((error as Error).message) && current?.token === session.token) signOut();
  }
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, load, () => SIGNED_OUT);
}

/**
 * On an error page for something missing (401/404) while signed in, runs the page's loaders again
 * once per address: the server rendered it anonymously, and it may be a private repo this person
 * may read.
 */
export function useRetryWhenSignedIn(status: number | undefined): void {
  const { token } = useSession();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const tried = useRef(new Set<string>());
  useEffect(() => {
    if (!token || (status !== 401 && status !== 404)) return;
    const key = `${token.slice(-6)} ${pathname}`;
    if (tried.current.has(key) || revalidator.state !== "idle") return;
    tried.current.add(key);
    void revalidator.revalidate();
  }, [token, status, pathname, revalidator]);
}
