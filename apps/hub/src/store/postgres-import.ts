// One import into the PostgreSQL catalogue, in one transaction on one connection: rows are streamed
// with COPY into a temporary table (or, into an empty catalogue, straight into a new table); commit
// upserts them by id (the last record of an id wins; new ids get rowids in order of first appearance
// after the current maximum, as SQLite assigns them) and bumps catalogue_version. Imports take an
// advisory lock, so concurrent ones run one after the other. Readers on any replica see the catalogue
// before or after, never between; a killed importer's transaction is rolled back by the server when
// its connection drops.
import type { Writable } from "node:stream";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { COPY_BINARY_HEADER, COPY_BINARY_TRAILER, CopyRowWriter, setOrdinal } from "./copy-format.js";
import { StoreUnavailableError } from "./interface.js";
import { isConnectionError } from "./postgres-connection.js";
import { IMPORT_LOCK, LOCK_CLASS } from "./postgres-schema.js";
import {
  buildNextIndexes,
  createNextTable,
  MODEL_COLUMNS,
  modelIndexes,
  rebuildModels,
  rebuildThreshold,
  swapInNext,
  upsertModels,
  type ImportSource,
} from "./postgres-tables.js";
import type { EncodedRows, ImportSession, UpsertSummary } from "./sqlite.js";
import type { HubModel } from "../catalogue/model-record.js";

/** What an import needs of the store that opened it. */
export interface ImportHost {
  pool: pg.Pool;
  poolSize: number;
  rebuildMinRows?: number;
  /** a connection error as the store's StoreUnavailableError, others unchanged */
  translate(error: unknown): unknown;
  /** the catalogue changed: drop what this replica cached of it */
  catalogueChanged(): void;
  /** a statement on any pooled connection */
  query(text: string): Promise<unknown>;
}

/** Starts an import: takes the import lock on a connection of its own and opens the transaction. */
export async function beginPostgresImport(host: ImportHost): Promise<ImportSession> {
  let client: pg.PoolClient;
  try {
    client = await host.pool.connect();
  } catch (error) {
    throw host.translate(error);
  }
  const session = new PostgresImport(host, client);
  await session.start();
  return session;
}

class PostgresImport implements ImportSession {
  private open = true;
  /**
   * The import's connection failed (the database died or dropped it): a COPY stream written after
   * that throws pg-copy-streams' raw "TypeError: Cannot read properties of undefined (reading
   * 'stream')", reported as the lost connection it is.
   */
  private lost: Error | undefined;
  private copy: Writable | undefined;
  private copyDone: Promise<void> | undefined;
  private records = 0;
  private readonly seen = new Set<string>();
  private repeated = false;
  /** the catalogue was empty: rows are copied straight into the new table (see start) */
  private fresh = false;
  /** models_next was committed (without indexes) for the parallel index builds: abort drops it */
  private staged = false;
  private readonly onLost = (error?: Error) => {
    this.lost ??= error ?? new Error("Connection terminated");
  };
  private readonly onEnd = () => this.onLost();

  constructor(
    private readonly host: ImportHost,
    private readonly client: pg.PoolClient,
  ) {
    client.once("error", this.onLost);
    client.once("end", this.onEnd);
  }

  private readonly run = async (text: string, values: unknown[] = []) => {
    try {
      return await this.client.query(text, values);
    } catch (error) {
      throw this.host.translate(error);
    }
  };

  /** A failed COPY write: the lost connection it usually is, or the error as the store reports it. */
  private copyFailure(error: unknown): unknown {
    // pg-copy-streams' TypeError on a connection that is gone can come before the client's own
    // 'error'/'end' event (CI saw it once): it means the same thing.
    const copyStreamGone = error instanceof TypeError && /reading 'stream'/.test(error.message);
    return (this.lost || copyStreamGone) && !isConnectionError(error)
      ? new StoreUnavailableError(
          `The catalogue database connection was lost during the import (${this.lost?.message ?? "the connection ended"}); nothing was imported, try again shortly`,
        )
      : this.host.translate(error);
  }

