// The model catalogue in SQLite: one row per model (the JSON document plus the columns the filters and
// sorts use), a tag table for `filter=`, and an FTS5 trigram index over ids for substring search.
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { DERIVED_VERSION, filterTags, trendingOf, trendingScore } from "../catalogue/derived.js";
import type { HubModel } from "../catalogue/model-record.js";
import { SearchOrder } from "./search-order.js";

export const SORT_FIELDS = ["downloads", "likes", "lastModified", "createdAt", "trending"] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** Each sort field's column (the same in both stores' tables). */
export const SORT_COLUMNS: Record<SortField, string> = {
  downloads: "downloads",
  likes: "likes",
  lastModified: "last_modified",
  createdAt: "created_at",
  trending: "trending",
};

export interface ModelQuery {
  search?: string;
  author?: string;
  pipelineTag?: string;
  library?: string;
  /** every tag must be present (tags, pipeline_tag and library_name all count as tags) */
  tags: string[];
  /** only these ids (hubkit's `mirrored=true`: the repos the mirror holds) */
  ids?: string[];
  sort: SortField;
  direction: 1 | -1;
  limit: number;
  cursor?: ListCursor;
}

/** Keyset position: the sort value and rowid of the last model of the previous page. */
export interface ListCursor {
  sort: SortField;
  direction: 1 | -1;
  value: number;
  rowid: number;
}

export interface ModelPage {
  models: HubModel[];
  next?: ListCursor;
  plan: ListPlan;
}

/** Per-value model counts for the models list's filters (GET /api/models-facets). */
export interface FacetCounts {
  total: number;
  pipeline_tag: Record<string, number>;
  /** every filter tag: the models' own tags, pipelines and libraries, and the derived tags */
  tags: Record<string, number>;
}

/** FacetCounts over the matches of a query, with the models per library_name among them. */
export interface MatchFacetCounts extends FacetCounts {
  library_name: Record<string, number>;
}

/** Filtered facet answers each store keeps (one per filter combination recently asked). */
export const MATCH_FACET_CACHE = 128;

/**
 * Both stores' recent matchFacetCounts answers, by query: kept while the catalogue's version (the
 * store's own change key) stays the same, the oldest dropped past MATCH_FACET_CACHE.
 */
export class MatchFacetCache {
  private readonly answers = new Map<string, MatchFacetCounts>();
  private version = "";

  /** The key of a query's answer (its filters, not its sort or page); a new version empties the cache. */
  keyOf(query: ModelQuery, version: string): string {
    if (this.version !== version) {
      this.answers.clear();
      this.version = version;
    }
    return JSON.stringify([
      query.search,
      query.author,
      query.pipelineTag,
      query.library,
      query.tags,
      query.ids,
    ]);
  }

  get(key: string): MatchFacetCounts | undefined {
    return this.answers.get(key);
  }

  set(key: string, counts: MatchFacetCounts): MatchFacetCounts {
    if (this.answers.size >= MATCH_FACET_CACHE) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, counts);
    return counts;
  }
}

/** Counts keyed in code-unit order, so both stores answer the same bytes. */
export function sortedCounts(rows: { value: string; n: number }[]): Record<string, number> {
  const sorted = [...rows].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return Object.fromEntries(sorted.map((row) => [row.value, row.n]));
}

export interface UpsertSummary {
  inserted: number;
  updated: number;
}

/**
 * Records encoded as binary COPY rows (copy-format.ts) with their ordinals still 0, in order: `body`
 * holds them back to back, row i ending at ends[i].
 */
export interface EncodedRows {
  body: Uint8Array;
  ends: Uint32Array;
  /** an id of these rows appeared earlier in the import (in these rows or before) */
  repeated: boolean;
}

/**
 * One import, applied as a single transaction: readers (this server or others on the same store) see
 * the catalogue as it was until commit() and all of it after; a killed import leaves nothing behind.
 */
