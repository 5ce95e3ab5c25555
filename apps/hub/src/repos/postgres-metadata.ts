// Repository metadata in PostgreSQL, so that hub replicas on one database agree on accounts, repos,
// commits and refs. A commit moves its branch with a compare-and-set inside the transaction that
// stores it, so two replicas committing at once never lose one another's work.
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { CommitOutcome, NewCommit, RepoMetadata } from "./metadata.js";
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
// Row types and their mapping to records, shared with the other store.
import * as records from "./metadata-rows.js";
import { StoreUnavailableError } from "../store/interface.js";
import { isConnectionError } from "../store/postgres-connection.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS hub_settings (key text PRIMARY KEY, value bytea NOT NULL);
CREATE TABLE IF NOT EXISTS hub_accounts (
  name text PRIMARY KEY, lname text NOT NULL UNIQUE, fullname text NOT NULL, is_org boolean NOT NULL, created_at text NOT NULL);
CREATE TABLE IF NOT EXISTS hub_members (org text NOT NULL, "user" text NOT NULL, role text NOT NULL, PRIMARY KEY (org, "user"));
CREATE TABLE IF NOT EXISTS hub_tokens (
  id text PRIMARY KEY, "user" text NOT NULL, role text NOT NULL, display_name text NOT NULL,
  created_at text NOT NULL, hash text NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS hub_repos (
  rid bigserial PRIMARY KEY, type text NOT NULL, id text NOT NULL, lid text NOT NULL, private boolean NOT NULL,
  gated text, created_at text NOT NULL, last_modified text NOT NULL, UNIQUE (type, lid));
CREATE TABLE IF NOT EXISTS hub_commits (
  rid bigint NOT NULL, id text NOT NULL, parent text, tree text NOT NULL, author text NOT NULL,
  title text NOT NULL, message text NOT NULL, date text NOT NULL, PRIMARY KEY (rid, id));
CREATE TABLE IF NOT EXISTS hub_refs (
  rid bigint NOT NULL, kind text NOT NULL, name text NOT NULL, commit_id text NOT NULL, PRIMARY KEY (rid, kind, name));
CREATE TABLE IF NOT EXISTS hub_trees (sha text PRIMARY KEY, body text NOT NULL);
`;
/** Serialises schema creation between replicas starting at once (an arbitrary, fixed lock key). */
const SCHEMA_LOCK = 7_422_016_031;

type Row = Record<string, unknown>;

function unavailable(error: unknown): unknown {
  if (error instanceof StoreUnavailableError || !isConnectionError(error)) return error;
  return new StoreUnavailableError(
    `The repository database is unavailable (${(error as Error).message}); try again shortly`,
  );
}

export class PostgresRepoMetadata implements RepoMetadata {
  readonly kind = "postgres" as const;

  private constructor(private readonly pool: pg.Pool) {}

  static async open(url: string, poolSize = 5): Promise<PostgresRepoMetadata> {
    const pool = new pg.Pool({ connectionString: url, max: poolSize });
    // An idle client whose server went away reports here; the next query reconnects.
    pool.on("error", () => {});
    const store = new PostgresRepoMetadata(pool);
    await store.transaction(async (client) => {
      await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
      await client.query(SCHEMA);
    });
    return store;
  }

  /** Runs a statement; a database that cannot be reached becomes a StoreUnavailableError (503). */
  private async query(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
    try {
      return await this.pool.query(sql, params);
    } catch (error) {
      throw unavailable(error);
    }
  }

  private async rows<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.query(sql, params)).rows as T[];
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw unavailable(error);
    }
    client.on("error", () => {});
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw unavailable(error);
    } finally {
      client.release();
    }
  }

  async signingKey(): Promise<Buffer> {
    await this.query(
      "INSERT INTO hub_settings (key, value) VALUES ('signing-key', $1) ON CONFLICT DO NOTHING",
      [randomBytes(32)],
    );
    return (await this.rows<{ value: Buffer }>("SELECT value FROM hub_settings WHERE key = 'signing-key'"))[0]
      .value;
  }

  async ensureAccount(name: string, isOrg: boolean): Promise<Account> {
    await this.query(
      "INSERT INTO hub_accounts (name, lname, fullname, is_org, created_at) VALUES ($1, lower($1), $1, $2, $3) ON CONFLICT DO NOTHING",
      [name, isOrg, new Date().toISOString()],
    );
    return (await this.getAccount(name))!;
  }

  async getAccount(name: string): Promise<Account | undefined> {
    const [row] = await this.rows<records.AccountRow>("SELECT * FROM hub_accounts WHERE lname = lower($1)", [
      name,
    ]);
    return row && records.toAccount(row);
  }

  async setMember(org: string, user: string, role: OrgRole): Promise<void> {
    await this.query(
      `INSERT INTO hub_members (org, "user", role) VALUES (lower($1), lower($2), $3) ON CONFLICT (org, "user") DO UPDATE SET role = excluded.role`,
      [org, user, role],
    );
  }

  async memberships(user: string): Promise<{ org: string; role: OrgRole }[]> {
    return (
      await this.rows<{ org: string; role: OrgRole }>(
        `SELECT a.name AS org, m.role FROM hub_members m JOIN hub_accounts a ON a.lname = m.org WHERE m."user" = lower($1) ORDER BY a.name`,
        [user],
      )
    ).map((row) => ({ org: row.org, role: row.role }));
  }

  async listAccounts(isOrg: boolean): Promise<Account[]> {
    return (
      await this.rows<records.AccountRow>("SELECT * FROM hub_accounts WHERE is_org = $1 ORDER BY name", [
        isOrg,
      ])
    ).map(records.toAccount);
  }

  async members(org: string): Promise<{ user: string; role: OrgRole }[]> {
    return (
      await this.rows<{ user: string; role: OrgRole }>(
        `SELECT a.name AS "user", m.role FROM hub_members m JOIN hub_accounts a ON a.lname = m."user" WHERE m.org = lower($1) ORDER BY a.name`,
        [org],
      )
    ).map((row) => ({ user: row.user, role: row.role }));
  }

  async removeMember(org: string, user: string): Promise<boolean> {
    const result = await this.query(`DELETE FROM hub_members WHERE org = lower($1) AND "user" = lower($2)`, [
      org,
      user,
    ]);
    return (result.rowCount ?? 0) > 0;
  }

  async addToken(token: TokenRecord): Promise<void> {
    await this.query(
      `INSERT INTO hub_tokens (id, "user", role, display_name, created_at, hash) VALUES ($1, $2, $3, $4, $5, $6)`,
      [token.id, token.user, token.role, token.displayName, token.createdAt, token.hash],
    );
  }

  async tokenByHash(hash: string): Promise<TokenRecord | undefined> {
    const [row] = await this.rows<records.TokenRow>("SELECT * FROM hub_tokens WHERE hash = $1", [hash]);
    return row && records.toToken(row);
  }

  async listTokens(user: string): Promise<TokenRecord[]> {
    return (
      await this.rows<records.TokenRow>(`SELECT * FROM hub_tokens WHERE "user" = $1 ORDER BY created_at`, [
        user,
      ])
    ).map(records.toToken);
  }

  async revokeToken(id: string): Promise<boolean> {
    return ((await this.query("DELETE FROM hub_tokens WHERE id = $1", [id])).rowCount ?? 0) > 0;
  }

  async createRepo(repo: Omit<RepoRecord, "rid">, first: NewCommit): Promise<RepoRecord | undefined> {
    return this.transaction(async (client) => {
      const inserted = await client.query(
        `INSERT INTO hub_repos (type, id, lid, private, gated, created_at, last_modified) VALUES ($1, $2, lower($2), $3, $4, $5, $6)
         ON CONFLICT DO NOTHING RETURNING rid`,
        [repo.type, repo.id, repo.private, repo.gated || null, repo.createdAt, repo.lastModified],
      );
      if (inserted.rowCount === 0) return undefined;
      const rid = Number(inserted.rows[0].rid);
      await this.insertCommit(client, rid, first);
      await client.query(
        "INSERT INTO hub_refs (rid, kind, name, commit_id) VALUES ($1, 'branch', 'main', $2)",
        [rid, first.commit.id],
      );
      return { ...repo, rid };
    });
  }

  private async insertCommit(client: pg.PoolClient, rid: number, next: NewCommit): Promise<void> {
    await client.query("INSERT INTO hub_trees (sha, body) VALUES ($1, $2) ON CONFLICT DO NOTHING", [
      next.commit.tree,
      JSON.stringify(next.tree),
    ]);
    const c = next.commit;
    await client.query(
      "INSERT INTO hub_commits (rid, id, parent, tree, author, title, message, date) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING",
      [rid, c.id, c.parent, c.tree, c.author, c.title, c.message, c.date],
    );
  }

  async getRepo(type: RepoType, id: string): Promise<RepoRecord | undefined> {
    const [row] = await this.rows<records.RepoRow>(
      "SELECT * FROM hub_repos WHERE type = $1 AND lid = lower($2)",
      [type, id],
    );
    return row && records.toRepo(row);
  }

  async listRepos(type: RepoType): Promise<RepoRecord[]> {
    return (
      await this.rows<records.RepoRow>("SELECT * FROM hub_repos WHERE type = $1 ORDER BY lid", [type])
    ).map(records.toRepo);
  }

  async deleteRepo(type: RepoType, id: string): Promise<boolean> {
    return this.transaction(async (client) => {
      const found = await client.query(
        "DELETE FROM hub_repos WHERE type = $1 AND lid = lower($2) RETURNING rid",
        [type, id],
      );
      if (found.rowCount === 0) return false;
      const rid = found.rows[0].rid as string;
      await client.query("DELETE FROM hub_refs WHERE rid = $1", [rid]);
      await client.query("DELETE FROM hub_commits WHERE rid = $1", [rid]);
      return true;
    });
  }

  async moveRepo(type: RepoType, from: string, to: string): Promise<boolean> {
    try {
      const result = await this.query(
        "UPDATE hub_repos SET id = $3, lid = lower($3) WHERE type = $1 AND lid = lower($2)",
        [type, from, to],
      );
      return (result.rowCount ?? 0) > 0;
    } catch (error) {
      if ((error as { code?: string }).code === "23505") return false;
      throw error;
    }
  }

  async updateRepo(rid: number, changes: { private?: boolean; gated?: RepoRecord["gated"] }): Promise<void> {
    if (changes.private !== undefined)
      await this.query("UPDATE hub_repos SET private = $2 WHERE rid = $1", [rid, changes.private]);
    if (changes.gated !== undefined)
      await this.query("UPDATE hub_repos SET gated = $2 WHERE rid = $1", [rid, changes.gated || null]);
  }

  async refs(rid: number): Promise<RefRecord[]> {
    return (
      await this.rows<records.RefRow>(
        "SELECT kind, name, commit_id FROM hub_refs WHERE rid = $1 ORDER BY kind, name",
        [rid],
      )
    ).map(records.toRef);
  }

  async getRef(rid: number, kind: RefKind, name: string): Promise<RefRecord | undefined> {
    const [row] = await this.rows<{ commit_id: string }>(
      "SELECT commit_id FROM hub_refs WHERE rid = $1 AND kind = $2 AND name = $3",
      [rid, kind, name],
    );
    return row && { kind, name, commit: row.commit_id };
  }

  async setRef(
    rid: number,
    kind: RefKind,
    name: string,
    expected: string | null,
    commit: string | null,
  ): Promise<boolean> {
    return this.transaction(async (client) => {
      const current = await client.query(
        "SELECT commit_id FROM hub_refs WHERE rid = $1 AND kind = $2 AND name = $3 FOR UPDATE",
        [rid, kind, name],
      );
      const now = (current.rows[0]?.commit_id as string | undefined) ?? null;
      if (now !== expected) return false;
      if (commit === null)
        await client.query("DELETE FROM hub_refs WHERE rid = $1 AND kind = $2 AND name = $3", [
          rid,
          kind,
          name,
        ]);
      else {
        const done = await client.query(
          `INSERT INTO hub_refs (rid, kind, name, commit_id) VALUES ($1, $2, $3, $4)
           ON CONFLICT (rid, kind, name) DO UPDATE SET commit_id = excluded.commit_id WHERE hub_refs.commit_id = $5`,
          [rid, kind, name, commit, expected],
        );
        // Two replicas creating the same ref at once: one insert wins, the other updates nothing.
        if (done.rowCount === 0) return false;
      }
      return true;
    });
  }

  async getCommit(rid: number, id: string): Promise<CommitRecord | undefined> {
    const [row] = await this.rows<records.CommitRow>("SELECT * FROM hub_commits WHERE rid = $1 AND id = $2", [
      rid,
      id,
    ]);
    return row && records.toCommit(row);
  }

  async history(rid: number, head: string, skip: number, limit: number): Promise<CommitRecord[]> {
    const rows = await this.rows<records.CommitRow>(
      `WITH RECURSIVE chain(id, parent, tree, author, title, message, date, n) AS (
         SELECT id, parent, tree, author, title, message, date, 0 FROM hub_commits WHERE rid = $1 AND id = $2
         UNION ALL
         SELECT c.id, c.parent, c.tree, c.author, c.title, c.message, c.date, chain.n + 1
         FROM hub_commits c JOIN chain ON c.rid = $1 AND c.id = chain.parent
         WHERE chain.n < $3::int + $4::int)
       SELECT id, parent, tree, author, title, message, date FROM chain ORDER BY n OFFSET $3 LIMIT $4`,
      [rid, head, skip, limit],
    );
    return rows.map(records.toCommit);
  }

  async getTree(sha: string): Promise<TreeEntry[] | undefined> {
    const [row] = await this.rows<{ body: string }>("SELECT body FROM hub_trees WHERE sha = $1", [sha]);
    return row && (JSON.parse(row.body) as TreeEntry[]);
  }

  async addCommit(
    rid: number,
    branch: string,
    expectedHead: string,
    next: NewCommit,
  ): Promise<CommitOutcome> {
    return this.transaction(async (client): Promise<CommitOutcome> => {
      const repo = await client.query("SELECT rid FROM hub_repos WHERE rid = $1 FOR SHARE", [rid]);
      if (repo.rowCount === 0) return { ok: false, reason: "missing-repo" };
      const head = await client.query(
        "SELECT commit_id FROM hub_refs WHERE rid = $1 AND kind = 'branch' AND name = $2 FOR UPDATE",
        [rid, branch],
      );
      if (head.rowCount === 0) return { ok: false, reason: "missing-branch" };
      if (head.rows[0].commit_id !== expectedHead) return { ok: false, reason: "stale" };
      await this.insertCommit(client, rid, next);
      await client.query(
        "UPDATE hub_refs SET commit_id = $3 WHERE rid = $1 AND kind = 'branch' AND name = $2",
        [rid, branch, next.commit.id],
      );
      await client.query("UPDATE hub_repos SET last_modified = $2 WHERE rid = $1", [rid, next.commit.date]);
      return { ok: true };
    });
  }

  async putCommit(rid: number, next: NewCommit): Promise<void> {
    await this.transaction((client) => this.insertCommit(client, rid, next));
  }

  async liveBlobs(): Promise<Set<string>> {
    await this.query(
      "DELETE FROM hub_trees t WHERE NOT EXISTS (SELECT 1 FROM hub_commits c WHERE c.tree = t.sha)",
    );
    return records.blobsOfTrees(await this.rows<{ body: string }>("SELECT body FROM hub_trees"));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
