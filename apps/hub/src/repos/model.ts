// What a hosted repository is made of, as the repository store keeps it: accounts, tokens, repos,
// commits, refs and trees. Both metadata stores (SQLite and PostgreSQL) speak these types.
export const REPO_TYPES = ["model", "dataset"] as const;
export type RepoType = (typeof REPO_TYPES)[number];

export type OrgRole = "admin" | "write" | "contributor" | "read";
export const ORG_ROLES: readonly OrgRole[] = ["admin", "write", "contributor", "read"];
export type TokenRole = "read" | "write";

export interface Account {
  name: string;
  fullname: string;
  isOrg: boolean;
  createdAt: string;
}

export interface TokenRecord {
  id: string;
  user: string;
  role: TokenRole;
  displayName: string;
  createdAt: string;
  /** sha256 of the token, hex: the token itself is never stored */
  hash: string;
}

export interface RepoRecord {
  /** the store's key for the repo: commits and refs hang on it, so a rename moves nothing else */
  rid: number;
  type: RepoType;
  /** owner/name */
  id: string;
  private: boolean;
  gated: false | "auto" | "manual";
  createdAt: string;
  lastModified: string;
}

/** One file of a commit's tree. Every file's bytes are in the blob store under `sha256`. */
export interface TreeEntry {
  path: string;
  size: number;
  sha256: string;
  /** git blob id: of the content for a regular file, of the LFS pointer for an LFS file */
  oid: string;
  lfs: boolean;
}

export interface CommitRecord {
  /** 40 hex */
  id: string;
  parent: string | null;
  /** sha256 of the tree's JSON (the trees table's key) */
  tree: string;
  author: string;
  title: string;
  message: string;
  /** ISO 8601 */
  date: string;
}

export type RefKind = "branch" | "tag";
export interface RefRecord {
  kind: RefKind;
  name: string;
  commit: string;
}
