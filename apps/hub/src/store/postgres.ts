// The catalogue in PostgreSQL, for several hub replicas on one database. Same rows as the SQLite
// store (the JSON document plus the columns filters and sorts use, rowids assigned the same way), so
// the API answers byte for byte the same: sort indexes (value, rowid) INCLUDE (id) for keyset pages
// and ordered search scans, a pg_trgm GIN index on lower(id) for rare search terms, a GIN index on
// the filter tags. Imports COPY into a temporary table and upsert from it in one transaction
// (postgres-import.ts); the schema and its migrations are in postgres-schema.ts, the table rebuilds
// imports share in postgres-tables.ts.
import pg from "pg";
import {
  DEFAULT_SEARCH_WALK_ROWS,
  SORT_COLUMNS,
  SORT_FIELDS,
  sortedCounts,
  type FacetCounts,
  type ImportSession,
  MatchFacetCache,
  pageOf,
  type MatchFacetCounts,
  type ListPlan,
  type ModelPage,
  type ModelQuery,
  type SortField,
} from "./sqlite.js";
import type { HubModel } from "../catalogue/model-record.js";
import { beginPostgresImport, CATALOGUE_CHANNEL } from "./postgres-import.js";
import { escapeLike, isConnectionError, redactDatabaseUrl, TYPES } from "./postgres-connection.js";
import { refreshDerived, runMigrations } from "./postgres-schema.js";
import { SearchOrder } from "./search-order.js";
import { StoreUnavailableError, type HubStore } from "./interface.js";

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

/** What searchInMemory answers when it read the in-memory order past the SQL walk plan's reach without a page. */
const READ_WITHOUT_PAGE = Symbol("read without a page");

/**
 * Names of the prepared statements, by text (one per statement shape: the search's documents
 * statement has one shape per combination of filters, so there are a few dozen at most).
 */
const PREPARED_NAMES = new Map<string, string>();

/** Pages kept by the list cache (a few KB each at the usual limits). */
const LIST_CACHE_PAGES = 256;
/**
 * Longest life of a cached page. NOTIFY clears the cache at once; this bounds how stale a page can be
 * if a listener connection dies silently (no error until TCP gives up) and misses a notification.
 */
const LIST_CACHE_MAX_AGE_MS = 2000;

const modelOfRow = (row: { doc: string }) => JSON.parse(row.doc) as HubModel;

/** The conditions (on `models m`) of a query's filters but its search; `param` numbers each value. */
function filterClauses(query: ModelQuery, param: (value: unknown) => string): string[] {
  const where: string[] = [];
  if (query.author) {
    // "0" sorts right after "/" (ids are COLLATE "C": byte order, as in SQLite).
    where.push(`m.id >= ${param(`${query.author}/`)} AND m.id < ${param(`${query.author}0`)}`);
  }
  if (query.pipelineTag) where.push(`m.pipeline_tag = ${param(query.pipelineTag)}`);
  if (query.library) where.push(`m.library_name = ${param(query.library)}`);
  if (query.tags.length > 0) where.push(`m.tags @> ${param(query.tags)}::text[]`);
  if (query.ids) where.push(`m.id = ANY(${param(query.ids)}::text[])`);
  return where;
}

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
  /** matchFacetCounts' recent answers, valid for one catalogue_version */
  private readonly matchFacetCache = new MatchFacetCache();
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
    return [...where, ...filterClauses(query, param)];
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
    const cacheKey = this.matchFacetCache.keyOf(query, version);
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
    return this.matchFacetCache.set(cacheKey, counts);
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
    const filters = () => filterClauses(query, param);
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
    return pageOf<PageRow>(rows, query, plan, { model: modelOfRow, sortValue: (row) => row.v });
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
    const where = filterClauses(query, param);
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
    return pageOf<(typeof accepted)[number]>(accepted, query, "ordered-scan", {
      model: modelOfRow,
      sortValue: (row) => row.sortValue,
    });
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

  /** Removes models by id, bumping catalogue_version and notifying every replica, in one transaction. */
  beginImport(): Promise<ImportSession> {
    return beginPostgresImport({
      pool: this.pool,
      poolSize: this.options.poolSize ?? 10,
      rebuildMinRows: this.options.rebuildMinRows,
      translate: (error) => this.translate(error),
      catalogueChanged: () => this.catalogueChanged(),
      query: (text) => this.query(text),
    });
  }

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
export { MIGRATIONS } from "./postgres-schema.js";
