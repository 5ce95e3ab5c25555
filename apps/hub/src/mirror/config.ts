// The mirror's settings: where upstream is, the token it is read with, how long a branch name is
// trusted before it is asked again, and who may read the private or gated repos fetched with that
// token. From the environment (HUBKIT_UPSTREAM_*) or the server's options.
import type { Principal } from "../repos/access.js";

export interface MirrorOptions {
  /** the hub mirrored, e.g. https://huggingface.co or another hubkit hub */
  upstreamUrl: string;
  /** sent to upstream only: private and gated repos are fetched with it */
  upstreamToken?: string;
  /** seconds a branch or tag name is served before upstream is asked where it points now */
  ttlSeconds: number;
  /**
   * who may read mirrored repos that are private or gated upstream: "*" any signed-in user of this
   * hub, else the users and organisations named (members of a named org may read); [] nobody
   */
  readers: "*" | string[];
}

export const DEFAULT_TTL_SECONDS = 600;

/** The mirror's settings from the environment; undefined when HUBKIT_UPSTREAM_URL is not set. */
export function mirrorOptionsFromEnv(env: Record<string, string | undefined>): MirrorOptions | undefined {
  const url = env.HUBKIT_UPSTREAM_URL?.trim();
  if (!url) return undefined;
  return {
    upstreamUrl: checkUpstreamUrl(url),
    upstreamToken: env.HUBKIT_UPSTREAM_TOKEN?.trim() || undefined,
    ttlSeconds: parseTtl(env.HUBKIT_UPSTREAM_TTL_SECONDS),
    readers: parseReaders(env.HUBKIT_MIRROR_READERS),
  };
}

export function checkUpstreamUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`HUBKIT_UPSTREAM_URL must be an http(s) URL, not "${text.slice(0, 80)}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`HUBKIT_UPSTREAM_URL must be an http(s) URL, not "${text.slice(0, 80)}"`);
  if (url.username || url.password)
    throw new Error("HUBKIT_UPSTREAM_URL must not carry credentials: use HUBKIT_UPSTREAM_TOKEN");
  return url.toString().replace(/\/+$/, "");
}

function parseTtl(text: string | undefined): number {
  if (text === undefined || text.trim() === "") return DEFAULT_TTL_SECONDS;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(
      `HUBKIT_UPSTREAM_TTL_SECONDS must be a number of seconds (0 or more), not "${text.slice(0, 40)}"`,
    );
  return value;
}

export function parseReaders(text: string | undefined): "*" | string[] {
  const value = text?.trim() ?? "";
  if (value === "*") return "*";
  return value
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

/** Whether the caller may read a mirrored repo that upstream keeps private or gated. */
export function mayReadPrivateMirror(
  readers: MirrorOptions["readers"],
  principal: Principal | undefined,
): boolean {
  if (!principal) return false;
  if (readers === "*") return true;
  return readers.some((name) => name === principal.user.toLowerCase() || principal.orgs.has(name));
}
