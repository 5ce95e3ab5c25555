// The catalogue table's bulk paths, shared by imports and the derived-values refresh: rows upserted
// from a staged table, or a new table (models_next) built unindexed, its indexes built once (on two
// connections when the pool allows) and swapped in place of models with every index and constraint.
import type pg from "pg";

export type Run = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

export const MODEL_COLUMNS =
  "id, pipeline_tag, library_name, downloads, likes, created_at, last_modified, mapped, tags, doc, trending";
const FINAL_COLUMNS = MODEL_COLUMNS.split(", ")
  .map((column) => `f.${column}`)
  .join(", ");
/** The import's records, one per id: the table and the column giving each id's first appearance. */
export interface ImportSource {
  table: string;
  firstOrd: string;
}

/** New ids get rowids after the current largest, in order of first appearance (as SQLite assigns them). */
export const newRows = (source: ImportSource) =>
  `SELECT (SELECT coalesce(max(rowid), 0) FROM models) + row_number() OVER (ORDER BY f.${source.firstOrd}),
  ${FINAL_COLUMNS} FROM ${source.table} f WHERE NOT EXISTS (SELECT 1 FROM models m WHERE m.id = f.id)`;

/**
 * Creates models_next, empty, with the columns of models. The document column gets no planner
 * statistics: no statement filters, sorts or groups by it (the plans of the store's statements are the
 * same without them, checked on 1M models), and they were a sixth of ANALYZE's time.
 */
export async function createNextTable(run: Run): Promise<void> {
  await run("CREATE TABLE models_next (LIKE models INCLUDING DEFAULTS)");
  await run("ALTER TABLE models_next ALTER COLUMN doc SET STATISTICS 0");
}

/**
 * Imports this large (against the catalogue's size) build a new table and swap it in: loading rows
 * into an unindexed table and building each index once is about ten times faster than maintaining
 * nine indexes row by row.
 */
export function rebuildThreshold(existingRows: number, minRows = 20_000): number {
  return Math.max(minRows, Math.floor(existingRows / 4));
}

/** Small imports: update the ids that exist, insert the others. Returns the number inserted. */
export async function upsertModels(run: Run, source: ImportSource): Promise<number> {
  await run(`UPDATE models m SET pipeline_tag = f.pipeline_tag, library_name = f.library_name,
      downloads = f.downloads, likes = f.likes, created_at = f.created_at,
      last_modified = f.last_modified, mapped = f.mapped, tags = f.tags, doc = f.doc,
      trending = f.trending
    FROM ${source.table} f WHERE m.id = f.id`);
  const inserted = await run(`INSERT INTO models (rowid, ${MODEL_COLUMNS}) ${newRows(source)}`);
  return inserted.rowCount ?? 0;
}

/**
 * Large imports: models_next gets the unchanged rows, the updated rows (keeping their rowids) and the
 * new ones; then every index and constraint of models is built on it (from the catalogue's own
 * definitions, so later migrations are followed), and the tables are swapped, all in the import's
 * transaction. Readers keep reading the old table until COMMIT (the swap's exclusive lock is held
 * only from the rename to the commit). Returns the number inserted.
 */
export async function rebuildModels(run: Run, source: ImportSource): Promise<number> {
  await createNextTable(run);
  await run(`INSERT INTO models_next (rowid, ${MODEL_COLUMNS})
    SELECT m.rowid, ${MODEL_COLUMNS.split(", ")
      .map((column) => `m.${column}`)
      .join(", ")} FROM models m
    WHERE NOT EXISTS (SELECT 1 FROM ${source.table} f WHERE f.id = m.id)`);
  await run(`INSERT INTO models_next (rowid, ${MODEL_COLUMNS})
    SELECT m.rowid, ${FINAL_COLUMNS} FROM models m JOIN ${source.table} f ON f.id = m.id`);
  const inserted = await run(`INSERT INTO models_next (rowid, ${MODEL_COLUMNS}) ${newRows(source)}`);
  await swapInNext(run);
  return inserted.rowCount ?? 0;
}

export interface ModelIndex {
  name: string;
  definition: string;
  constraint_name: string | null;
  constraint_type: "p" | "u" | null;
  constraint_definition: string | null;
}

