// The rows of the repository metadata tables, as SQLite and PostgreSQL both return them (same column
// names; booleans are 0/1 in SQLite), and the records they map to.
import type { Account, CommitRecord, RefRecord, RepoRecord, TokenRecord, TreeEntry } from "./model.js";

export interface AccountRow {
  name: string;
  fullname: string;
  is_org: number | boolean;
  created_at: string;
}
export interface RepoRow {
  rid: number | string;
  type: RepoRecord["type"];
  id: string;
  private: number | boolean;
  gated: string | null;
  created_at: string;
  last_modified: string;
}
/** The commits table's columns are the record's fields. */
export type CommitRow = CommitRecord;
export interface TokenRow {
  id: string;
  user: string;
  role: TokenRecord["role"];
  display_name: string;
  created_at: string;
  hash: string;
}
export interface RefRow {
  kind: RefRecord["kind"];
  name: string;
  commit_id: string;
}

export function toAccount(row: AccountRow): Account {
  return { name: row.name, fullname: row.fullname, isOrg: Boolean(row.is_org), createdAt: row.created_at };
}
export function toRepo(row: RepoRow): RepoRecord {
  return {
    rid: Number(row.rid),
    type: row.type,
    id: row.id,
    private: Boolean(row.private),
    gated: row.gated === "auto" || row.gated === "manual" ? row.gated : false,
    createdAt: row.created_at,
    lastModified: row.last_modified,
  };
}
export function toCommit(row: CommitRow): CommitRecord {
  return { ...row };
}
export function toToken(row: TokenRow): TokenRecord {
  return {
    id: row.id,
    user: row.user,
    role: row.role,
    displayName: row.display_name,
    createdAt: row.created_at,
    hash: row.hash,
  };
}
export function toRef(row: RefRow): RefRecord {
  return { kind: row.kind, name: row.name, commit: row.commit_id };
}

/** The sha256 of every file the stored trees name (trees held as JSON bodies). */
export function blobsOfTrees(trees: Iterable<{ body: string }>): Set<string> {
  const live = new Set<string>();
  for (const tree of trees) for (const entry of JSON.parse(tree.body) as TreeEntry[]) live.add(entry.sha256);
  return live;
}
