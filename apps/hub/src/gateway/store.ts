// What the gateway keeps: provider keys (sealed, see secrets.ts) per provider for the whole hub or
// per organisation, and one usage row per routed call. An embedded SQLite file next to the hub's
// other data (<data dir>/gateway.sqlite, WAL mode), or with HUBKIT_DATABASE_URL the same tables in
// PostgreSQL (postgres-store.ts) so replicas share them; every write is one statement or transaction.
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { UsageRow } from "../contract/api.js";

export type { UsageRow } from "../contract/api.js";

/** Where a provider key applies: the whole hub, or calls billed to one organisation. */
export type KeyScope = { org?: string };

/** Requests and tokens per minute for one subject; null: none. */
export interface StoredLimit {
  rpm: number | null;
  tpm: number | null;
  /** USD per calendar month */
  budgetUsd: number | null;
}

/** What one token (and org) spent since a moment. */
export interface SpendRow {
  tokenId: string | null;
  org: string | null;
  costUsd: number;
}

export interface StoredKey {
  provider: string;
  /** the organisation, lower-cased; undefined for the hub's own key */
  org?: string;
  sealed: string;
  updatedAt: string;
}

/** One call through the gateway, as recorded. */
export interface UsageRecord {
  /** ms since the epoch */
  at: number;
  user?: string;
  tokenId?: string;
  org?: string;
  model: string;
  provider?: string;
  status?: number;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
  costUsd: number;
  attempts: number;
}

/** A record's values in the usage table's column order (at, user, token_id, org, model, provider,
 * status, tokens_in, tokens_out, latency_ms, cost_usd, attempts), for both stores. */
export function usageValues(r: UsageRecord): unknown[] {
  return [
    r.at,
    r.user ?? null,
    r.tokenId ?? null,
    r.org ?? null,
    r.model,
    r.provider ?? null,
    r.status ?? null,
    r.tokensIn,
    r.tokensOut,
    r.latencyMs,
    r.costUsd,
    r.attempts,
  ];
}

export interface UsageQuery {
  since?: number;
  until?: number;
  user?: string;
  org?: string;
}

