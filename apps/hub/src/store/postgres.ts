// The catalogue in PostgreSQL, for several hub replicas on one database. Same rows as the SQLite
// store (the JSON document plus the columns filters and sorts use, rowids assigned the same way), so
// the API answers byte for byte the same: sort indexes (value, rowid) INCLUDE (id) for keyset pages
// and ordered search scans, a pg_trgm GIN index on lower(id) for rare search terms, a GIN index on
// the filter tags. Imports COPY into a temporary table and upsert from it in one transaction.
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Writable } from "node:stream";
import {
  DEFAULT_SEARCH_WALK_ROWS,
  SORT_FIELDS,
  sortedCounts,
  type FacetCounts,
  type ImportSession,
  MATCH_FACET_CACHE,
  type MatchFacetCounts,
  type ListPlan,
  type ModelPage,
  type ModelQuery,
  type EncodedRows,
  type SortField,
  type UpsertSummary,
} from "./sqlite.js";
import type { HubModel } from "../catalogue/model-record.js";
import { COPY_BINARY_HEADER, COPY_BINARY_TRAILER, CopyRowWriter, setOrdinal } from "./copy-format.js";
import { DERIVED_VERSION, filterTags, trendingOf } from "../catalogue/derived.js";
import { SearchOrder } from "./search-order.js";
import { StoreUnavailableError, type HubStore } from "./interface.js";

const SORT_COLUMNS: Record<SortField, string> = {
  downloads: "downloads",
  likes: "likes",
  lastModified: "last_modified",
  createdAt: "created_at",
  trending: "trending",
};

/** Advisory lock keys (class, id): one migrator at a time, one import at a time. */
const LOCK_CLASS = 0x6875_6200;
const MIGRATION_LOCK = 1;
const IMPORT_LOCK = 2;

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

/** How many ids a search reads in list order before it asks the trigram index (see listModels). */
export const DEFAULT_PG_SEARCH_WALK_ROWS = 10_000;

export interface PostgresStoreOptions {
  /** most connections in the pool (default 10) */
  poolSize?: number;
  /** ids read in list order (from the sort index) before the trigram plan; 0 always uses the trigram plan */
  searchWalkRows?: number;
  /**
   * ids scanned in the in-memory list order (searches without other filters) before the SQL plans;
   * 0 disables the in-memory order (default: the SQLite store's DEFAULT_SEARCH_WALK_ROWS)
   */
  memoryWalkRows?: number;
  /** imports of at least this many records (and a quarter of the catalogue) rebuild the table (default 20 000) */
  rebuildMinRows?: number;
  /** milliseconds to wait for a connection before a request fails with 503 (default 5000) */
  connectTimeoutMs?: number;
}

/** The URL without its password, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}

/** Node-postgres returns int8 as strings; every bigint here (counts, ms timestamps, rowids) fits a double. */
const TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === 20
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
]);

/** True for errors that mean "the database is not reachable right now" (as opposed to a bad query). */
export function isConnectionError(error: unknown): boolean {
  const err = error as { code?: string; message?: string };
  if (err.code && (CONNECTION_ERROR_CODES.has(err.code) || err.code.startsWith("08"))) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    err.message ?? "",
  );
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`).join(",")}}`;
}

/** What searchInMemory answers when it read the in-memory order past the SQL walk plan's reach without a page. */
const READ_WITHOUT_PAGE = Symbol("read without a page");

/**
 * Names of the prepared statements, by text (one per statement shape: the search's documents
 * statement has one shape per combination of filters, so there are a few dozen at most).
 */
const PREPARED_NAMES = new Map<string, string>();

/** The channel an import's commit notifies, so every replica drops what it cached of the catalogue. */
const CATALOGUE_CHANNEL = "hubkit_catalogue";
/** Pages kept by the list cache (a few KB each at the usual limits). */
const LIST_CACHE_PAGES = 256;
/**
 * Longest life of a cached page. NOTIFY clears the cache at once; this bounds how stale a page can be
 * if a listener connection dies silently (no error until TCP gives up) and misses a notification.
 */
const LIST_CACHE_MAX_AGE_MS = 2000;

interface PageRow {
  rowid: number;
  v: number;
  doc: string;
}

export class PostgresStore implements HubStore {
  readonly kind = "postgres";
  readonly location: string;
  readonly repairs: readonly string[] = [];
  private readonly searchWalkRows: number;
  private readonly memoryWalkRows: number;
  private libraryCountsCache?: { version: string; counts: Map<string, number> };
  private facetCache?: { version: string; counts: FacetCounts };
  /** matchFacetCounts' recent answers by query, valid for matchFacetVersion */
  private readonly matchFacetCache = new Map<string, MatchFacetCounts>();
  private matchFacetVersion = "";
  /** ids in list order per sort, as of a catalogue_version (see searchInMemory) */
  private readonly searchOrders = new Map<SortField, { version: string; order: SearchOrder }>();
  private readonly buildingOrders = new Map<SortField, Promise<void>>();
  private closed = false;
  /**
   * Recent pages by query, least recently used first (as in the SQLite store). Valid only while the
   * listener below is connected: every import's commit sends a NOTIFY that clears it on every replica,
   * so a page is never served from a catalogue older than the last commit this replica was told of.
   */
  private readonly listCache = new Map<string, { page: ModelPage; at: number }>();
  /** bumped when the catalogue changes, so a page read before the change is not cached after it */
  private listGeneration = 0;
  /** the catalogue_version catalogueVersion() last read */
  private seenCatalogueVersion?: string;
  private listener?: pg.Client;
  private listening = false;
  private listenRetry?: NodeJS.Timeout;
  private readonly connectionString: string;

