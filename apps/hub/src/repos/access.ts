// Who calls, and what they may do: hub tokens (`hf_` + random, stored as their sha256, read or
// write), users and organisations with roles. Private repos answer exactly as missing ones to anyone
// who may not read them, so their existence never leaks.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { HttpError } from "../http/errors.js";
import type { RepoMetadata } from "./metadata.js";
import type { OrgRole, RepoRecord, RepoType, TokenRecord, TokenRole } from "./model.js";
import { accountNameProblem } from "./names.js";

export interface Principal {
  user: string;
  tokenRole: TokenRole;
  tokenName: string;
  tokenCreatedAt: string;
  orgs: Map<string, OrgRole>;
}

const TOKEN_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const TOKEN_RE = /^hf_[A-Za-z0-9]{20,100}$/;
/** The real hub's message for a token it does not know; huggingface_hub keys its error on it. */
export const INVALID_TOKEN_MESSAGE = "Invalid credentials in Authorization header";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function newTokenSecret(): string {
  // 34 letters from 34 random bytes: rejection sampling keeps every letter equally likely.
  let out = "hf_";
  while (out.length < 37) {
    for (const byte of randomBytes(48)) {
      if (byte < 52 * 4 && out.length < 37) out += TOKEN_ALPHABET[byte % 52];
    }
  }
  return out;
}

/** An extra reason to let a caller read a private repo (the mirror's allow-list for mirrored ones). */
export type ReadRule = (principal: Principal | undefined, repo: RepoRecord) => boolean;

/** Why nobody may write to a repo (the mirror's repos are read-only), or undefined. */
export type WriteRefusal = (repo: RepoRecord) => string | undefined;

export class Access {
  /** read rules added by other rooms (see ReadRule) */
  readonly readRules: ReadRule[] = [];
  /** repos no caller may write to, whatever their role (see WriteRefusal) */
  readonly writeRefusals: WriteRefusal[] = [];

  constructor(private readonly meta: RepoMetadata) {}

  /**
   * Creates a token for `user` (and the user, and each org with the user a member, when missing).
   * Returns the token: it is shown once and never stored.
   */
  async createToken(
    user: string,
    options: { write?: boolean; orgs?: string[]; name?: string } = {},
  ): Promise<string> {
    for (const name of [user, ...(options.orgs ?? [])]) {
      const problem = accountNameProblem(name);
      if (problem) throw new HttpError(400, problem);
    }
    const account = await this.meta.ensureAccount(user, false);
    if (account.isOrg) throw new HttpError(400, `"${user}" is an organisation: tokens belong to users`);
    for (const org of options.orgs ?? []) {
      const existing = await this.meta.getAccount(org);
      if (existing && !existing.isOrg) throw new HttpError(400, `"${org}" is a user, not an organisation`);
      await this.meta.ensureAccount(org, true);
      const memberships = await this.meta.memberships(user);
      if (!memberships.some((m) => m.org.toLowerCase() === org.toLowerCase()))
        await this.meta.setMember(org, user, existing ? "write" : "admin");
    }
    const secret = newTokenSecret();
    const record: TokenRecord = {
      id: randomUUID(),
      user: account.name,
      role: options.write ? "write" : "read",
      displayName: options.name ?? `${options.write ? "write" : "read"} token`,
      createdAt: new Date().toISOString(),
      hash: hashToken(secret),
    };
    await this.meta.addToken(record);
    return secret;
  }

  /**
   * The caller of a request from its Authorization header: undefined when it sends none; a 401 for
   * a token this hub does not know (as the real hub answers).
   */
  async authenticate(authorization: string | undefined): Promise<Principal | undefined> {
    if (!authorization) return undefined;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    const token = match?.[1];
    if (!token || !TOKEN_RE.test(token)) throw new HttpError(401, INVALID_TOKEN_MESSAGE);
    const hash = hashToken(token);
    const record = await this.meta.tokenByHash(hash);
    // The lookup is by hash; comparing the stored hash in constant time costs nothing and leaves no doubt.
    if (!record || !timingSafeEqual(Buffer.from(record.hash, "hex"), Buffer.from(hash, "hex")))
      throw new HttpError(401, INVALID_TOKEN_MESSAGE);
    const orgs = new Map(
      (await this.meta.memberships(record.user)).map((m) => [m.org.toLowerCase(), m.role]),
    );
    return {
      user: record.user,
      tokenRole: record.role,
      tokenName: record.displayName,
      tokenCreatedAt: record.createdAt,
      orgs,
    };
  }

  /** The role the caller has over what `owner` owns: "owner" for their own namespace. */
  roleOver(principal: Principal | undefined, owner: string): OrgRole | "owner" | undefined {
    if (!principal) return undefined;
    if (principal.user.toLowerCase() === owner.toLowerCase()) return "owner";
    return principal.orgs.get(owner.toLowerCase());
  }

  canRead(principal: Principal | undefined, repo: RepoRecord): boolean {
    return (
      !repo.private ||
      this.roleOver(principal, ownerOf(repo.id)) !== undefined ||
      this.readRules.some((rule) => rule(principal, repo))
    );
  }

  /** Whether the caller's role lets them write in the namespace (tokens aside). */
  private writesIn(principal: Principal | undefined, owner: string): boolean {
    const role = this.roleOver(principal, owner);
    return role === "owner" || role === "admin" || role === "write" || role === "contributor";
  }

  /** Refuses a write: 401 without a token, 403 for a read token or a namespace the caller cannot write. */
  checkWrite(principal: Principal | undefined, owner: string, what: string): asserts principal is Principal {
    if (!principal) throw new HttpError(401, `You must be authenticated to ${what}: send a write token`);
    if (principal.tokenRole !== "write")
      throw new HttpError(403, `You don't have the rights to ${what}: this token is read-only`);
    if (!this.writesIn(principal, owner))
      throw new HttpError(403, `You don't have the rights to ${what} in the namespace "${owner}"`);
  }

  /** The answer for a repo the caller may not see, or that does not exist: the same in both cases. */
  notFound(principal: Principal | undefined, type: RepoType, id: string): HttpError {
    return new HttpError(
      principal ? 404 : 401,
      `Repository not found: ${type} "${id.slice(0, 200)}" does not exist, or you cannot access it`,
      "RepoNotFound",
    );
  }

  async whoami(principal: Principal): Promise<Record<string, unknown>> {
    const account = await this.meta.getAccount(principal.user);
    const memberships = await this.meta.memberships(principal.user);
    return {
      type: "user",
      id: idOf(principal.user),
      name: principal.user,
      fullname: account?.fullname ?? principal.user,
      email: null,
      emailVerified: false,
      canPay: false,
      isPro: false,
      periodEnd: null,
      avatarUrl: "",
      orgs: memberships.map((m) => ({
        type: "org",
        id: idOf(m.org),
        name: m.org,
        fullname: m.org,
        email: null,
        canPay: false,
        isEnterprise: false,
        periodEnd: null,
        avatarUrl: "",
        roleInOrg: m.role,
      })),
      auth: {
        type: "access_token",
        accessToken: {
          displayName: principal.tokenName,
          role: principal.tokenRole,
          createdAt: principal.tokenCreatedAt,
        },
      },
    };
  }
}

export function ownerOf(id: string): string {
  return id.split("/")[0];
}

/** A stable 24-hex id for an account name (the real hub's ids are 24-hex object ids). */
function idOf(name: string): string {
  return createHash("sha1").update(`account:${name.toLowerCase()}`).digest("hex").slice(0, 24);
}