export interface ImportSession {
  /** upserts models in order; a later record with the same id replaces the earlier one */
  write(models: HubModel[]): Promise<void>;
  /**
   * When present, the same as write() for records already encoded as binary COPY rows (see
   * copy-format.ts): the importer's worker threads parse, validate and encode lines, and the session
   * only streams the bytes. An import uses one of write() and writeCopyRows(), not both.
   */
  writeCopyRows?(rows: EncodedRows): Promise<void>;
  commit(): Promise<UpsertSummary>;
  /** discards everything written (safe to call after a failed write or commit) */
  abort(): Promise<void>;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS models (
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  pipeline_tag TEXT,
  library_name TEXT,
  downloads INTEGER NOT NULL,
  likes INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  last_modified INTEGER NOT NULL,
  mapped INTEGER NOT NULL DEFAULT 0,
  doc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS model_tags (
  tag TEXT NOT NULL,
  model INTEGER NOT NULL,
  PRIMARY KEY (tag, model)
) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS models_fts USING fts5(id, content='models', content_rowid='rowid', tokenize='trigram');
`;

// Secondary indexes, dropped during a bulk load and rebuilt once at the end. The sort indexes hold
// (sort value, rowid, id): they deliver rows in list order (ties by rowid) and let a search test ids
// without reading the table.
const INDEXES = `
CREATE INDEX IF NOT EXISTS models_order_downloads ON models(downloads, rowid, id);
CREATE INDEX IF NOT EXISTS models_order_likes ON models(likes, rowid, id);
CREATE INDEX IF NOT EXISTS models_order_created ON models(created_at, rowid, id);
CREATE INDEX IF NOT EXISTS models_order_modified ON models(last_modified, rowid, id);
CREATE INDEX IF NOT EXISTS models_pipeline ON models(pipeline_tag, downloads);
CREATE INDEX IF NOT EXISTS models_library ON models(library_name, downloads);
CREATE INDEX IF NOT EXISTS model_tags_model ON model_tags(model);
CREATE INDEX IF NOT EXISTS models_mapped ON models(mapped) WHERE mapped = 1;
CREATE INDEX IF NOT EXISTS models_order_trending ON models(trending, rowid, id);
`;
const INDEX_NAMES = [
  "models_order_downloads",
  "models_order_likes",
  "models_order_created",
  "models_order_modified",
  "models_pipeline",
  "models_library",
  "model_tags_model",
  "models_mapped",
  "models_order_trending",
];
/** Single-column sort indexes of earlier versions, replaced by the models_order_* ones. */
const RETIRED_INDEX_NAMES = ["models_downloads", "models_likes", "models_created", "models_modified"];

const ORDER_INDEXES: Record<SortField, string> = {
  downloads: "models_order_downloads",
  likes: "models_order_likes",
  lastModified: "models_order_modified",
  createdAt: "models_order_created",
  trending: "models_order_trending",
};

export interface CatalogueOptions {
  /**
   * How many ids a search reads in list order (in memory, see SearchOrder) looking for a page of matches
   * before it switches to the FTS index. Frequent terms fill a page within a few hundred ids; rare ones
   * fall through to the FTS index, whose matches are then few enough to sort. 0 disables the scan.
   */
  searchWalkRows?: number;
}

export const DEFAULT_SEARCH_WALK_ROWS = 100_000;

/**
 * How a page of models was found (exposed for tests and diagnostics). PostgreSQL adds "index-scan":
 * the first ids in list order read from the sort index.
 */
export type ListPlan = "list" | "ordered-scan" | "index-scan" | "fts-sort";

/**
 * A listing's page in both stores, from the rows read in order (up to limit + 1: one more than the
 * page says a next page exists), with the cursor after its last row.
 */
export function pageOf<Row extends { rowid: number }>(
  rows: Row[],
  query: ModelQuery,
  plan: ListPlan,
  read: { model(row: Row): HubModel; sortValue(row: Row): number },
): ModelPage {
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    models: page.map(read.model),
    next:
      rows.length > query.limit && last
        ? { sort: query.sort, direction: query.direction, value: read.sortValue(last), rowid: last.rowid }
        : undefined,
    plan,
  };
}

/** Pages kept by the list cache (about 40 KB each at limit 20, so a few MB at most). */
const LIST_CACHE_PAGES = 256;

/** Upserting more new models than this in one import switches to bulk mode (indexes and FTS rebuilt at the end). */
export const BULK_THRESHOLD = 20_000;

interface ListRow {
  rowid: number;
  sortValue: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The SQL conditions (on `models m`) of a query's search terms and filters, appended to `where` and
 * `params`: the list, the count and the in-memory walk's filter check all read the same ones.
 */
function matchClauses(
  query: ModelQuery,
  terms: string[],
  where: string[],
  params: (string | number)[],
): void {
  for (const term of terms) {
    if ([...term].length >= 3) {
      where.push("m.rowid IN (SELECT rowid FROM models_fts WHERE models_fts MATCH ?)");
      params.push(`"${term.replace(/"/g, '""')}"`);
    } else {
      // The trigram index needs three characters; shorter terms scan the ids.
      where.push("m.id LIKE ? ESCAPE '\\'");
      params.push(`%${escapeLike(term)}%`);
    }
  }
  if (query.author) {
    where.push("m.id >= ? AND m.id < ?");
    params.push(`${query.author}/`, `${query.author}0`); // "0" sorts right after "/"
  }
  if (query.pipelineTag) {
    where.push("m.pipeline_tag = ?");
    params.push(query.pipelineTag);
  }
  if (query.library) {
    where.push("m.library_name = ?");
    params.push(query.library);
  }
  for (const tag of query.tags) {
    where.push("m.rowid IN (SELECT model FROM model_tags WHERE tag = ?)");
    params.push(tag);
  }
  if (query.ids) {
    // One parameter (a JSON array) whatever the count: the statement's shape stays the same.
    where.push("m.id IN (SELECT value FROM json_each(?))");
    params.push(JSON.stringify(query.ids));
  }
}