  /** Gives the connection back; after an error it is closed instead, which also drops the lock. */
  private async end(error?: Error): Promise<void> {
    if (!this.open) return;
    this.open = false;
    if (!error) {
      try {
        await this.client.query("SELECT pg_advisory_unlock($1, $2)", [LOCK_CLASS, IMPORT_LOCK]);
      } catch (unlockError) {
        error = unlockError as Error;
      }
    }
    this.client.off("error", this.onLost);
    this.client.off("end", this.onEnd);
    this.client.release(error);
  }

  async start(): Promise<void> {
    const run = this.run;
    try {
      await run("BEGIN");
      // Rows staged for the import stay in memory up to this size (takes effect before the first temp table).
      await run("SET temp_buffers = '256MB'");
      // A session lock, held past the staging commit of an import into an empty catalogue (see commit);
      // released by end(), or by the server when the importer's connection drops.
      await run("SELECT pg_advisory_lock($1, $2)", [LOCK_CLASS, IMPORT_LOCK]);
      // What an importer killed between that commit and the swap left behind.
      await run("DROP TABLE IF EXISTS models_next");
      // Into an empty catalogue (the lock keeps it so), rows go straight into models_next, created in
      // this transaction: COPY FREEZE writes them frozen and all-visible (no VACUUM after), and there
      // is no staging copy. Commit builds the indexes on it and swaps it in (swapInNext).
      this.fresh = (await run("SELECT NOT EXISTS (SELECT 1 FROM models) AS empty")).rows[0].empty === true;
      if (this.fresh) await createNextTable(run);
      else
        await run(`CREATE TEMPORARY TABLE hubkit_import (
        ord bigint NOT NULL, id text COLLATE "C" NOT NULL, pipeline_tag text, library_name text,
        downloads bigint NOT NULL, likes bigint NOT NULL, created_at bigint NOT NULL,
        last_modified bigint NOT NULL, mapped boolean NOT NULL, tags text[] NOT NULL, doc text NOT NULL,
        trending bigint NOT NULL
      ) ON COMMIT DROP`);
    } catch (error) {
      await this.end(error as Error);
      throw error;
    }
  }

  private startCopy(): Writable {
    const stream = this.client.query(
      copyFrom(
        this.fresh
          ? `COPY models_next (rowid, ${MODEL_COLUMNS}) FROM STDIN (FORMAT binary, FREEZE)`
          : "COPY hubkit_import FROM STDIN (FORMAT binary)",
      ),
    );
    stream.write(COPY_BINARY_HEADER);
    this.copyDone = new Promise<void>((resolve, reject) => {
      stream.on("finish", resolve);
      stream.on("error", reject);
    });
    // Errors surface through copyDone; this keeps an early one from being unhandled.
    this.copyDone.catch(() => {});
    return stream;
  }

  private async finishCopy(): Promise<void> {
    if (!this.copy) return;
    const stream = this.copy;
    this.copy = undefined;
    try {
      stream.end(COPY_BINARY_TRAILER);
      await this.copyDone;
    } catch (error) {
      throw this.copyFailure(error);
    }
  }

