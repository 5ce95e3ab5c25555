// The gateway's tables in PostgreSQL, for replicas on one database: provider keys set from any
// machine reach every replica, and usage from all of them is counted together.
import pg from "pg";
import type { UsageRow } from "../contract/api.js";
import { StoreUnavailableError } from "../store/interface.js";
import { isConnectionError } from "../store/postgres-connection.js";
import {
  HUB_SCOPE,
  scopeOf,
  type GatewayData,
  type KeyScope,
  type StoredKey,
  type SpendRow,
  type StoredLimit,
  type UsageQuery,
  type UsageRecord,
  usageValues,
} from "./store.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS hub_provider_keys (
  scope text NOT NULL, provider text NOT NULL, sealed text NOT NULL, updated_at text NOT NULL,
  PRIMARY KEY (scope, provider));
CREATE TABLE IF NOT EXISTS hub_usage (
  id bigserial PRIMARY KEY, at bigint NOT NULL, "user" text, token_id text, org text, model text NOT NULL,
  provider text, status integer, tokens_in integer NOT NULL, tokens_out integer NOT NULL,
  latency_ms double precision NOT NULL, cost_usd double precision NOT NULL, attempts integer NOT NULL);
CREATE INDEX IF NOT EXISTS hub_usage_at ON hub_usage (at);
CREATE TABLE IF NOT EXISTS hub_limit_rules (
  subject text PRIMARY KEY, rpm bigint, tpm bigint, updated_at text NOT NULL);
ALTER TABLE hub_limit_rules ADD COLUMN IF NOT EXISTS budget_usd double precision;
`;
/** Serialises schema creation between replicas starting at once (an arbitrary, fixed lock key). */
const SCHEMA_LOCK = 7_422_016_037;

export class PostgresGatewayData implements GatewayData {
  readonly kind = "postgres" as const;

  private constructor(private readonly pool: pg.Pool) {}

  static async open(url: string): Promise<PostgresGatewayData> {
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    pool.on("error", () => {});
    const data = new PostgresGatewayData(pool);
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
      await client.query(SCHEMA);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    return data;
  }

  private async query(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
    try {
      return await this.pool.query(sql, params);
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      throw new StoreUnavailableError(`The gateway's database is unavailable (${(error as Error).message})`);
    }
  }

  async setKey(provider: string, scope: KeyScope, sealed: string): Promise<void> {
    await this.query(
      `INSERT INTO hub_provider_keys (scope, provider, sealed, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (scope, provider) DO UPDATE SET sealed = excluded.sealed, updated_at = excluded.updated_at`,
      [scopeOf(scope), provider, sealed, new Date().toISOString()],
    );
  }

  async removeKey(provider: string, scope: KeyScope): Promise<boolean> {
    const result = await this.query("DELETE FROM hub_provider_keys WHERE scope = $1 AND provider = $2", [
      scopeOf(scope),
      provider,
    ]);
    return (result.rowCount ?? 0) > 0;
  }

  async keys(): Promise<StoredKey[]> {
    const { rows } = await this.query(
      "SELECT scope, provider, sealed, updated_at FROM hub_provider_keys ORDER BY scope, provider",
    );
    return (rows as { scope: string; provider: string; sealed: string; updated_at: string }[]).map((row) => ({
      provider: row.provider,
      org: row.scope === HUB_SCOPE ? undefined : row.scope,
      sealed: row.sealed,
      updatedAt: row.updated_at,
    }));
  }

  async keysVersion(): Promise<string> {
    const { rows } = await this.query(
      `SELECT (SELECT count(*) FROM hub_provider_keys)::int + (SELECT count(*) FROM hub_limit_rules)::int AS n,
              greatest((SELECT max(updated_at) FROM hub_provider_keys), (SELECT max(updated_at) FROM hub_limit_rules)) AS at`,
    );
    const row = rows[0] as { n: number; at: string | null };
    return `${row.n}:${row.at ?? ""}`;
  }

  async setLimit(subject: string, rule: StoredLimit | null): Promise<boolean> {
    if (!rule) {
      return (
        ((await this.query("DELETE FROM hub_limit_rules WHERE subject = $1", [subject])).rowCount ?? 0) > 0
      );
    }
    await this.query(
      `INSERT INTO hub_limit_rules (subject, rpm, tpm, budget_usd, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (subject) DO UPDATE SET rpm = excluded.rpm, tpm = excluded.tpm,
         budget_usd = excluded.budget_usd, updated_at = excluded.updated_at`,
      [subject, rule.rpm, rule.tpm, rule.budgetUsd, new Date().toISOString()],
    );
    return true;
  }

  async limits(): Promise<(StoredLimit & { subject: string })[]> {
    const { rows } = await this.query(
      'SELECT subject, rpm::float8 AS rpm, tpm::float8 AS tpm, budget_usd AS "budgetUsd" FROM hub_limit_rules ORDER BY subject',
    );
    return rows as (StoredLimit & { subject: string })[];
  }

  async addUsage(records: readonly UsageRecord[]): Promise<void> {
    const USAGE_COLUMNS = 12;
    if (records.length === 0) return;
    const values: unknown[] = [];
    const tuples = records.map((r, index) => {
      values.push(...usageValues(r));
      const at = index * USAGE_COLUMNS;
      return `(${Array.from({ length: USAGE_COLUMNS }, (_, i) => `$${at + i + 1}`).join(", ")})`;
    });
    await this.query(
      `INSERT INTO hub_usage (at, "user", token_id, org, model, provider, status, tokens_in, tokens_out, latency_ms, cost_usd, attempts)
       VALUES ${tuples.join(", ")}`,
      values,
    );
  }

  async spendSince(since: number): Promise<SpendRow[]> {
    const { rows } = await this.query(
      `SELECT token_id AS "tokenId", org, sum(cost_usd)::float8 AS "costUsd" FROM hub_usage WHERE at >= $1
       GROUP BY token_id, org`,
      [since],
    );
    return rows as SpendRow[];
  }

  async usage(query: UsageQuery): Promise<UsageRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace("?", `$${params.length}`));
    };
    if (query.since !== undefined) add("at >= ?", query.since);
    if (query.until !== undefined) add("at < ?", query.until);
    if (query.user !== undefined) add('lower("user") = lower(?)', query.user);
    if (query.org !== undefined) add("lower(org) = lower(?)", query.org);
    const { rows } = await this.query(
      `SELECT to_char(to_timestamp(at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, "user", token_id AS "tokenId",
              org, model, provider, count(*)::int AS calls,
              sum(CASE WHEN status IS NULL OR status >= 400 THEN 1 ELSE 0 END)::int AS errors,
              sum(tokens_in)::float8 AS "tokensIn", sum(tokens_out)::float8 AS "tokensOut",
              sum(cost_usd)::float8 AS "costUsd", avg(latency_ms)::float8 AS "latencyMs"
       FROM hub_usage ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       GROUP BY 1, "user", token_id, org, model, provider ORDER BY 1, "user", org, model, provider`,
      params,
    );
    return rows as UsageRow[];
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