/** The gateway's storage, SQLite or PostgreSQL. */
export interface GatewayData {
  readonly kind: "sqlite" | "postgres";
  setKey(provider: string, scope: KeyScope, sealed: string): Promise<void>;
  removeKey(provider: string, scope: KeyScope): Promise<boolean>;
  keys(): Promise<StoredKey[]>;
  /** a cheap change marker for the keys and limit rules (another process may set them) */
  keysVersion(): Promise<string>;
  /** sets (or, with null, removes) the rate limits of one subject: `token:<id>` or `org:<name>` */
  setLimit(subject: string, rule: StoredLimit | null): Promise<boolean>;
  limits(): Promise<(StoredLimit & { subject: string })[]>;
  addUsage(records: readonly UsageRecord[]): Promise<void>;
  /** the cost of the calls since `since` (ms), per token and org */
  spendSince(since: number): Promise<SpendRow[]>;
  /** calls grouped by day (UTC), user, token, org, model and provider */
  usage(query: UsageQuery): Promise<UsageRow[]>;
  close(): Promise<void>;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS provider_keys (
  scope TEXT NOT NULL, provider TEXT NOT NULL, sealed TEXT NOT NULL, updated_at TEXT NOT NULL,
  PRIMARY KEY (scope, provider));
CREATE TABLE IF NOT EXISTS usage (
  id INTEGER PRIMARY KEY, at INTEGER NOT NULL, user TEXT, token_id TEXT, org TEXT, model TEXT NOT NULL,
  provider TEXT, status INTEGER, tokens_in INTEGER NOT NULL, tokens_out INTEGER NOT NULL,
  latency_ms REAL NOT NULL, cost_usd REAL NOT NULL, attempts INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS usage_at ON usage (at);
CREATE TABLE IF NOT EXISTS limit_rules (
  subject TEXT PRIMARY KEY, rpm INTEGER, tpm INTEGER, updated_at TEXT NOT NULL);
`;
/** Columns added after the first release, for files made before them. */
const ADDED_COLUMNS = [["limit_rules", "budget_usd", "REAL"]] as const;
/** The hub's own keys are stored under this scope (org names cannot start with a colon). */
export const HUB_SCOPE = ":hub";

export class SqliteGatewayData implements GatewayData {
  readonly kind = "sqlite" as const;
  private readonly db: Database.Database;
  private readonly insertUsage: Database.Statement;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(path.join(dataDir, "gateway.sqlite"));
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(SCHEMA);
    for (const [table, column, type] of ADDED_COLUMNS) {
      const columns = this.db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
      if (!columns.some((c) => c.name === column))
        this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
    }
    this.insertUsage = this.db.prepare(
      `INSERT INTO usage (at, user, token_id, org, model, provider, status, tokens_in, tokens_out, latency_ms, cost_usd, attempts)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  async setKey(provider: string, scope: KeyScope, sealed: string): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO provider_keys (scope, provider, sealed, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (scope, provider) DO UPDATE SET sealed = excluded.sealed, updated_at = excluded.updated_at`,
      )
      .run(scopeOf(scope), provider, sealed, new Date().toISOString());
  }

  async removeKey(provider: string, scope: KeyScope): Promise<boolean> {
    return (
      this.db
        .prepare("DELETE FROM provider_keys WHERE scope = ? AND provider = ?")
        .run(scopeOf(scope), provider).changes > 0
    );
  }

  async keys(): Promise<StoredKey[]> {
    const rows = this.db
      .prepare("SELECT scope, provider, sealed, updated_at FROM provider_keys ORDER BY scope, provider")
      .all() as { scope: string; provider: string; sealed: string; updated_at: string }[];
    return rows.map((row) => ({
      provider: row.provider,
      org: row.scope === HUB_SCOPE ? undefined : row.scope,
      sealed: row.sealed,
      updatedAt: row.updated_at,
    }));
  }

  async keysVersion(): Promise<string> {
    const row = this.db
      .prepare(
        `SELECT (SELECT count(*) FROM provider_keys) + (SELECT count(*) FROM limit_rules) AS n,
                max(coalesce((SELECT max(updated_at) FROM provider_keys), ''),
                    coalesce((SELECT max(updated_at) FROM limit_rules), '')) AS at`,
      )
      .get() as {
      n: number;
      at: string | null;
    };
    return `${row.n}:${row.at ?? ""}`;
  }

  async setLimit(subject: string, rule: StoredLimit | null): Promise<boolean> {
    if (!rule) return this.db.prepare("DELETE FROM limit_rules WHERE subject = ?").run(subject).changes > 0;
    this.db
      .prepare(
        `INSERT INTO limit_rules (subject, rpm, tpm, budget_usd, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (subject) DO UPDATE SET rpm = excluded.rpm, tpm = excluded.tpm,
           budget_usd = excluded.budget_usd, updated_at = excluded.updated_at`,
      )
      .run(subject, rule.rpm, rule.tpm, rule.budgetUsd, new Date().toISOString());
    return true;
  }

  async limits(): Promise<(StoredLimit & { subject: string })[]> {
    return this.db
      .prepare("SELECT subject, rpm, tpm, budget_usd AS budgetUsd FROM limit_rules ORDER BY subject")
      .all() as (StoredLimit & {
      subject: string;
    })[];
  }

  async addUsage(records: readonly UsageRecord[]): Promise<void> {
    if (records.length === 0) return;
    const write = this.db.transaction((rows: readonly UsageRecord[]) => {
      for (const r of rows) this.insertUsage.run(...usageValues(r));
    });
    write(records);
  }

  async spendSince(since: number): Promise<SpendRow[]> {
    return this.db
      .prepare(
        `SELECT token_id AS tokenId, org, sum(cost_usd) AS costUsd FROM usage WHERE at >= ? GROUP BY token_id, org`,
      )
      .all(since) as SpendRow[];
  }

  async usage(query: UsageQuery): Promise<UsageRow[]> {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (query.since !== undefined) {
      where.push("at >= ?");
      params.push(query.since);
    }
    if (query.until !== undefined) {
      where.push("at < ?");
      params.push(query.until);
    }
    if (query.user !== undefined) {
      where.push("user = ? COLLATE NOCASE");
      params.push(query.user);
    }
    if (query.org !== undefined) {
      where.push("org = ? COLLATE NOCASE");
      params.push(query.org);
    }
    const rows = this.db
      .prepare(
        `SELECT strftime('%Y-%m-%d', at / 1000, 'unixepoch') AS day, user, token_id AS tokenId, org, model, provider,
                count(*) AS calls, sum(CASE WHEN status IS NULL OR status >= 400 THEN 1 ELSE 0 END) AS errors,
                sum(tokens_in) AS tokensIn, sum(tokens_out) AS tokensOut, sum(cost_usd) AS costUsd,
                avg(latency_ms) AS latencyMs
         FROM usage ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
         GROUP BY day, user, token_id, org, model, provider ORDER BY day, user, org, model, provider`,
      )
      .all(...params) as UsageRow[];
    return rows;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

export function scopeOf(scope: KeyScope): string {
  return scope.org ? scope.org.toLowerCase() : HUB_SCOPE;
}
