// Xet access tokens and xorb download links: signed by the hub (its repository signing key), so any
// replica checks them without a lookup. A token names the repo, the revision and the scope it was
// issued for, and expires soon; clients ask the token route again for a fresh one.
import { createHmac, timingSafeEqual } from "node:crypto";
import { HttpError } from "../http/errors.js";
import type { RepoType } from "../repos/model.js";

/** How long a Xet access token works: clients refresh it through the token route. */
export const XET_TOKEN_SECONDS = 15 * 60;
/** How long a xorb download link from a reconstruction works. */
export const XORB_LINK_SECONDS = 15 * 60;

export type XetScope = "read" | "write";

export interface XetGrant {
  type: RepoType;
  repo: string;
  revision: string;
  scope: XetScope;
  /** unix seconds */
  exp: number;
}

function mac(key: Buffer, text: string): string {
  return createHmac("sha256", key).update(`xet:${text}`).digest("base64url");
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function issueXetToken(key: Buffer, grant: XetGrant): string {
  const body = Buffer.from(JSON.stringify(grant)).toString("base64url");
  return `xet_${body}.${mac(key, body)}`;
}

/** The grant an `Authorization: Bearer xet_…` header carries; 401 when absent, forged or expired. */
export function readXetToken(key: Buffer, header: string | undefined, need: XetScope): XetGrant {
  const match = /^Bearer\s+xet_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match)
    throw new HttpError(
      401,
      "This Xet storage call needs a Xet token: ask the hub's xet-read-token or xet-write-token route",
    );
  if (!same(mac(key, match[1]), match[2])) throw new HttpError(401, "This Xet token is not valid here");
  const grant = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8")) as XetGrant;
  if (grant.exp < Date.now() / 1000)
    throw new HttpError(401, "This Xet token has expired: ask the token route for a new one");
  if (need === "write" && grant.scope !== "write")
    throw new HttpError(403, "This Xet token is read-only: uploads need one from the xet-write-token route");
  return grant;
}

/** The signature of a link to bytes [start, end] of a xorb, good until `exp`. */
export function signXorbRange(key: Buffer, xorb: string, start: number, end: number, exp: number): string {
  return mac(key, `xorb/${xorb}/${start}-${end}/${exp}`);
}

export function checkXorbRange(
  key: Buffer,
  xorb: string,
  start: number,
  end: number,
  exp: number,
  signature: string,
): void {
  if (!same(signXorbRange(key, xorb, start, end, exp), signature))
    throw new HttpError(403, "This xorb link is not valid: ask the reconstruction API for a new one");
  if (exp < Date.now() / 1000)
    throw new HttpError(403, "This xorb link has expired: ask the reconstruction API for a new one");
}