  constructor(
    readonly pool: pg.Pool,
    url: string,
    private readonly options: PostgresStoreOptions = {},
  ) {
    this.connectionString = url;
    this.location = redactDatabaseUrl(url);
    const walkRows = options.searchWalkRows ?? DEFAULT_PG_SEARCH_WALK_ROWS;
    if (!Number.isSafeInteger(walkRows) || walkRows < 0)
      throw new RangeError(`searchWalkRows must be a non-negative integer, got ${walkRows}`);
    this.searchWalkRows = walkRows;
    this.memoryWalkRows = options.memoryWalkRows ?? DEFAULT_SEARCH_WALK_ROWS;
  }

  /** Runs a query; connection failures become a StoreUnavailableError (the API's 503). */
  private async query<Row extends pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
  ): Promise<pg.QueryResult<Row>> {
    try {
      return await this.pool.query<Row>(text, values);
    } catch (error) {
      throw this.translate(error);
    }
  }

  /**
   * Runs one of the few fixed-shape statements of every request (look-up by id, a search page's
   * documents) as a prepared statement: each connection parses and plans it once, not per request
   * (planning was about a third of such a query's time). Only for statements whose best plan does not
   * depend on the values, so a generic plan is as good as a custom one. PostgreSQL re-plans them by
   * name after an import swaps the table in.
   */
  private async prepared<Row extends pg.QueryResultRow>(
    text: string,
    values: unknown[],
  ): Promise<pg.QueryResult<Row>> {
    let name = PREPARED_NAMES.get(text);
    if (name === undefined) {
      name = `hubkit_${PREPARED_NAMES.size + 1}`;
      PREPARED_NAMES.set(text, name);
    }
    try {
      return await this.pool.query<Row>({ name, text, values });
    } catch (error) {
      throw this.translate(error);
    }
  }

  private translate(error: unknown): unknown {
    if (error instanceof StoreUnavailableError) return error;
    if (isConnectionError(error)) {
      return new StoreUnavailableError(
        `The catalogue database is unavailable (${(error as Error).message}); try again shortly`,
      );
    }
    return error;
  }

  async check(): Promise<void> {
    await this.query("SELECT 1");
  }

  /**
   * Listens for catalogue changes committed by any replica (imports send NOTIFY hubkit_catalogue).
   * While connected, list pages are cached and search orders are rebuilt as soon as an import
   * commits; when the connection drops, caching stops until it is back (retried every second).
   */
  async listen(): Promise<void> {
    if (this.closed || this.listener) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: this.options.connectTimeoutMs ?? 5000,
      keepAlive: true,
      application_name: "hubkit-hub-listen",
    });
    this.listener = client;
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      this.listening = false;
      this.catalogueChanged();
      client.end().catch(() => {});
      if (!this.closed) {
        this.listenRetry = setTimeout(() => void this.listen(), 1000);
        this.listenRetry.unref();
      }
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", () => this.catalogueChanged());
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      // Whatever committed before LISTEN took effect is not in any cached page: start clean.
      this.catalogueChanged();
      if (this.listener === client) this.listening = true;
    } catch {
      lost();
    }
  }

  /** The catalogue changed (here or on another replica): drop cached pages, rebuild the search orders in use. */
  private catalogueChanged(): void {
    this.listGeneration++;
    this.listCache.clear();
    for (const sort of this.searchOrders.keys()) this.buildSearchOrder(sort);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.listenRetry);
    const listener = this.listener;
    this.listener = undefined;
    this.listening = false;
    await listener?.end().catch(() => {});
    await Promise.allSettled(this.buildingOrders.values());
    await this.pool.end();
  }

  async count(): Promise<number> {
    const { rows } = await this.query<{ n: number }>("SELECT count(*)::bigint AS n FROM models");
    return rows[0].n;
  }

  async getModel(id: string): Promise<HubModel | undefined> {
    const { rows } = await this.prepared<{ doc: string }>("SELECT doc FROM models WHERE id = $1", [id]);
    return rows[0] ? (JSON.parse(rows[0].doc) as HubModel) : undefined;
  }

  async getMeta(key: string): Promise<string | undefined> {
    const { rows } = await this.prepared<{ value: string }>("SELECT value FROM hubkit_meta WHERE key = $1", [
      key,
    ]);
    return rows[0]?.value;
  }

  /**
   * catalogue_version, which every import's transaction bumps, read from the database: right after
   * another replica's commit, before its NOTIFY has arrived. A version not seen before also drops the
   * list pages cached here, so a page rendered at the new version reads no page of the old one.
   */
  async catalogueVersion(): Promise<string> {
    const version = (await this.getMeta("catalogue_version")) ?? "0";
    if (this.seenCatalogueVersion !== undefined && version !== this.seenCatalogueVersion)
      this.catalogueChanged();
    this.seenCatalogueVersion = version;
    return version;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.query(
      "INSERT INTO hubkit_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [key, value],
    );
  }

  async mappedModels(limit = 10_000): Promise<HubModel[]> {
    const { rows } = await this.query<{ doc: string }>(
      "SELECT doc FROM models WHERE mapped ORDER BY rowid LIMIT $1",
      [limit],
    );
    return rows.map((row) => JSON.parse(row.doc) as HubModel);
  }

  /** Number of models per library, cached until an import commits (on any replica). */
  async libraryCounts(): Promise<Map<string, number>> {
    const version = (await this.getMeta("catalogue_version")) ?? "0";
    if (this.libraryCountsCache?.version === version) return this.libraryCountsCache.counts;
    const { rows } = await this.query<{ library: string; n: number }>(
      "SELECT library_name AS library, count(*)::bigint AS n FROM models WHERE library_name IS NOT NULL GROUP BY library_name",
    );
    const counts = new Map(rows.map((row) => [row.library, row.n]));
    this.libraryCountsCache = { version, counts };
    return counts;
  }

  /** The conditions (on `models m`) of a query's filters and search, as countModels and matchFacetCounts read them. */
  private matchWhere(query: ModelQuery, params: unknown[]): string[] {
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where: string[] = [];
    for (const term of (query.search ?? "").split(/\s+/).filter(Boolean)) {
      where.push(`lower(m.id) LIKE ${param(`%${escapeLike(term.toLowerCase())}%`)}`);
    }
    if (query.author)
      where.push(`m.id >= ${param(`${query.author}/`)} AND m.id < ${param(`${query.author}0`)}`);
    if (query.pipelineTag) where.push(`m.pipeline_tag = ${param(query.pipelineTag)}`);
    if (query.library) where.push(`m.library_name = ${param(query.library)}`);
    if (query.tags.length > 0) where.push(`m.tags @> ${param(query.tags)}::text[]`);
    return where;
  }

  /** As CatalogueStore.countModels: matches of the filters and search, counted up to `cap` + 1. */
  async countModels(query: ModelQuery, cap: number): Promise<{ count: number; exact: boolean }> {
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = this.matchWhere(query, params);
    const sql =
      "SELECT count(*)::bigint AS n FROM (SELECT 1 FROM models m" +
      (where.length ? ` WHERE ${where.join(" AND ")}` : "") +
      ` LIMIT ${param(cap + 1)}) AS hits`;
    const { rows } = await this.query<{ n: number }>(sql, params);
    const n = rows[0]?.n ?? 0;
    return { count: Math.min(n, cap), exact: n <= cap };
  }

  /** As CatalogueStore.matchFacetCounts: facet counts over the query's matches, in one statement. */
  async matchFacetCounts(query: ModelQuery): Promise<MatchFacetCounts> {
    const version = (await this.getMeta("catalogue_version")) ?? "0";
    if (this.matchFacetVersion !== version) {
      this.matchFacetCache.clear();
      this.matchFacetVersion = version;
    }
    const cacheKey = JSON.stringify([
      query.search,
      query.author,
      query.pipelineTag,
      query.library,
      query.tags,
    ]);
    const cached = this.matchFacetCache.get(cacheKey);
    if (cached) return cached;
    const params: unknown[] = [];
    const where = this.matchWhere(query, params);
    // One snapshot for the three groupings: kind 0 pipelines, 1 libraries, 2 tags.
    const { rows } = await this.query<{ kind: number; value: string | null; n: number }>(
      `WITH hits AS (SELECT m.pipeline_tag, m.library_name, m.tags FROM models m${
        where.length ? ` WHERE ${where.join(" AND ")}` : ""
      })
      SELECT 0 AS kind, pipeline_tag AS value, count(*)::bigint AS n FROM hits GROUP BY pipeline_tag
      UNION ALL SELECT 1, library_name, count(*)::bigint FROM hits WHERE library_name IS NOT NULL GROUP BY library_name
      UNION ALL SELECT 2, tag, count(*)::bigint FROM hits, unnest(hits.tags) AS tag GROUP BY tag`,
      params,
    );
    const of = (kind: number) =>
      rows
        .filter(
          (row): row is { kind: number; value: string; n: number } => row.kind === kind && row.value !== null,
        )
        .map((row) => ({ value: row.value, n: Number(row.n) }));
    const counts: MatchFacetCounts = {
      total: rows.filter((row) => row.kind === 0).reduce((sum, row) => sum + Number(row.n), 0),
      pipeline_tag: sortedCounts(of(0)),
      tags: sortedCounts(of(2)),
      library_name: sortedCounts(of(1)),
    };
    if (this.matchFacetCache.size >= MATCH_FACET_CACHE)
      this.matchFacetCache.delete(this.matchFacetCache.keys().next().value!);
    this.matchFacetCache.set(cacheKey, counts);
    return counts;
  }

  /** As CatalogueStore.facetCounts, cached until an import commits (on any replica). */
  async facetCounts(): Promise<FacetCounts> {
    const version = (await this.getMeta("catalogue_version")) ?? "0";
    if (this.facetCache?.version === version) return this.facetCache.counts;
    const [total, pipelines, tags] = await Promise.all([
      this.count(),
      this.query<{ value: string; n: number }>(
        "SELECT pipeline_tag AS value, count(*)::bigint AS n FROM models WHERE pipeline_tag IS NOT NULL GROUP BY pipeline_tag",
      ),
      this.query<{ value: string; n: number }>(
        "SELECT tag AS value, count(*)::bigint AS n FROM models, unnest(tags) AS tag GROUP BY tag",
      ),
    ]);
    const counts: FacetCounts = {
      total,
      pipeline_tag: sortedCounts(pipelines.rows),
      tags: sortedCounts(tags.rows),
    };
    this.facetCache = { version, counts };
    return counts;
  }

  /**
   * One page in (sort value, rowid) order after the cursor, each page from one statement (one snapshot).
   * Without a search PostgreSQL reads the sort index in order with the filters applied. With a search,
   * the first `searchWalkRows` ids after the cursor are read in list order from the sort index (index
   * only) and tested: common terms fill a page there. Otherwise the trigram index lists every match
   * and they are sorted. Both plans give the same pages, as in the SQLite store.
   */
  async listModels(query: ModelQuery): Promise<ModelPage> {
    if (!this.listening) return this.readPage(query);
    const key = JSON.stringify(query);
    const cached = this.listCache.get(key);
    const now = Date.now();
    if (cached && now - cached.at < LIST_CACHE_MAX_AGE_MS) {
      this.listCache.delete(key);
      this.listCache.set(key, cached);
      return cached.page;
    }
    const generation = this.listGeneration;
    const page = await this.readPage(query);
    if (generation === this.listGeneration && this.listening) {
      this.listCache.delete(key);
      if (this.listCache.size >= LIST_CACHE_PAGES) this.listCache.delete(this.listCache.keys().next().value!);
      this.listCache.set(key, { page, at: now });
    }
    return page;
  }

  private async readPage(query: ModelQuery): Promise<ModelPage> {
    const terms = (query.search ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((term) => term.toLowerCase());
    /** the in-memory order was read further than the SQL walk plan reads, without filling the page */
    let listWalked = false;
    if (terms.length > 0 && this.memoryWalkRows > 0 && terms.every((term) => /^[\x21-\x7e]+$/.test(term))) {
      const page = await this.searchInMemory(query, terms);
      if (page === READ_WITHOUT_PAGE) listWalked = true;
      else if (page) return page;
    }
    const column = SORT_COLUMNS[query.sort];
    const order = query.direction === -1 ? "DESC" : "ASC";
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const filters = () => {
      const where: string[] = [];
      if (query.author) {
        // "0" sorts right after "/" (ids are COLLATE "C": byte order, as in SQLite).
        where.push(`m.id >= ${param(`${query.author}/`)} AND m.id < ${param(`${query.author}0`)}`);
      }
      if (query.pipelineTag) where.push(`m.pipeline_tag = ${param(query.pipelineTag)}`);
      if (query.library) where.push(`m.library_name = ${param(query.library)}`);
      if (query.tags.length > 0) where.push(`m.tags @> ${param(query.tags)}::text[]`);
      return where;
    };
    const termFilters = (alias: string) =>
      terms.map((term) => `lower(${alias}.id) LIKE ${param(`%${escapeLike(term)}%`)}`);
    const cursorFilter = (alias: string) =>
      query.cursor
        ? [
            `(${alias}.${column}, ${alias}.rowid) ${query.direction === -1 ? "<" : ">"} (${param(query.cursor.value)}, ${param(query.cursor.rowid)})`,
          ]
        : [];
    const want = query.limit + 1;
    let plan: ListPlan = "list";
    let rows: PageRow[] | undefined;

    if (terms.length > 0 && this.searchWalkRows > 0 && !listWalked) {
      params.length = 0;
      const walkWhere = cursorFilter("o");
      const matchWhere = [...termFilters("w"), ...filters()];
      const sql =
        `SELECT w.rowid, w.v, m.doc FROM (SELECT o.rowid, o.${column} AS v, o.id FROM models o` +
        (walkWhere.length ? ` WHERE ${walkWhere.join(" AND ")}` : "") +
        ` ORDER BY o.${column} ${order}, o.rowid ${order} LIMIT ${param(this.searchWalkRows)}) w` +
        ` JOIN models m ON m.rowid = w.rowid WHERE ${matchWhere.join(" AND ")}` +
        ` ORDER BY w.v ${order}, w.rowid ${order} LIMIT ${param(want)}`;
      const result = await this.query<PageRow>(sql, params);
      // A full page from the first ids in list order is exactly the first matches.
      if (result.rows.length === want) {
        rows = result.rows;
        plan = "index-scan";
      }
    }
    if (!rows) {
      params.length = 0;
      const where = [...termFilters("m"), ...filters(), ...cursorFilter("m")];
      const whereSql = where.length ? ` WHERE ${where.join(" AND ")}` : "";
      let sql: string;
      if (terms.length > 0) {
        // MATERIALIZED keeps the planner on the trigram index (its selectivity guesses are rough).
        plan = "fts-sort";
        sql =
          `WITH hits AS MATERIALIZED (SELECT m.rowid, m.${column} AS v FROM models m${whereSql}),` +
          ` page AS (SELECT rowid, v FROM hits ORDER BY v ${order}, rowid ${order} LIMIT ${param(want)})` +
          ` SELECT page.rowid, page.v, m.doc FROM page JOIN models m ON m.rowid = page.rowid` +
          ` ORDER BY page.v ${order}, page.rowid ${order}`;
      } else {
        sql =
          `SELECT m.rowid, m.${column} AS v, m.doc FROM models m${whereSql}` +
          ` ORDER BY m.${column} ${order}, m.rowid ${order} LIMIT ${param(want)}`;
      }
      rows = (await this.query<PageRow>(sql, params)).rows;
    }
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      models: page.map((row) => JSON.parse(row.doc) as HubModel),
      next:
        rows.length > query.limit && last
          ? { sort: query.sort, direction: query.direction, value: last.v, rowid: last.rowid }
          : undefined,
      plan,
    };
  }

  /**
   * A search without other filters, as the SQLite store runs it: the ids in list order are held in
   * memory (one string per sort, SearchOrder) and scanned from the cursor; only the page's documents
   * are read, in one statement that also reads catalogue_version. When that version is not the one the
   * order was built from (an import committed since, on any replica), the answer is dropped, the order
   * is rebuilt in the background, and the SQL plans answer meanwhile: pages never mix two versions.
   */
  private async searchInMemory(
    query: ModelQuery,
    terms: string[],
  ): Promise<ModelPage | typeof READ_WITHOUT_PAGE | undefined> {
    const cached = this.searchOrders.get(query.sort);
    if (!cached) {
      this.buildSearchOrder(query.sort);
      return undefined;
    }
    // Other filters are checked in SQL on batches of id matches, in list order, with the documents.
    const values: unknown[] = [];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length + 1}`;
    };
    const where: string[] = [];
    if (query.author)
      where.push(`m.id >= ${param(`${query.author}/`)} AND m.id < ${param(`${query.author}0`)}`);
    if (query.pipelineTag) where.push(`m.pipeline_tag = ${param(query.pipelineTag)}`);
    if (query.library) where.push(`m.library_name = ${param(query.library)}`);
    if (query.tags.length > 0) where.push(`m.tags @> ${param(query.tags)}::text[]`);
    const filtered = where.length > 0;
    const sql = `SELECT v.value AS version, m.rowid, m.doc FROM hubkit_meta v
      LEFT JOIN models m ON m.rowid = ANY($1::bigint[])${filtered ? ` AND ${where.join(" AND ")}` : ""}
      WHERE v.key = 'catalogue_version'`;

    const want = query.limit + 1;
    const accepted: { rowid: number; sortValue: number; doc: string }[] = [];
    // Until the posting lists are built, a rare term is looked for through every id: a scan of the
    // whole order (about 5 ms of CPU on 1M ids) costs less than the SQL plans (about 14 ms of server CPU).
    const maxEntries = filtered || !cached.order.postingsReady ? cached.order.size : this.memoryWalkRows;
    let cursor = query.cursor;
    let exhausted = false;
    for (let round = 0; accepted.length < want && !exhausted; round++) {
      // Without filters one walk (bounded like SQLite's) settles it; with them, batches of id matches
      // until the page is full or every id was read (bounded too: then the SQL plans answer).
      if (round >= (filtered ? 40 : 1)) return undefined;
      const result = cached.order.walk({
        terms,
        direction: query.direction,
        cursor,
        want: filtered ? Math.max(256, want * 4) : want,
        maxEntries,
      });
      if (!filtered && result.rows.length < want && !result.exhausted)
        // The SQL walk plan reads no further in list order than this walk did: only the trigram plan can help.
        return maxEntries >= this.searchWalkRows ? READ_WITHOUT_PAGE : undefined;
      exhausted = result.exhausted;
      const batch = filtered ? result.rows : result.rows.slice(0, query.limit);
      if (batch.length === 0) break;
      const { rows } = await this.prepared<{ version: string; rowid: number | null; doc: string | null }>(
        sql,
        [batch.map((row) => row.rowid), ...values],
      );
      if (rows[0]?.version !== cached.version) {
        this.buildSearchOrder(query.sort);
        return undefined;
      }
      const docs = new Map(rows.map((row) => [row.rowid, row.doc]));
      for (const row of batch) {
        const doc = docs.get(row.rowid);
        if (doc) accepted.push({ ...row, doc });
        else if (!filtered) return undefined; // a row the order knows is gone: let SQL answer
        if (accepted.length === want) break;
      }
      if (!filtered && result.rows.length === want) accepted.push({ ...result.rows[query.limit], doc: "" });
      const last = batch[batch.length - 1];
      cursor = { sort: query.sort, direction: query.direction, value: last.sortValue, rowid: last.rowid };
    }
    const page = accepted.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      models: page.map((row) => JSON.parse(row.doc) as HubModel),
      next:
        accepted.length > query.limit && last
          ? { sort: query.sort, direction: query.direction, value: last.sortValue, rowid: last.rowid }
          : undefined,
      plan: "ordered-scan",
    };
  }

  /** Reads the ids of one sort order and the catalogue_version from one snapshot, in the background. */
  private buildSearchOrder(sort: SortField): void {
    if (this.buildingOrders.has(sort) || this.closed) return;
    const column = SORT_COLUMNS[sort];
    const build = (async () => {
      const client = await this.pool.connect();
      try {
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        const version = (
          await client.query<{ value: string }>(
            "SELECT value FROM hubkit_meta WHERE key = 'catalogue_version'",
          )
        ).rows[0]?.value;
        const { rows } = await client.query<[number, number, string]>({
          text: `SELECT rowid, ${column}, id FROM models ORDER BY ${column} DESC, rowid DESC`,
          rowMode: "array",
        });
        await client.query("COMMIT");
        if (version !== undefined) {
          const order = new SearchOrder(rows);
          // Rare terms are answered from its trigram posting lists once they are built, in the background.
          void order.preparePostings();
          this.searchOrders.set(sort, { version, order });
        }
      } finally {
        client.release();
      }
    })()
      .catch(() => {
        // The SQL plans answer; the next search tries again.
      })
      .finally(() => this.buildingOrders.delete(sort));
    this.buildingOrders.set(sort, build);
  }

  /** Resolves when the in-memory orders being built, and their posting lists, are ready (for tests and benchmarks). */
  async searchOrdersSettled(): Promise<void> {
    await Promise.allSettled(this.buildingOrders.values());
    await Promise.all([...this.searchOrders.values()].map(({ order }) => order.preparePostings()));
  }

  /**
   * One import in one transaction on one connection: rows are streamed with COPY into a temporary
   * table; commit upserts them by id (the last record of an id wins; new ids get rowids in order of
   * first appearance after the current maximum, as SQLite assigns them) and bumps catalogue_version.
   * Imports take an advisory lock, so concurrent ones run one after the other. Readers on any replica
   * see the catalogue before or after, never between; a killed importer's transaction is rolled back
   * by the server when its connection drops.
   */
  /**
   * Builds models_next's indexes (committed, see beginImport) on the import's own connection and, when
   * the pool has one to spare, a second one at once, the largest (GIN) first. PostgreSQL builds each
   * index on one core (GIN builds are never parallel before version 18), so this divides their wall
   * time on a server with cores to spare. Without a spare connection (pool of one, or all busy) the
   * import's connection builds them all. Then the planner's statistics are gathered (ANALYZE): they
   * move with the table, so every replica plans with them from the commit on, and no ANALYZE follows
   * the commit.
   */
  private async buildNextIndexes(indexes: ModelIndex[], own: pg.PoolClient): Promise<void> {
    const queue = [...indexes].sort(
      (a, b) => Number(/ USING gin /i.test(b.definition)) - Number(/ USING gin /i.test(a.definition)),
    );
    const drain = async (client: pg.PoolClient) => {
      await client.query("SET maintenance_work_mem = '256MB'");
      try {
        for (let index = queue.shift(); index; index = queue.shift()) await client.query(nextIndexSql(index));
      } catch (error) {
        queue.length = 0;
        throw this.translate(error);
      }
      await client.query("RESET maintenance_work_mem");
    };
    const helper = async () => {
      if ((this.options.poolSize ?? 10) < 2) return;
      let client: pg.PoolClient;
      try {
        client = await this.pool.connect();
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
      throw this.translate(error);
    }
  }

  /** Removes models by id, bumping catalogue_version and notifying every replica, in one transaction. */
  async deleteModels(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const { rowCount } = await client.query("DELETE FROM models WHERE id = ANY($1::text[])", [ids]);
      await client.query(
        "UPDATE hubkit_meta SET value = (value::bigint + 1)::text WHERE key = 'catalogue_version'",
      );
      await client.query(`NOTIFY ${CATALOGUE_CHANNEL}`);
      await client.query("COMMIT");
      this.catalogueChanged();
      return rowCount ?? 0;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async beginImport(): Promise<ImportSession> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.translate(error);
    }
    let open = true;
    /**
     * The import's connection failed (the database died or dropped it): a COPY stream written after
     * that throws pg-copy-streams' raw "TypeError: Cannot read properties of undefined (reading
     * 'stream')", reported as the lost connection it is.
     */
    let lost: Error | undefined;
    const onLost = (error?: Error) => {
      lost ??= error ?? new Error("Connection terminated");
    };
    const onEnd = () => onLost();
    client.once("error", onLost);
    client.once("end", onEnd);
    // pg-copy-streams' TypeError on a connection that is gone can come before the client's own
    // 'error'/'end' event (CI saw it once): it means the same thing.
    const copyStreamGone = (error: unknown) =>
      error instanceof TypeError && /reading 'stream'/.test(error.message);
    const copyFailure = (error: unknown) =>
      (lost || copyStreamGone(error)) && !isConnectionError(error)
        ? new StoreUnavailableError(
            `The catalogue database connection was lost during the import (${lost?.message ?? "the connection ended"}); nothing was imported, try again shortly`,
          )
        : this.translate(error);
    let copy: Writable | undefined;
    let copyDone: Promise<void> | undefined;
    let records = 0;
    const seen = new Set<string>();
    let repeated = false;
    /** the catalogue was empty: rows are copied straight into the new table (see below) */
    let fresh = false;
    /** models_next was committed (without indexes) for the parallel index builds: abort drops it */
    let staged = false;
    const run = async (text: string, values: unknown[] = []) => {
      try {
        return await client.query(text, values);
      } catch (error) {
        throw this.translate(error);
      }
    };
    /** Gives the connection back; after an error it is closed instead, which also drops the lock. */
    const end = async (error?: Error) => {
      if (!open) return;
      open = false;
      if (!error) {
        try {
          await client.query("SELECT pg_advisory_unlock($1, $2)", [LOCK_CLASS, IMPORT_LOCK]);
        } catch (unlockError) {
          error = unlockError as Error;
        }
      }
      client.off("error", onLost);
      client.off("end", onEnd);
      client.release(error);
    };
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
      fresh = (await run("SELECT NOT EXISTS (SELECT 1 FROM models) AS empty")).rows[0].empty === true;
      if (fresh) await createNextTable(run);
      else
        await run(`CREATE TEMPORARY TABLE hubkit_import (
        ord bigint NOT NULL, id text COLLATE "C" NOT NULL, pipeline_tag text, library_name text,
        downloads bigint NOT NULL, likes bigint NOT NULL, created_at bigint NOT NULL,
        last_modified bigint NOT NULL, mapped boolean NOT NULL, tags text[] NOT NULL, doc text NOT NULL,
        trending bigint NOT NULL
      ) ON COMMIT DROP`);
    } catch (error) {
      await end(error as Error);
      throw error;
    }

    const startCopy = () => {
      const stream = client.query(
        copyFrom(
          fresh
            ? `COPY models_next (rowid, ${MODEL_COLUMNS}) FROM STDIN (FORMAT binary, FREEZE)`
            : "COPY hubkit_import FROM STDIN (FORMAT binary)",
        ),
      );
      stream.write(COPY_BINARY_HEADER);
      copyDone = new Promise<void>((resolve, reject) => {
        stream.on("finish", resolve);
        stream.on("error", reject);
      });
      // Errors surface through copyDone; this keeps an early one from being unhandled.
      copyDone.catch(() => {});
      return stream;
    };
    const finishCopy = async () => {
      if (!copy) return;
      const stream = copy;
      copy = undefined;
      try {
        stream.end(COPY_BINARY_TRAILER);
        await copyDone;
      } catch (error) {
        throw copyFailure(error);
      }
    };

    const abort = async () => {
      if (!open) return;
      try {
        if (copy) {
          copy.destroy(new Error("import aborted"));
          copy = undefined;
          await copyDone?.catch(() => {});
        }
        await client.query("ROLLBACK");
        if (staged) await client.query("DROP TABLE IF EXISTS models_next");
        await end();
      } catch (error) {
        await end(error as Error);
      }
    };

    /** Streams rows into COPY; waits while the connection is backed up. */
    const send = async (chunk: Buffer) => {
      let stream: Writable;
      let flowing: boolean;
      try {
        stream = copy ??= startCopy();
        flowing = stream.write(chunk);
      } catch (error) {
        throw copyFailure(error);
      }
      if (!flowing) {
        await new Promise<void>((resolve, reject) => {
          const onError = (error: Error) => reject(copyFailure(error));
          stream.once("drain", () => {
            stream.off("error", onError);
            resolve();
          });
          stream.once("error", onError);
        });
      }
    };

    return {
      write: async (models) => {
        if (!open) throw new Error("this import has ended");
        const rows = new CopyRowWriter();
        for (const model of models) {
          if (!repeated) {
            repeated = seen.has(model.id);
            seen.add(model.id);
          }
          // The ordinal is the rowid when the catalogue was empty (and no id repeats).
          rows.row(model, ++records);
        }
        await send(rows.buffer.subarray(0, rows.length));
      },
      writeCopyRows: async (rows: EncodedRows) => {
        if (!open) throw new Error("this import has ended");
        const body = Buffer.from(rows.body.buffer, rows.body.byteOffset, rows.body.byteLength);
        let start = 0;
        for (const end of rows.ends) {
          setOrdinal(body, start, ++records);
          start = end;
        }
        // The importer tracks repeated ids for these rows (the seen set serves write()).
        if (rows.repeated) repeated = true;
        await send(body);
      },
      commit: async (): Promise<UpsertSummary> => {
        if (!open) throw new Error("this import has ended");
        try {
          await finishCopy();
          let inserted: number;
          if (fresh && !repeated) {
            // The table is committed under its staging name (readers never look at it, the lock keeps
            // other imports away), so its indexes can be built on several connections at once; the
            // swap then takes one short transaction.
            await run("COMMIT");
            staged = true;
            const indexes = await modelIndexes(run);
            await this.buildNextIndexes(indexes, client);
            await run("BEGIN");
            await swapInNext(run, indexes);
            staged = false;
            inserted = records;
          } else {
            // With repeated ids: the last record of each, with the line where the id first appeared.
            const staged = fresh
              ? { table: "models_next", ord: "rowid" }
              : { table: "hubkit_import", ord: "ord" };
            const source: ImportSource = repeated
              ? { table: "hubkit_import_final", firstOrd: "first_ord" }
              : { table: "hubkit_import", firstOrd: "ord" };
            if (repeated)
              await run(`CREATE TEMPORARY TABLE hubkit_import_final ON COMMIT DROP AS
              SELECT i.*, f.first_ord FROM ${staged.table} i
              JOIN (SELECT id, min(${staged.ord}) AS first_ord, max(${staged.ord}) AS last_ord
                FROM ${staged.table} GROUP BY id) f
                ON f.id = i.id AND f.last_ord = i.${staged.ord}`);
            if (fresh) await run("DROP TABLE models_next");
            const [{ existing }] = (await run("SELECT count(*)::bigint AS existing FROM models")).rows as {
              existing: number;
            }[];
            inserted =
              records >= rebuildThreshold(existing, this.options.rebuildMinRows)
                ? await rebuildModels(run, source)
                : await upsertModels(run, source);
          }
          await run(
            "UPDATE hubkit_meta SET value = (value::bigint + 1)::text WHERE key = 'catalogue_version'",
          );
          // Delivered to every replica's listener when (and only if) the transaction commits.
          await run(`NOTIFY ${CATALOGUE_CHANNEL}`);
          await run("COMMIT");
          await end();
          this.catalogueChanged();
          const summary = { inserted, updated: records - inserted };
          // Fresh statistics for the planner, and a visibility map so sort-index scans stay index-only
          // (rows copied with FREEZE into an empty catalogue have it already, and their statistics
          // were gathered before the swap, see buildNextIndexes).
          if (!fresh || repeated) {
            if (records >= 10_000) await this.query("VACUUM (ANALYZE) models");
            else if (records > 0) await this.query("ANALYZE models");
          }
          return summary;
        } catch (error) {
          await abort();
          throw this.translate(error);
        }
      },
      abort,
    };
  }
}

type Run = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

const MODEL_COLUMNS =
  "id, pipeline_tag, library_name, downloads, likes, created_at, last_modified, mapped, tags, doc, trending";
const FINAL_COLUMNS = MODEL_COLUMNS.split(", ")
  .map((column) => `f.${column}`)
  .join(", ");
/** The import's records, one per id: the table and the column giving each id's first appearance. */
interface ImportSource {
  table: string;
  firstOrd: string;
}

/** New ids get rowids after the current largest, in order of first appearance (as SQLite assigns them). */
const newRows = (source: ImportSource) =>
  `SELECT (SELECT coalesce(max(rowid), 0) FROM models) + row_number() OVER (ORDER BY f.${source.firstOrd}),
  ${FINAL_COLUMNS} FROM ${source.table} f WHERE NOT EXISTS (SELECT 1 FROM models m WHERE m.id = f.id)`;

/**
 * Creates models_next, empty, with the columns of models. The document column gets no planner
 * statistics: no statement filters, sorts or groups by it (the plans of the store's statements are the
 * same without them, checked on 1M models), and they were a sixth of ANALYZE's time.
 */
async function createNextTable(run: Run): Promise<void> {
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
async function upsertModels(run: Run, source: ImportSource): Promise<number> {
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
async function rebuildModels(run: Run, source: ImportSource): Promise<number> {
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

interface ModelIndex {
  name: string;
  definition: string;
  constraint_name: string | null;
  constraint_type: "p" | "u" | null;
  constraint_definition: string | null;
}

/** The indexes (and the constraints they back) of models, from the catalogue's own definitions. */
async function modelIndexes(run: Run): Promise<ModelIndex[]> {
  const { rows } = await run(`SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition,
      c.conname AS constraint_name, c.contype AS constraint_type,
      pg_get_constraintdef(c.oid) AS constraint_definition
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
    LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = x.indrelid
    WHERE x.indrelid = 'models'::regclass ORDER BY i.relname`);
  return rows as ModelIndex[];
}

/** The statement that builds an index of models, named <name>_next, on models_next. */
function nextIndexSql(index: ModelIndex): string {
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
async function swapInNext(run: Run, built?: ModelIndex[]): Promise<void> {
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
 * Recomputes every row's derived tags and trending score (derived.ts) when the catalogue was indexed
 * by an older DERIVED_VERSION: one transaction under the import lock, so replicas starting together
 * do it once and readers see the catalogue before or after. Set-based: the documents are read in
 * pages, their derived values inserted a page per statement into a temporary table, and the table
 * rebuilt from it with its indexes built once (as a large import does), rather than
 * updating a million rows through nine indexes.
 */
async function refreshDerived(pool: pg.Pool): Promise<void> {
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

async function runMigrations(pool: pg.Pool): Promise<void> {
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

/** See openPostgresStore: errors of checked-out clients surface on their next statement. */
function ignoreClientError(): void {}

/**
 * Connects (failing with a message naming the database and the cause), applies pending migrations,
 * and returns the store. The pool reconnects by itself: requests made while the database is down get
 * a StoreUnavailableError, and the next ones after it is back succeed.
 */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<PostgresStore> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`HUBKIT_DATABASE_URL is not a valid URL: expected postgres://user@host:port/database`);
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw new Error(
      `HUBKIT_DATABASE_URL must start with postgres:// or postgresql://, got "${parsed.protocol}//…"`,
    );
  }
  const poolSize = options.poolSize ?? 10;
  if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 1000)
    throw new RangeError(`the database pool size must be an integer between 1 and 1000, got ${poolSize}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
    types: TYPES,
    application_name: "hubkit-hub",
  });
  // An idle connection that the server drops (restart, failover) must not crash the process; the pool
  // discards it and opens a new one on the next request.
  pool.on("error", () => {});
  // Nor a checked-out one: the pool listens only to idle clients, so an error the server sends to a
  // client between two statements (an import's open transaction, a search order being read, when the
  // server shuts down) would be an uncaught 'error' event and stop the hub. The next statement on that
  // client fails with a connection error (a 503), and the pool drops the client when it is released.
  pool.on("acquire", (client) => client.on("error", ignoreClientError));
  pool.on("release", (_error, client) => client.off("error", ignoreClientError));
  const where = redactDatabaseUrl(url);
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(`cannot connect to the catalogue database ${where}: ${(error as Error).message}`);
  }
  try {
    await runMigrations(pool);
    await refreshDerived(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(`cannot prepare the catalogue database ${where}: ${(error as Error).message}`);
  }
  const store = new PostgresStore(pool, url, options);
  await store.listen();
  return store;
}

export { SORT_FIELDS };