export class CatalogueStore {
  readonly db: Database.Database;
  /** bumped on every write through this connection, to invalidate cached aggregates */
  private localWrites = 0;
  private libraryCountsCache?: { key: string; counts: Map<string, number> };
  private facetCache?: { key: string; counts: FacetCounts };
  /** matchFacetCounts' recent answers, valid while changeKey() stays the same */
  private readonly matchFacetCache = new MatchFacetCache();
  /**
   * Recent pages by query, least recently used first, valid while the database is unchanged
   * (`changeKey`): a hot search (the same few terms asked by many visitors) then costs a map look-up
   * instead of a walk and 20 document reads. Bounded by LIST_CACHE_PAGES.
   */
  private readonly listCache = new Map<string, ModelPage>();
  private listCacheKey = "";

  private readonly selectRowid: Database.Statement<[string], { rowid: number }>;
  private readonly insertModel: Database.Statement;
  private readonly updateModel: Database.Statement;
  private readonly deleteTags: Database.Statement;
  private readonly insertTag: Database.Statement;
  private readonly insertFts: Database.Statement;
  private readonly selectDoc: Database.Statement<[string], { doc: string }>;
  private readonly selectDocByRowid: Database.Statement<[number], { doc: string }>;
  /** list queries are built from the filters present; a few dozen shapes cover every request */
  private readonly listStatements = new Map<string, Database.Statement>();
  private readonly searchWalkRows: number;
  private readonly searchOrders = new Map<SortField, { key: string; order: SearchOrder }>();