/** The indexes (and the constraints they back) of models, from the catalogue's own definitions. */
export async function modelIndexes(run: Run): Promise<ModelIndex[]> {
  const { rows } = await run(`SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition,
      c.conname AS constraint_name, c.contype AS constraint_type,
      pg_get_constraintdef(c.oid) AS constraint_definition
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
    LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = x.indrelid
    WHERE x.indrelid = 'models'::regclass ORDER BY i.relname`);
  return rows as ModelIndex[];
}

/** The statement that builds an index of models, named <name>_next, on models_next. */
export function nextIndexSql(index: ModelIndex): string {
  const match = /^(CREATE (?:UNIQUE )?INDEX )(\S+)( ON (?:ONLY )?)((?:\S+\.)?)models( USING .*)$/.exec(
    index.definition,
  );
  if (!match)
    throw new Error(`cannot rebuild index ${index.name}: unexpected definition ${index.definition}`);
  return `${match[1]}${index.name}_next${match[3]}${match[4]}models_next${match[5]}`;
}

/**
 * Puts models_next in the place of models, in the caller's transaction, with every index and
 * constraint of models (so later migrations are followed): built here, or, when `built` lists them,
 * already built by buildNextIndexes (constraints then adopt their index).
 */
export async function swapInNext(run: Run, built?: ModelIndex[]): Promise<void> {
  const indexes = built ?? (await modelIndexes(run));
  if (!built) await run("SET LOCAL maintenance_work_mem = '256MB'");
  for (const index of indexes) {
    if (index.constraint_name && index.constraint_definition) {
      if (built && (index.constraint_type === "p" || index.constraint_type === "u")) {
        const kind = index.constraint_type === "p" ? "PRIMARY KEY" : "UNIQUE";
        await run(
          `ALTER TABLE models_next ADD CONSTRAINT ${index.constraint_name}_next ${kind} USING INDEX ${index.name}_next`,
        );
      } else if (!built) {
        await run(
          `ALTER TABLE models_next ADD CONSTRAINT ${index.constraint_name}_next ${index.constraint_definition}`,
        );
      } else {
        throw new Error(`cannot adopt index ${index.name} for constraint ${index.constraint_name}`);
      }
      continue;
    }
    if (!built) await run(nextIndexSql(index));
  }
  await run("DROP TABLE models");
  await run("ALTER TABLE models_next RENAME TO models");
  for (const index of indexes) {
    // Renaming a constraint's index renames the constraint too.
    await run(`ALTER INDEX ${index.name}_next RENAME TO ${index.name}`);
  }
}

/**
 * Builds models_next's indexes (committed, see beginImport) on the import's own connection and, when
 * the pool has one to spare, a second one at once, the largest (GIN) first. PostgreSQL builds each
 * index on one core (GIN builds are never parallel before version 18), so this divides their wall
 * time on a server with cores to spare. Without a spare connection (pool of one, or all busy) the
 * import's connection builds them all. Then the planner's statistics are gathered (ANALYZE): they
 * move with the table, so every replica plans with them from the commit on, and no ANALYZE follows
 * the commit.
 */
export async function buildNextIndexes(
  indexes: ModelIndex[],
  own: pg.PoolClient,
  pool: pg.Pool,
  poolSize: number,
  translate: (error: unknown) => unknown,
): Promise<void> {
  const queue = [...indexes].sort(
    (a, b) => Number(/ USING gin /i.test(b.definition)) - Number(/ USING gin /i.test(a.definition)),
  );
  const drain = async (client: pg.PoolClient) => {
    await client.query("SET maintenance_work_mem = '256MB'");
    try {
      for (let index = queue.shift(); index; index = queue.shift()) await client.query(nextIndexSql(index));
    } catch (error) {
      queue.length = 0;
      throw translate(error);
    }
    await client.query("RESET maintenance_work_mem");
  };
  const helper = async () => {
    if (poolSize < 2) return;
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch {
      return;
    }
    let failure: Error | undefined;
    try {
      await drain(client);
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      client.release(failure);
    }
  };
  const results = await Promise.allSettled([drain(own), helper()]);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
  // After every build: ANALYZE also gathers the statistics of indexes on expressions (lower(id)),
  // and its lock conflicts with CREATE INDEX's, so it could not run beside a build anyway.
  try {
    await own.query("ANALYZE models_next");
  } catch (error) {
    throw translate(error);
  }
}
