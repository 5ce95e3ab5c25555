// Checking a hub token with GET /api/whoami-v2: on sign-in, and once per page load for a remembered
// token (a revoked one signs the person out). Its own chunk: pages load it only when needed.
import { currentSession, setSession, signOut, type HubUser } from "./session.js";

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
  setSession({ token: trimmed, user });
  return user;
}

/** Confirms a remembered token once per page load (a revoked one signs the person out). */
export async function confirmSession(): Promise<void> {
  const session = currentSession();
  if (!session.token || session.user) return;
  try {
    const user = await whoami(session.token);
    if (currentSession().token === session.token) setSession({ token: session.token, user });
  } catch (error) {
    if (/does not know/.test((error as Error).message) && currentSession().token === session.token) signOut();
  }
}
