// Repository metadata in an embedded SQLite file (<data dir>/repos.sqlite), WAL mode. Every write is
// one transaction, so a killed process leaves the previous state or the next, never a half commit.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { CommitOutcome, NewCommit, RepoMetadata } from "./metadata.js";
// Row types and their mapping to records, shared with the other store.
import * as records from "./metadata-rows.js";
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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS accounts (
  name TEXT PRIMARY KEY COLLATE NOCASE, fullname TEXT NOT NULL, is_org INTEGER NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS members (
  org TEXT NOT NULL COLLATE NOCASE, user TEXT NOT NULL COLLATE NOCASE, role TEXT NOT NULL, PRIMARY KEY (org, user));
CREATE TABLE IF NOT EXISTS tokens (
  id TEXT PRIMARY KEY, user TEXT NOT NULL, role TEXT NOT NULL, display_name TEXT NOT NULL,
  created_at TEXT NOT NULL, hash TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS repos (
  rid INTEGER PRIMARY KEY, type TEXT NOT NULL, id TEXT NOT NULL COLLATE NOCASE, private INTEGER NOT NULL,
  gated TEXT, created_at TEXT NOT NULL, last_modified TEXT NOT NULL, UNIQUE (type, id));
CREATE TABLE IF NOT EXISTS commits (
  rid INTEGER NOT NULL, id TEXT NOT NULL, parent TEXT, tree TEXT NOT NULL, author TEXT NOT NULL,
  title TEXT NOT NULL, message TEXT NOT NULL, date TEXT NOT NULL, PRIMARY KEY (rid, id));
CREATE TABLE IF NOT EXISTS refs (
  rid INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, commit_id TEXT NOT NULL, PRIMARY KEY (rid, kind, name));
CREATE TABLE IF NOT EXISTS trees (sha TEXT PRIMARY KEY, body TEXT NOT NULL);
`;

export class SqliteRepoMetadata implements RepoMetadata {
  readonly kind = "sqlite" as const;
  private readonly db: Database.Database;

  /** Prepared statements by their SQL: preparing one costs more than running it (HEAD resolve runs four). */
  private readonly statements = new Map<string, Database.Statement>();

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = FULL");
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(SCHEMA);
  }

  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  async signingKey(): Promise<Buffer> {
    this.sql("INSERT OR IGNORE INTO settings (key, value) VALUES ('signing-key', ?)").run(randomBytes(32));
    return (this.sql("SELECT value FROM settings WHERE key = 'signing-key'").get() as { value: Buffer })
      .value;
  }

  async ensureAccount(name: string, isOrg: boolean): Promise<Account> {
    this.sql("INSERT OR IGNORE INTO accounts (name, fullname, is_org, created_at) VALUES (?, ?, ?, ?)").run(
      name,
      name,
      isOrg ? 1 : 0,
      new Date().toISOString(),
    );
    return (await this.getAccount(name))!;
  }

  async getAccount(name: string): Promise<Account | undefined> {
    const row = this.sql("SELECT * FROM accounts WHERE name = ?").get(name) as records.AccountRow | undefined;
    return row && records.toAccount(row);
  }

  async setMember(org: string, user: string, role: OrgRole): Promise<void> {
    this.sql(
      "INSERT INTO members (org, user, role) VALUES (?, ?, ?) ON CONFLICT (org, user) DO UPDATE SET role = excluded.role",
    ).run(org, user, role);
  }

  async memberships(user: string): Promise<{ org: string; role: OrgRole }[]> {
    return (
      this.sql(
        "SELECT a.name AS org, m.role FROM members m JOIN accounts a ON a.name = m.org WHERE m.user = ? ORDER BY a.name",
      ).all(user) as { org: string; role: OrgRole }[]
    ).map((row) => ({ org: row.org, role: row.role }));
  }

  async listAccounts(isOrg: boolean): Promise<Account[]> {
    return (
      this.db
        .prepare("SELECT * FROM accounts WHERE is_org = ? ORDER BY name")
        .all(isOrg ? 1 : 0) as records.AccountRow[]
    ).map(records.toAccount);
  }

  async members(org: string): Promise<{ user: string; role: OrgRole }[]> {
    return (
      this.db
        .prepare(
          "SELECT a.name AS user, m.role FROM members m JOIN accounts a ON a.name = m.user WHERE m.org = ? ORDER BY a.name",
        )
        .all(org) as { user: string; role: OrgRole }[]
    ).map((row) => ({ user: row.user, role: row.role }));
  }

  async removeMember(org: string, user: string): Promise<boolean> {
    return this.db.prepare("DELETE FROM members WHERE org = ? AND user = ?").run(org, user).changes > 0;
  }

  async addToken(token: TokenRecord): Promise<void> {
    this.sql(
      "INSERT INTO tokens (id, user, role, display_name, created_at, hash) VALUES (?, ?, ?, ?, ?, ?)",
    ).run(token.id, token.user, token.role, token.displayName, token.createdAt, token.hash);
  }

  async tokenByHash(hash: string): Promise<TokenRecord | undefined> {
    const row = this.sql("SELECT * FROM tokens WHERE hash = ?").get(hash) as records.TokenRow | undefined;
    return row && records.toToken(row);
  }

  async listTokens(user: string): Promise<TokenRecord[]> {
    return (
      this.sql("SELECT * FROM tokens WHERE user = ? ORDER BY created_at").all(user) as records.TokenRow[]
    ).map(records.toToken);
  }

  async revokeToken(id: string): Promise<boolean> {
    return this.sql("DELETE FROM tokens WHERE id = ?").run(id).changes > 0;
  }

  async createRepo(repo: Omit<RepoRecord, "rid">, first: NewCommit): Promise<RepoRecord | undefined> {
    return this.db.transaction(() => {
      const inserted = this.sql(
        "INSERT OR IGNORE INTO repos (type, id, private, gated, created_at, last_modified) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(repo.type, repo.id, repo.private ? 1 : 0, repo.gated || null, repo.createdAt, repo.lastModified);
      if (inserted.changes === 0) return undefined;
      const rid = Number(inserted.lastInsertRowid);
      this.insertCommit(rid, first);
      this.sql("INSERT INTO refs (rid, kind, name, commit_id) VALUES (?, 'branch', 'main', ?)").run(
        rid,
        first.commit.id,
      );
      return { ...repo, rid };
    })();
  }

  private insertCommit(rid: number, next: NewCommit): void {
    this.sql("INSERT OR IGNORE INTO trees (sha, body) VALUES (?, ?)").run(
      next.commit.tree,
      JSON.stringify(next.tree),
    );
    const c = next.commit;
    this.sql(
      "INSERT OR IGNORE INTO commits (rid, id, parent, tree, author, title, message, date) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(rid, c.id, c.parent, c.tree, c.author, c.title, c.message, c.date);
  }

  async getRepo(type: RepoType, id: string): Promise<RepoRecord | undefined> {
    const row = this.sql("SELECT * FROM repos WHERE type = ? AND id = ?").get(type, id) as
      records.RepoRow | undefined;
    return row && records.toRepo(row);
  }

  async listRepos(type: RepoType): Promise<RepoRecord[]> {
    return (this.sql("SELECT * FROM repos WHERE type = ? ORDER BY id").all(type) as records.RepoRow[]).map(
      records.toRepo,
    );
  }

  async deleteRepo(type: RepoType, id: string): Promise<boolean> {
    return this.db.transaction(() => {
      const row = this.sql("SELECT rid FROM repos WHERE type = ? AND id = ?").get(type, id) as
        { rid: number } | undefined;
      if (!row) return false;
      for (const table of ["refs", "commits", "repos"])
        this.sql(`DELETE FROM ${table} WHERE rid = ?`).run(row.rid);
      return true;
    })();
  }

  async moveRepo(type: RepoType, from: string, to: string): Promise<boolean> {
    try {
      return this.sql("UPDATE repos SET id = ? WHERE type = ? AND id = ?").run(to, type, from).changes > 0;
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") return false;
      throw error;
    }
  }

  async updateRepo(rid: number, changes: { private?: boolean; gated?: RepoRecord["gated"] }): Promise<void> {
    if (changes.private !== undefined)
      this.sql("UPDATE repos SET private = ? WHERE rid = ?").run(changes.private ? 1 : 0, rid);
    if (changes.gated !== undefined)
      this.sql("UPDATE repos SET gated = ? WHERE rid = ?").run(changes.gated || null, rid);
  }

  async refs(rid: number): Promise<RefRecord[]> {
    return (
      this.sql("SELECT kind, name, commit_id FROM refs WHERE rid = ? ORDER BY kind, name").all(
        rid,
      ) as records.RefRow[]
    ).map(records.toRef);
  }

  async getRef(rid: number, kind: RefKind, name: string): Promise<RefRecord | undefined> {
    const row = this.sql("SELECT commit_id FROM refs WHERE rid = ? AND kind = ? AND name = ?").get(
      rid,
      kind,
      name,
    ) as { commit_id: string } | undefined;
    return row && { kind, name, commit: row.commit_id };
  }

  async setRef(
    rid: number,
    kind: RefKind,
    name: string,
    expected: string | null,
    commit: string | null,
  ): Promise<boolean> {
    return this.db.transaction(() => {
      const current = this.sql("SELECT commit_id FROM refs WHERE rid = ? AND kind = ? AND name = ?").get(
        rid,
        kind,
        name,
      ) as { commit_id: string } | undefined;
      if ((current?.commit_id ?? null) !== expected) return false;
      if (commit === null)
        this.sql("DELETE FROM refs WHERE rid = ? AND kind = ? AND name = ?").run(rid, kind, name);
      else
        this.sql(
          "INSERT INTO refs (rid, kind, name, commit_id) VALUES (?, ?, ?, ?) ON CONFLICT (rid, kind, name) DO UPDATE SET commit_id = excluded.commit_id",
        ).run(rid, kind, name, commit);
      return true;
    })();
  }

  async getCommit(rid: number, id: string): Promise<CommitRecord | undefined> {
    const row = this.sql("SELECT * FROM commits WHERE rid = ? AND id = ?").get(rid, id) as
      records.CommitRow | undefined;
    return row && records.toCommit(row);
  }

  async history(rid: number, head: string, skip: number, limit: number): Promise<CommitRecord[]> {
    const out: CommitRecord[] = [];
    const get = this.sql("SELECT * FROM commits WHERE rid = ? AND id = ?");
    let next: string | null = head;
    let index = 0;
    while (next && out.length < limit) {
      const row = get.get(rid, next) as records.CommitRow | undefined;
      if (!row) break;
      if (index++ >= skip) out.push(records.toCommit(row));
      next = row.parent;
    }
    return out;
  }

  async getTree(sha: string): Promise<TreeEntry[] | undefined> {
    const row = this.sql("SELECT body FROM trees WHERE sha = ?").get(sha) as { body: string } | undefined;
    return row && (JSON.parse(row.body) as TreeEntry[]);
  }

  async addCommit(
    rid: number,
    branch: string,
    expectedHead: string,
    next: NewCommit,
  ): Promise<CommitOutcome> {
    return this.db.transaction((): CommitOutcome => {
      const repo = this.sql("SELECT rid FROM repos WHERE rid = ?").get(rid);
      if (!repo) return { ok: false, reason: "missing-repo" };
      const current = this.sql(
        "SELECT commit_id FROM refs WHERE rid = ? AND kind = 'branch' AND name = ?",
      ).get(rid, branch) as { commit_id: string } | undefined;
      if (!current) return { ok: false, reason: "missing-branch" };
      if (current.commit_id !== expectedHead) return { ok: false, reason: "stale" };
      this.insertCommit(rid, next);
      this.sql("UPDATE refs SET commit_id = ? WHERE rid = ? AND kind = 'branch' AND name = ?").run(
        next.commit.id,
        rid,
        branch,
      );
      this.sql("UPDATE repos SET last_modified = ? WHERE rid = ?").run(next.commit.date, rid);
      return { ok: true };
    })();
  }

  async putCommit(rid: number, next: NewCommit): Promise<void> {
    this.db.transaction(() => this.insertCommit(rid, next))();
  }

  async liveBlobs(): Promise<Set<string>> {
    this.sql("DELETE FROM trees WHERE sha NOT IN (SELECT tree FROM commits)").run();
    return records.blobsOfTrees(
      this.db.prepare("SELECT body FROM trees").iterate() as Iterable<{ body: string }>,
    );
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
