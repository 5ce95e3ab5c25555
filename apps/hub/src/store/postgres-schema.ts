// The catalogue's PostgreSQL schema: versioned migrations applied once by whichever replica takes the
// migration lock, the advisory locks, and the refresh of derived values when their definition changed.
import type pg from "pg";
import { DERIVED_VERSION, filterTags, trendingOf } from "../catalogue/derived.js";
import type { HubModel } from "../catalogue/model-record.js";
import { arrayLiteral } from "./postgres-connection.js";
import { createNextTable, MODEL_COLUMNS, swapInNext, type Run } from "./postgres-tables.js";

/** Advisory lock keys (class, id): one migrator at a time, one import at a time. */
export const LOCK_CLASS = 0x6875_6200;
export const MIGRATION_LOCK = 1;
export const IMPORT_LOCK = 2;

interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Versioned schema changes, applied in order at start (append only: never edit an applied one). */
export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "catalogue",
    sql: `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE TABLE hubkit_meta (key text PRIMARY KEY, value text NOT NULL);
INSERT INTO hubkit_meta (key, value) VALUES ('catalogue_version', '0');
CREATE TABLE models (
  rowid bigint PRIMARY KEY,
  id text COLLATE "C" NOT NULL UNIQUE,
  pipeline_tag text COLLATE "C",
  library_name text COLLATE "C",
  downloads bigint NOT NULL,
  likes bigint NOT NULL,
  created_at bigint NOT NULL,
  last_modified bigint NOT NULL,
  mapped boolean NOT NULL,
  tags text[] COLLATE "C" NOT NULL,
  doc text NOT NULL
);
CREATE INDEX models_order_downloads ON models (downloads, rowid) INCLUDE (id);
CREATE INDEX models_order_likes ON models (likes, rowid) INCLUDE (id);
CREATE INDEX models_order_created ON models (created_at, rowid) INCLUDE (id);
CREATE INDEX models_order_modified ON models (last_modified, rowid) INCLUDE (id);
CREATE INDEX models_pipeline ON models (pipeline_tag, downloads);
CREATE INDEX models_library ON models (library_name, downloads);
CREATE INDEX models_tags ON models USING gin (tags);
CREATE INDEX models_id_trgm ON models USING gin (lower(id) gin_trgm_ops);
CREATE INDEX models_mapped ON models (rowid) WHERE mapped;
`,
  },
  {
    version: 2,
    name: "trending",
    // Filled in by refreshDerived (derived.ts computes the score) right after the migrations.
    sql: `
ALTER TABLE models ADD COLUMN trending bigint NOT NULL DEFAULT 0;
CREATE INDEX models_order_trending ON models (trending, rowid) INCLUDE (id);
`,
  },
];

/**
 * Recomputes every row's derived tags and trending score (derived.ts) when the catalogue was indexed
 * by an older DERIVED_VERSION: one transaction under the import lock, so replicas starting together
 * do it once and readers see the catalogue before or after. Set-based: the documents are read in
 * pages, their derived values inserted a page per statement into a temporary table, and the table
 * rebuilt from it with its indexes built once (as a large import does), rather than
 * updating a million rows through nine indexes.
 */
export async function refreshDerived(pool: pg.Pool): Promise<void> {
  const current = String(DERIVED_VERSION);
  const done = async (client: pg.PoolClient | pg.Pool) =>
    (await client.query<{ value: string }>("SELECT value FROM hubkit_meta WHERE key = 'derived_version'"))
      .rows[0]?.value === current;
  if (await done(pool)) return;
  const client = await pool.connect();
  const run: Run = (text, values) => client.query(text, values);
  let rebuilt = false;
  let failure: Error | undefined;
  try {
    await run("BEGIN");
    await run("SELECT pg_advisory_xact_lock($1, $2)", [LOCK_CLASS, IMPORT_LOCK]);
    if (!(await done(client))) {
      await run("DROP TABLE IF EXISTS models_next"); // left by an import killed before its swap
      await run(`CREATE TEMPORARY TABLE hubkit_derived (
        rowid bigint NOT NULL, tags text[] COLLATE "C" NOT NULL, trending bigint NOT NULL) ON COMMIT DROP`);
      // In pages by rowid on this connection (a pool of one must do): memory stays bounded, and each
      // page's values go into the temporary table in one statement.
      let rows = 0;
      for (let after = 0; ;) {
        const page = (
          await run(
            "SELECT rowid, downloads, likes, created_at, doc FROM models WHERE rowid > $1 ORDER BY rowid LIMIT 5000",
            [after],
          )
        ).rows as { rowid: number; downloads: number; likes: number; created_at: number; doc: string }[];
        if (page.length === 0) break;
        rows += page.length;
        after = page[page.length - 1].rowid;
        await run(
          `INSERT INTO hubkit_derived
           SELECT u.rowid, u.tags::text[], u.trending FROM unnest($1::bigint[], $2::text[], $3::bigint[])
             AS u(rowid, tags, trending)`,
          [
            page.map((row) => row.rowid),
            page.map((row) => arrayLiteral(filterTags(JSON.parse(row.doc) as HubModel))),
            page.map((row) => trendingOf(row.downloads, row.likes, row.created_at)),
          ],
        );
      }
      // A new database has nothing to rebuild.
      if (rows > 0) {
        await createNextTable(run);
        await run(`INSERT INTO models_next (rowid, ${MODEL_COLUMNS})
          SELECT m.rowid, ${MODEL_COLUMNS.split(", ")
            .map((column) =>
              column === "tags" || column === "trending"
                ? `coalesce(d.${column}, m.${column})`
                : `m.${column}`,
            )
            .join(", ")}
          FROM models m LEFT JOIN hubkit_derived d ON d.rowid = m.rowid`);
        await swapInNext(run);
        rebuilt = true;
      }
      await run(
        `INSERT INTO hubkit_meta (key, value) VALUES ('derived_version', $1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [current],
      );
      await run("UPDATE hubkit_meta SET value = (value::bigint + 1)::text WHERE key = 'catalogue_version'");
    }
    await run("COMMIT");
  } catch (error) {
    failure = error as Error;
    await run("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release(failure);
  }
  // As after a large import: statistics, and a visibility map for index-only scans of the new table.
  if (rebuilt) await pool.query("VACUUM (ANALYZE) models");
}

export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // Replicas starting together: the first takes the lock and migrates, the others wait, then find
    // nothing left to do.
    await client.query("SELECT pg_advisory_lock($1, $2)", [LOCK_CLASS, MIGRATION_LOCK]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS hubkit_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      const { rows } = await client.query<{ version: number }>("SELECT version FROM hubkit_migrations");
      const applied = new Set(rows.map((row) => row.version));
      const newest = Math.max(0, ...applied);
      const known = MIGRATIONS[MIGRATIONS.length - 1].version;
      if (newest > known) {
        throw new Error(
          `the database schema is at version ${newest}, newer than this hub knows (${known}): upgrade this hub`,
        );
      }
      for (const migration of MIGRATIONS) {
        if (applied.has(migration.version)) continue;
        await client.query("BEGIN");
        try {
          await client.query(migration.sql);
          await client.query("INSERT INTO hubkit_migrations (version, name) VALUES ($1, $2)", [
            migration.version,
            migration.name,
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw new Error(
            `migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`,
          );
        }
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock($1, $2)", [LOCK_CLASS, MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
