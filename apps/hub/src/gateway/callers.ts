// Who calls the router: a hub token of this hub (looked up by its sha256, with the user's orgs), or
// nobody known. Lookups are kept for a few seconds so a busy caller costs no database read (and no
// await) per call; a revoked token stops working within that time.
import { hashToken } from "../repos/access.js";
import type { RepoMetadata } from "../repos/metadata.js";

export interface Caller {
  user: string;
  tokenId: string;
  /** the orgs the user belongs to, lower-cased */
  orgs: Set<string>;
}

const KEEP_MS = 10_000;
const MAX_KEPT = 10_000;
const HUB_TOKEN = /^Bearer\s+(hf_[A-Za-z0-9]{20,100})\s*$/i;

export class Callers {
  private readonly known = new Map<string, { caller: Caller | null; at: number }>();

  constructor(private readonly meta: RepoMetadata) {}

  /** The caller of an Authorization header: null for none or a token this hub does not know. */
  of(authorization: string | undefined): Caller | null | Promise<Caller | null> {
    if (!authorization) return null;
    const token = HUB_TOKEN.exec(authorization)?.[1];
    if (!token) return null;
    const hash = hashToken(token);
    const kept = this.known.get(hash);
    const now = performance.now();
    if (kept && now - kept.at < KEEP_MS) return kept.caller;
    return this.lookUp(hash, now);
  }

  private async lookUp(hash: string, now: number): Promise<Caller | null> {
    const record = await this.meta.tokenByHash(hash);
    let caller: Caller | null = null;
    if (record) {
      const memberships = await this.meta.memberships(record.user);
      caller = {
        user: record.user,
        tokenId: record.id,
        orgs: new Set(memberships.map((m) => m.org.toLowerCase())),
      };
    }
    if (this.known.size >= MAX_KEPT) this.known.clear();
    this.known.set(hash, { caller, at: now });
    return caller;
  }
}
