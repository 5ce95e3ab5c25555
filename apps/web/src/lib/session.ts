// Who is signed in to this hub (the store; checking a token with the hub is lib/whoami.ts, loaded
// when someone signs in or a remembered token is confirmed): a hub token (from `cli.js token create`) kept in this browser's
// localStorage, checked with GET /api/whoami-v2, and sent as `Authorization: Bearer` on the app's own
// API calls (lib/api.ts), so that loaders and components see the private repos the person may read.
// The server never sees it on page requests: it renders every page anonymously, and a page with
// private data is completed in the browser. The server snapshot is "signed out", so hydration matches.
import { useSyncExternalStore } from "react";
import { subscribeAcrossTabs } from "./storage-sync.js";

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
  return subscribeAcrossTabs(listeners, listener, STORAGE_KEY, (token) => {
    current = token ? { token } : SIGNED_OUT;
  });
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

/** Keeps the person's name once the hub has said who the token belongs to (lib/whoami.ts). */
export function setSession(next: Session): void {
  set(next);
}

export function signOut(): void {
  set(SIGNED_OUT);
}

/** The current session, outside React. */
export function currentSession(): Session {
  return load();
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, load, () => SIGNED_OUT);
}