  /** Streams rows into COPY; waits while the connection is backed up. */
  private async send(chunk: Buffer): Promise<void> {
    let stream: Writable;
    let flowing: boolean;
    try {
      stream = this.copy ??= this.startCopy();
      flowing = stream.write(chunk);
    } catch (error) {
      throw this.copyFailure(error);
    }
    if (!flowing) {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => reject(this.copyFailure(error));
        stream.once("drain", () => {
          stream.off("error", onError);
          resolve();
        });
        stream.once("error", onError);
      });
    }
  }

  readonly write = async (models: Iterable<HubModel>): Promise<void> => {
    if (!this.open) throw new Error("this import has ended");
    const rows = new CopyRowWriter();
    for (const model of models) {
      if (!this.repeated) {
        this.repeated = this.seen.has(model.id);
        this.seen.add(model.id);
      }
      // The ordinal is the rowid when the catalogue was empty (and no id repeats).
      rows.row(model, ++this.records);
    }
    await this.send(rows.buffer.subarray(0, rows.length));
  };

  readonly writeCopyRows = async (rows: EncodedRows): Promise<void> => {
    if (!this.open) throw new Error("this import has ended");
    const body = Buffer.from(rows.body.buffer, rows.body.byteOffset, rows.body.byteLength);
    let start = 0;
    for (const end of rows.ends) {
      setOrdinal(body, start, ++this.records);
      start = end;
    }
    // The importer tracks repeated ids for these rows (the seen set serves write()).
    if (rows.repeated) this.repeated = true;
    await this.send(body);
  };

  readonly commit = async (): Promise<UpsertSummary> => {
    if (!this.open) throw new Error("this import has ended");
    const run = this.run;
    try {
      await this.finishCopy();
      const inserted = this.fresh && !this.repeated ? await this.swapInFresh() : await this.upsert();
      await run("UPDATE hubkit_meta SET value = (value::bigint + 1)::text WHERE key = 'catalogue_version'");
      // Delivered to every replica's listener when (and only if) the transaction commits.
      await run(`NOTIFY ${CATALOGUE_CHANNEL}`);
      await run("COMMIT");
      await this.end();
      this.host.catalogueChanged();
      const summary = { inserted, updated: this.records - inserted };
      // Fresh statistics for the planner, and a visibility map so sort-index scans stay index-only
      // (rows copied with FREEZE into an empty catalogue have it already, and their statistics
      // were gathered before the swap, see buildNextIndexes).
      if (!this.fresh || this.repeated) {
        if (this.records >= 10_000) await this.host.query("VACUUM (ANALYZE) models");
        else if (this.records > 0) await this.host.query("ANALYZE models");
      }
      return summary;
    } catch (error) {
      await this.abort();
      throw this.host.translate(error);
    }
  };

  /**
   * Into an empty catalogue without repeated ids: the new table is committed under its staging name
   * (readers never look at it, the lock keeps other imports away), so its indexes can be built on
   * several connections at once; the swap then takes one short transaction.
   */
  private async swapInFresh(): Promise<number> {
    await this.run("COMMIT");
    this.staged = true;
    const indexes = await modelIndexes(this.run);
    await buildNextIndexes(indexes, this.client, this.host.pool, this.host.poolSize, (error) =>
      this.host.translate(error),
    );
    await this.run("BEGIN");
    await swapInNext(this.run, indexes);
    this.staged = false;
    return this.records;
  }

  /** Otherwise: upserted by id, or the table rebuilt when the import is large against the catalogue. */
  private async upsert(): Promise<number> {
    const run = this.run;
    // With repeated ids: the last record of each, with the line where the id first appeared.
    const staged = this.fresh
      ? { table: "models_next", ord: "rowid" }
      : { table: "hubkit_import", ord: "ord" };
    const source: ImportSource = this.repeated
      ? { table: "hubkit_import_final", firstOrd: "first_ord" }
      : { table: "hubkit_import", firstOrd: "ord" };
    if (this.repeated)
      await run(`CREATE TEMPORARY TABLE hubkit_import_final ON COMMIT DROP AS
              SELECT i.*, f.first_ord FROM ${staged.table} i
              JOIN (SELECT id, min(${staged.ord}) AS first_ord, max(${staged.ord}) AS last_ord
                FROM ${staged.table} GROUP BY id) f
                ON f.id = i.id AND f.last_ord = i.${staged.ord}`);
    if (this.fresh) await run("DROP TABLE models_next");
    const [{ existing }] = (await run("SELECT count(*)::bigint AS existing FROM models")).rows as {
      existing: number;
    }[];
    return this.records >= rebuildThreshold(existing, this.host.rebuildMinRows)
      ? await rebuildModels(run, source)
      : await upsertModels(run, source);
  }

  readonly abort = async (): Promise<void> => {
    if (!this.open) return;
    try {
      if (this.copy) {
        this.copy.destroy(new Error("import aborted"));
        this.copy = undefined;
        await this.copyDone?.catch(() => {});
      }
      await this.client.query("ROLLBACK");
      if (this.staged) await this.client.query("DROP TABLE IF EXISTS models_next");
      await this.end();
    } catch (error) {
      await this.end(error as Error);
    }
  };
}

/** The channel an import's commit notifies, so every replica drops what it cached of the catalogue. */
export const CATALOGUE_CHANNEL = "hubkit_catalogue";