  constructor(
    readonly dataDir: string,
    options: CatalogueOptions = {},
  ) {
    const walkRows = options.searchWalkRows ?? DEFAULT_SEARCH_WALK_ROWS;
    if (!Number.isSafeInteger(walkRows) || walkRows < 0)
      throw new RangeError(`searchWalkRows must be a non-negative integer, got ${walkRows}`);
    this.searchWalkRows = walkRows;
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(path.join(dataDir, "hub.sqlite"));
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("busy_timeout = 5000");
    // Searches read index pages all over a large catalogue: keep them in memory (64 MiB page cache,
    // and the file memory-mapped so the OS page cache serves the rest without a copy per read).
    this.db.pragma("cache_size = -65536");
    this.db.pragma("mmap_size = 4294967296");
    this.db.exec(SCHEMA);
    this.addDerivedColumns();
    this.migrateIndexes();
    this.refreshDerived();
    this.repairSearchIndex();
    this.selectRowid = this.db.prepare("SELECT rowid FROM models WHERE id = ?");
    this.insertModel = this.db.prepare(
      `INSERT INTO models (id, pipeline_tag, library_name, downloads, likes, created_at, last_modified, mapped, doc, trending)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.updateModel = this.db.prepare(
      `UPDATE models SET pipeline_tag = ?, library_name = ?, downloads = ?, likes = ?, created_at = ?,
       last_modified = ?, mapped = ?, doc = ?, trending = ? WHERE rowid = ?`,
    );
    this.deleteTags = this.db.prepare("DELETE FROM model_tags WHERE model = ?");
    this.insertTag = this.db.prepare("INSERT OR IGNORE INTO model_tags (tag, model) VALUES (?, ?)");
    this.insertFts = this.db.prepare("INSERT INTO models_fts (rowid, id) VALUES (?, ?)");
    this.selectDoc = this.db.prepare("SELECT doc FROM models WHERE id = ?");
    this.selectDocByRowid = this.db.prepare("SELECT doc FROM models WHERE rowid = ?");
  }

  /** Creates missing indexes; a database from an earlier version swaps its sort indexes once. */
  private migrateIndexes(): void {
    const existing = new Set(
      (
        this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[]
      ).map((row) => row.name),
    );
    const created = Object.values(ORDER_INDEXES).filter((name) => !existing.has(name));
    this.db.exec(INDEXES);
    for (const name of RETIRED_INDEX_NAMES) if (existing.has(name)) this.db.exec(`DROP INDEX ${name}`);
    // Give the planner statistics for the new indexes when the others have them (after a bulk load).
    const analysed = this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get();
    if (analysed) for (const name of created) this.db.exec(`ANALYZE ${name}`);
  }

  /**
   * Earlier versions loaded large imports in several transactions with the FTS index rebuilt only at
   * the end, so a killed import left committed rows out of it (integrity check: malformed). Every
   * model has one FTS entry; when the counts differ, the index is rebuilt from the table.
   */
  private repairSearchIndex(): void {
    const models = (this.db.prepare("SELECT COUNT(*) AS n FROM models").get() as { n: number }).n;
    const indexed = (this.db.prepare("SELECT COUNT(*) AS n FROM models_fts_docsize").get() as { n: number })
      .n;
    if (models !== indexed) {
      this.db.exec("INSERT INTO models_fts (models_fts) VALUES ('rebuild')");
      this.repairs.push(`search index rebuilt (${indexed} of ${models} models were indexed)`);
    }
  }

  /** Adds the columns of later versions to a database made by an earlier one. */
  private addDerivedColumns(): void {
    const columns = new Set(
      (this.db.prepare("PRAGMA table_info(models)").all() as { name: string }[]).map((row) => row.name),
    );
    if (!columns.has("trending"))
      this.db.exec("ALTER TABLE models ADD COLUMN trending INTEGER NOT NULL DEFAULT 0");
  }

  /**
   * Recomputes the derived tags and trending score of every row when the database was indexed by an
   * older DERIVED_VERSION (see derived.ts), in one transaction. Set-based: one UPDATE for the scores
   * (from the columns) and one INSERT … SELECT for the tags, through functions that call derived.ts,
   * with the two indexes they touch dropped and built again once (a million models in seconds, where
   * row-by-row statements took minutes).
   */
  private refreshDerived(): void {
    const version = this.getMeta("derived_version");
    if (version === String(DERIVED_VERSION)) return;
    this.db.function("hubkit_trending", { deterministic: true }, (downloads, likes, createdAt) =>
      trendingOf(Number(downloads), Number(likes), Number(createdAt)),
    );
    this.db.function("hubkit_filter_tags", { deterministic: true }, (doc) =>
      JSON.stringify(filterTags(JSON.parse(String(doc)) as HubModel)),
    );
    let done = 0;
    this.db.transaction(() => {
      done = this.count();
      this.db.exec("DROP INDEX IF EXISTS models_order_trending; DROP INDEX IF EXISTS model_tags_model");
      this.db.exec("UPDATE models SET trending = hubkit_trending(downloads, likes, created_at)");
      this.db.exec("DELETE FROM model_tags");
      // Rows come in rowid order, so each tag's entries are appended at the end of its range.
      this.db.exec(`INSERT INTO model_tags (tag, model)
        SELECT t.value, m.rowid FROM models m, json_each(hubkit_filter_tags(m.doc)) t`);
      this.db.exec(INDEXES);
      // Dropping an index dropped its statistics: give the planner them back when the others have some.
      if (this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get())
        this.db.exec("ANALYZE models_order_trending; ANALYZE model_tags_model");
      this.setMeta("derived_version", String(DERIVED_VERSION));
    })();
    if (done > 0) this.repairs.push(`derived tags and trending scores computed for ${done} models`);
  }

  /**
   * How many models match the query's filters and search (its sort and cursor aside), counting at most
   * `cap` + 1: `exact` is false when there are more than `cap`.
   */
  countModels(query: ModelQuery, cap: number): { count: number; exact: boolean } {
    const where: string[] = [];
    const params: (string | number)[] = [];
    matchClauses(query, (query.search ?? "").split(/\s+/).filter(Boolean), where, params);
    const sql =
      "SELECT COUNT(*) AS n FROM (SELECT 1 FROM models m" +
      (where.length ? ` WHERE ${where.join(" AND ")}` : "") +
      " LIMIT ?)";
    const { n } = this.listStatement(sql).get(...params, cap + 1) as { n: number };
    return { count: Math.min(n, cap), exact: n <= cap };
  }

  /**
   * Models per value of each facet over the whole catalogue: pipeline tags, library names and every
   * filter tag (their own and the derived ones), cached until the database changes.
   */
  facetCounts(): FacetCounts {
    const key = this.changeKey();
    if (this.facetCache?.key === key) return this.facetCache.counts;
    const pipelines = this.db
      .prepare(
        "SELECT pipeline_tag AS value, COUNT(*) AS n FROM models WHERE pipeline_tag IS NOT NULL GROUP BY pipeline_tag",
      )
      .all() as { value: string; n: number }[];
    const tags = this.db.prepare("SELECT tag AS value, COUNT(*) AS n FROM model_tags GROUP BY tag").all() as {
      value: string;
      n: number;
    }[];
    const counts: FacetCounts = {
      total: this.count(),
      pipeline_tag: sortedCounts(pipelines),
      tags: sortedCounts(tags),
    };
    this.facetCache = { key, counts };
    return counts;
  }

  /**
   * As facetCounts, over the models that match the query's filters and search only (its sort and
   * cursor aside), with the models per library_name: the counts the models list shows beside each
   * value when other filters are active. Two grouped reads over the matches (the same conditions as
   * countModels): the rows' pipeline and library pairs, and their tags; recent answers are kept until
   * the database changes.
   */
  matchFacetCounts(query: ModelQuery): MatchFacetCounts {
    const cacheKey = this.matchFacetCache.keyOf(query, this.changeKey());
    const cached = this.matchFacetCache.get(cacheKey);
    if (cached) return cached;
    const where: string[] = [];
    const params: (string | number)[] = [];
    matchClauses(query, (query.search ?? "").split(/\s+/).filter(Boolean), where, params);
    const matches = `SELECT m.rowid FROM models m${where.length ? ` WHERE ${where.join(" AND ")}` : ""}`;
    // Pipelines and libraries in one pass over the matching rows (each row read once).
    const pairs = this.listStatement(
      `SELECT pipeline_tag AS pipeline, library_name AS library, COUNT(*) AS n FROM models WHERE rowid IN (${matches}) GROUP BY 1, 2`,
    ).all(...params) as { pipeline: string | null; library: string | null; n: number }[];
    const sum = (key: "pipeline" | "library") => {
      const totals = new Map<string | null, number>();
      for (const row of pairs) totals.set(row[key], (totals.get(row[key]) ?? 0) + row.n);
      return [...totals].map(([value, n]) => ({ value, n }));
    };
    const pipelines = sum("pipeline");
    const libraries = sum("library");
    const tags = this.listStatement(
      `SELECT tag AS value, COUNT(*) AS n FROM model_tags WHERE model IN (${matches}) GROUP BY tag`,
    ).all(...params) as { value: string; n: number }[];
    const named = (rows: { value: string | null; n: number }[]) =>
      rows.filter((row): row is { value: string; n: number } => row.value !== null);
    const counts: MatchFacetCounts = {
      total: pipelines.reduce((sum, row) => sum + row.n, 0),
      pipeline_tag: sortedCounts(named(pipelines)),
      tags: sortedCounts(tags),
      library_name: sortedCounts(named(libraries)),
    };
    return this.matchFacetCache.set(cacheKey, counts);
  }

  /** What the last open found broken and repaired (for the server's log and tests). */
  readonly repairs: string[] = [];

  close(): void {
    this.db.close();
  }

  getMeta(key: string): string | undefined {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as
      { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      )
      .run(key, value);
  }

  count(): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM models").get() as { n: number }).n;
  }

  getModel(id: string): HubModel | undefined {
    const row = this.selectDoc.get(id);
    return row ? (JSON.parse(row.doc) as HubModel) : undefined;
  }

  /** Upserts one batch in one transaction (a savepoint inside an import). In bulk mode new rows skip the FTS index (see beginImport). */
  upsertBatch(models: HubModel[], bulk = false): UpsertSummary {
    const summary: UpsertSummary = { inserted: 0, updated: 0 };
    const run = this.db.transaction((batch: HubModel[]) => {
      for (const model of batch) {
        const columns = [
          model.pipeline_tag ?? null,
          model.library_name ?? null,
          model.downloads,
          model.likes,
          Date.parse(model.createdAt),
          Date.parse(model.lastModified),
          model.inferenceProviderMapping && Object.keys(model.inferenceProviderMapping).length > 0 ? 1 : 0,
          JSON.stringify(model),
          trendingScore(model),
        ];
        const existing = this.selectRowid.get(model.id);
        let rowid: number;
        if (existing) {
          rowid = existing.rowid;
          this.updateModel.run(...columns, rowid);
          this.deleteTags.run(rowid);
          summary.updated++;
        } else {
          rowid = Number(this.insertModel.run(model.id, ...columns).lastInsertRowid);
          // The FTS index holds only the id, which an update never changes.
          if (!bulk) this.insertFts.run(rowid, model.id);
          summary.inserted++;
        }
        for (const tag of filterTags(model)) this.insertTag.run(tag, rowid);
      }
    });
    run(models);
    this.localWrites++;
    return summary;
  }

  /** Removes models by id (a hosted repo deleted, moved or made private); returns how many were there. */
  deleteModels(ids: string[]): number {
    let removed = 0;
    this.db.transaction(() => {
      for (const id of ids) {
        const row = this.selectRowid.get(id);
        if (!row) continue;
        this.deleteTags.run(row.rowid);
        this.db
          .prepare("INSERT INTO models_fts (models_fts, rowid, id) VALUES ('delete', ?, ?)")
          .run(row.rowid, id);
        this.db.prepare("DELETE FROM models WHERE rowid = ?").run(row.rowid);
        removed++;
      }
    })();
    this.localWrites++;
    return removed;
  }

  /**
   * Starts an import: one write transaction (BEGIN IMMEDIATE) held across every batch. Past
   * BULK_THRESHOLD new models the secondary indexes are dropped and new rows skip the FTS index; commit
   * rebuilds both before COMMIT, so no reader ever sees the catalogue without them (WAL readers keep
   * their snapshot) and a killed import rolls back as a whole.
   */
  beginImport(): ImportSession {
    if (this.db.inTransaction) throw new Error("an import is already under way on this connection");
    this.db.exec("BEGIN IMMEDIATE");
    let bulk = false;
    let open = true;
    const summary: UpsertSummary = { inserted: 0, updated: 0 };
    const rollback = () => {
      if (open && this.db.inTransaction) this.db.exec("ROLLBACK");
      open = false;
    };
    return {
      write: async (models) => {
        if (!open) throw new Error("this import has ended");
        const batch = this.upsertBatch(models, bulk);
        summary.inserted += batch.inserted;
        summary.updated += batch.updated;
        if (!bulk && summary.inserted > BULK_THRESHOLD) {
          bulk = true;
          for (const name of INDEX_NAMES) this.db.exec(`DROP INDEX IF EXISTS ${name}`);
          this.db.pragma("cache_size = -262144");
        }
      },
      commit: async () => {
        if (!open) throw new Error("this import has ended");
        try {
          if (bulk) {
            this.db.exec(INDEXES);
            this.db.exec("INSERT INTO models_fts (models_fts) VALUES ('rebuild')");
            this.db.exec("ANALYZE");
          }
          this.db.exec("COMMIT");
          open = false;
        } catch (error) {
          rollback();
          throw error;
        } finally {
          this.localWrites++;
        }
        if (bulk) {
          this.db.pragma("cache_size = -65536");
          this.db.pragma("wal_checkpoint(TRUNCATE)");
        }
        return summary;
      },
      abort: async () => {
        rollback();
        this.localWrites++;
        if (bulk) this.db.pragma("cache_size = -65536");
      },
    };
  }

  /**
   * One page of models in (sort value, rowid) order, after the cursor. Without a search SQLite reads the
   * sort index in order with the filters applied. With a search, the ids are first scanned in list order
   * (up to `searchWalkRows` of them, in memory) and the filters checked on each match, which ends quickly
   * when the terms are common; when that does not fill the page, the FTS index lists the matches and
   * SQLite sorts them. Both plans give the same pages; full documents are read only for the page.
   */
  listModels(query: ModelQuery): ModelPage {
    const changeKey = this.changeKey();
    if (changeKey !== this.listCacheKey) {
      this.listCache.clear();
      this.listCacheKey = changeKey;
    }
    const key = JSON.stringify(query);
    const cached = this.listCache.get(key);
    if (cached) {
      this.listCache.delete(key);
      this.listCache.set(key, cached);
      return cached;
    }
    const page = this.readPage(query);
    if (this.listCache.size >= LIST_CACHE_PAGES) this.listCache.delete(this.listCache.keys().next().value!);
    this.listCache.set(key, page);
    return page;
  }

  private readPage(query: ModelQuery): ModelPage {
    const terms = (query.search ?? "").split(/\s+/).filter(Boolean);
    let plan: ListPlan = "list";
    let rows: ListRow[] | undefined;
    // Printable ASCII terms only (ids are ASCII): for those, lower-casing is the FTS tokenizer's folding.
    if (terms.length > 0 && this.searchWalkRows > 0 && terms.every((term) => /^[\x21-\x7e]+$/.test(term))) {
      rows = this.walkSearchOrder(query, terms);
      plan = "ordered-scan";
    }
    if (!rows) {
      rows = this.selectSorted(query, terms);
      if (terms.length > 0) plan = "fts-sort";
    }
    return pageOf(rows, query, plan, {
      model: (row) => this.docByRowid(row.rowid),
      sortValue: (row) => row.sortValue,
    });
  }

  /** The in-memory walk (see SearchOrder); undefined when it read its budget without filling the page. */
  private walkSearchOrder(query: ModelQuery, terms: string[]): ListRow[] | undefined {
    const result = this.searchOrder(query.sort).walk({
      terms: terms.map((term) => term.toLowerCase()),
      direction: query.direction,
      cursor: query.cursor,
      want: query.limit + 1,
      maxEntries: this.searchWalkRows,
      accept: this.candidateFilter(query),
    });
    return result.rows.length > query.limit || result.exhausted ? result.rows : undefined;
  }

  /** The ids in `sort` order, rebuilt after the database changes (here or in another process). */
  private searchOrder(sort: SortField): SearchOrder {
    const key = this.changeKey();
    const cached = this.searchOrders.get(sort);
    if (cached?.key === key) return cached.order;
    const column = SORT_COLUMNS[sort];
    const rows = this.db
      .prepare(
        `SELECT rowid, ${column}, id FROM models INDEXED BY ${ORDER_INDEXES[sort]} ORDER BY ${column} DESC, rowid DESC`,
      )
      .raw()
      .iterate() as IterableIterator<[number, number, string]>;
    const order = new SearchOrder(rows);
    // Rare terms are answered from its trigram posting lists once they are built, in the background.
    void order.preparePostings();
    this.searchOrders.set(sort, { key, order });
    return order;
  }

  /** A check of the non-search filters for one model, or undefined when there are none. */
  private candidateFilter(query: ModelQuery): ((rowid: number) => boolean) | undefined {
    const where: string[] = [];
    const params: (string | number)[] = [];
    matchClauses(query, [], where, params);
    if (where.length === 0) return undefined;
    const statement = this.listStatement(
      `SELECT 1 FROM models m WHERE m.rowid = ? AND ${where.join(" AND ")}`,
    );
    return (rowid) => statement.get(rowid, ...params) !== undefined;
  }

  /** Changes with every commit to the database, by this connection or any other (PRAGMA data_version). */
  changeKey(): string {
    return `${this.db.pragma("data_version", { simple: true })}:${this.localWrites}`;
  }

  /** Every match of the filters (and FTS terms), ordered by SQLite, then the first limit + 1. */
  private selectSorted(query: ModelQuery, terms: string[]): ListRow[] {
    const where: string[] = [];
    const params: (string | number)[] = [];
    const column = SORT_COLUMNS[query.sort];
    const order = query.direction === -1 ? "DESC" : "ASC";

    matchClauses(query, terms, where, params);
    if (query.cursor) {
      // A row value compares like the keyset does and lets SQLite seek the sort index to the cursor.
      where.push(`(m.${column}, m.rowid) ${query.direction === -1 ? "<" : ">"} (?, ?)`);
      params.push(query.cursor.value, query.cursor.rowid);
    }
    const sql =
      `SELECT m.rowid AS rowid, m.${column} AS sortValue FROM models m` +
      (where.length ? ` WHERE ${where.join(" AND ")}` : "") +
      ` ORDER BY m.${column} ${order}, m.rowid ${order} LIMIT ?`;
    return this.listStatement(sql).all(...params, query.limit + 1) as ListRow[];
  }

  private listStatement(sql: string): Database.Statement {
    let statement = this.listStatements.get(sql);
    if (!statement) {
      if (this.listStatements.size >= 256) this.listStatements.clear();
      statement = this.db.prepare(sql);
      this.listStatements.set(sql, statement);
    }
    return statement;
  }

  private docByRowid(rowid: number): HubModel {
    const row = this.selectDocByRowid.get(rowid);
    if (!row) throw new Error(`model row ${rowid} vanished while its page was read`);
    return JSON.parse(row.doc) as HubModel;
  }

  /** Models that some inference provider serves (a partial index keeps this cheap at any size). */
  mappedModels(limit = 10_000): HubModel[] {
    const rows = this.db.prepare("SELECT doc FROM models WHERE mapped = 1 LIMIT ?").all(limit) as {
      doc: string;
    }[];
    return rows.map((row) => JSON.parse(row.doc) as HubModel);
  }

  /** Number of models per library_name, cached until the database changes. */
  libraryCounts(): Map<string, number> {
    const key = this.changeKey();
    if (this.libraryCountsCache?.key === key) return this.libraryCountsCache.counts;
    const rows = this.db
      .prepare(
        "SELECT library_name AS library, COUNT(*) AS n FROM models WHERE library_name IS NOT NULL GROUP BY library_name",
      )
      .all() as { library: string; n: number }[];
    const counts = new Map(rows.map((row) => [row.library, row.n]));
    this.libraryCountsCache = { key, counts };
    return counts;
  }
}

export function openCatalogue(dataDir: string, options?: CatalogueOptions): CatalogueStore {
  return new CatalogueStore(dataDir, options);
}
