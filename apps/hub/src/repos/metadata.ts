// The repository metadata store's interface: accounts, tokens, repos, commits, refs and trees.
// SQLite (sqlite-metadata.ts) by default; PostgreSQL (postgres-metadata.ts) when replicas share one
// database. File contents are not here: they live in the blob store, named by sha256.
import type {
  Account,
  CommitRecord,
  OrgRole,
  RefKind,
  RefRecord,
  RepoRecord,
  RepoType,
  TokenRecord,
  TreeEntry,
} from "./model.js";

export interface NewCommit {
  commit: CommitRecord;
  /** the tree's entries, stored under commit.tree when not stored yet */
  tree: TreeEntry[];
}

export type CommitOutcome = { ok: true } | { ok: false; reason: "stale" | "missing-branch" | "missing-repo" };

export interface RepoMetadata {
  readonly kind: "sqlite" | "postgres";
  /** a random key made once per hub (shared by replicas), for signing upload URLs */
  signingKey(): Promise<Buffer>;

  ensureAccount(name: string, isOrg: boolean): Promise<Account>;
  getAccount(name: string): Promise<Account | undefined>;
  setMember(org: string, user: string, role: OrgRole): Promise<void>;
  /** the orgs `user` belongs to, with the role */
  memberships(user: string): Promise<{ org: string; role: OrgRole }[]>;
  /** the users (isOrg false) or the organisations, by name */
  listAccounts(isOrg: boolean): Promise<Account[]>;
  /** an organisation's members with their roles, by name */
  members(org: string): Promise<{ user: string; role: OrgRole }[]>;
  /** true when `user` was a member of `org` and no longer is */
  removeMember(org: string, user: string): Promise<boolean>;

  addToken(token: TokenRecord): Promise<void>;
  tokenByHash(hash: string): Promise<TokenRecord | undefined>;
  listTokens(user: string): Promise<TokenRecord[]>;
  /** true when a token with this id existed and is now gone */
  revokeToken(id: string): Promise<boolean>;

  /** creates the repo with its first commit on `main`; undefined when the id is taken */
  createRepo(repo: Omit<RepoRecord, "rid">, first: NewCommit): Promise<RepoRecord | undefined>;
  getRepo(type: RepoType, id: string): Promise<RepoRecord | undefined>;
  listRepos(type: RepoType): Promise<RepoRecord[]>;
  deleteRepo(type: RepoType, id: string): Promise<boolean>;
  /** false when `to` is taken */
  moveRepo(type: RepoType, from: string, to: string): Promise<boolean>;
  updateRepo(rid: number, changes: { private?: boolean; gated?: RepoRecord["gated"] }): Promise<void>;

  refs(rid: number): Promise<RefRecord[]>;
  getRef(rid: number, kind: RefKind, name: string): Promise<RefRecord | undefined>;
  /**
   * Creates (`expected` null: must not exist), moves (`expected` = its commit now) or deletes
   * (`commit` null) a ref atomically; false when the ref is not as expected.
   */
  setRef(
    rid: number,
    kind: RefKind,
    name: string,
    expected: string | null,
    commit: string | null,
  ): Promise<boolean>;
  getCommit(rid: number, id: string): Promise<CommitRecord | undefined>;
  /** up to `limit` commits from `head` back along first parents, skipping `skip` */
  history(rid: number, head: string, skip: number, limit: number): Promise<CommitRecord[]>;
  getTree(sha: string): Promise<TreeEntry[] | undefined>;
  /**
   * Stores a commit and its tree and moves `branch` from `expectedHead` to it, all or nothing:
   * `stale` when the branch has moved since (another commit won), and nothing is stored.
   */
  addCommit(rid: number, branch: string, expectedHead: string, next: NewCommit): Promise<CommitOutcome>;
  /** stores a commit and its tree without moving any ref (a mirror records upstream's commits so) */
  putCommit(rid: number, next: NewCommit): Promise<void>;
  /** every blob sha256 a stored tree names (what the blob store must keep) */
  liveBlobs(): Promise<Set<string>>;
  close(): Promise<void>;
}
