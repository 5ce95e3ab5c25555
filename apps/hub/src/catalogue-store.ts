// The model catalogue in SQLite: one row per model (the JSON document plus the columns the filters and
// sorts use), a tag table for `filter=`, and an FTS5 trigram index over ids for substring search.
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { HubModel } from "./model-record.js";

export const SORT_FIELDS = ["downloads", "likes", "lastModified", "createdAt"] as const;
export type SortField = (typeof SORT_FIELDS)[number];

const SORT_COLUMNS: Record<SortField, string> = {
  downloads: "downloads",
  likes: "likes",
  lastModified: "last_modified",
  createdAt: "created_at",
};

export interface ModelQuery {
  search?: string;
  author?: string;
  pipelineTag?: string;
  library?: string;
  /** every tag must be present (tags, pipeline_tag and library_name all count as tags) */
  tags: string[];
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
}

export interface UpsertSummary {
  inserted: number;
  updated: number;
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

// Secondary indexes, dropped during a bulk load and rebuilt once at the end.
const INDEXES = `
CREATE INDEX IF NOT EXISTS models_downloads ON models(downloads);
CREATE INDEX IF NOT EXISTS models_likes ON models(likes);
CREATE INDEX IF NOT EXISTS models_created ON models(created_at);
CREATE INDEX IF NOT EXISTS models_modified ON models(last_modified);
CREATE INDEX IF NOT EXISTS models_pipeline ON models(pipeline_tag, downloads);
CREATE INDEX IF NOT EXISTS models_library ON models(library_name, downloads);
CREATE INDEX IF NOT EXISTS model_tags_model ON model_tags(model);
CREATE INDEX IF NOT EXISTS models_mapped ON models(mapped) WHERE mapped = 1;
`;
const INDEX_NAMES = [
  "models_downloads",
  "models_likes",
  "models_created",
  "models_modified",
  "models_pipeline",
  "models_library",
  "model_tags_model",
  "models_mapped",
];

/** Upserting more new models than this at once switches to bulk mode (indexes and FTS rebuilt at the end). */
export const BULK_THRESHOLD = 20_000;

/** Tags a model can be filtered by: its own tags plus its pipeline and library. */
function filterTags(model: HubModel): string[] {
  const tags = new Set(model.tags);
  if (model.pipeline_tag) tags.add(model.pipeline_tag);
  if (model.library_name) tags.add(model.library_name);
  return [...tags];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export class CatalogueStore {
  readonly db: Database.Database;
  /** bumped on every write through this connection, to invalidate cached aggregates */
  private localWrites = 0;
  private libraryCountsCache?: { key: string; counts: Map<string, number> };

  private readonly selectRowid: Database.Statement<[string], { rowid: number }>;
  private readonly insertModel: Database.Statement;
  private readonly updateModel: Database.Statement;
  private readonly deleteTags: Database.Statement;
  private readonly insertTag: Database.Statement;
  private readonly insertFts: Database.Statement;
  private readonly selectDoc: Database.Statement<[string], { doc: string }>;

  constructor(readonly dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(path.join(dataDir, "hub.sqlite"));
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(SCHEMA);
    this.db.exec(INDEXES);
    this.selectRowid = this.db.prepare("SELECT rowid FROM models WHERE id = ?");
    this.insertModel = this.db.prepare(
      `INSERT INTO models (id, pipeline_tag, library_name, downloads, likes, created_at, last_modified, mapped, doc)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.updateModel = this.db.prepare(
      `UPDATE models SET pipeline_tag = ?, library_name = ?, downloads = ?, likes = ?, created_at = ?,
       last_modified = ?, mapped = ?, doc = ? WHERE rowid = ?`,
    );
    this.deleteTags = this.db.prepare("DELETE FROM model_tags WHERE model = ?");
    this.insertTag = this.db.prepare("INSERT OR IGNORE INTO model_tags (tag, model) VALUES (?, ?)");
    this.insertFts = this.db.prepare("INSERT INTO models_fts (rowid, id) VALUES (?, ?)");
    this.selectDoc = this.db.prepare("SELECT doc FROM models WHERE id = ?");
  }

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

  /** Upserts one batch in one transaction. In bulk mode new rows skip the FTS index (see finishBulk). */
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

  /** Drops secondary indexes before a large load; finishBulk() restores them and the FTS index. */
  startBulk(): void {
    for (const name of INDEX_NAMES) this.db.exec(`DROP INDEX IF EXISTS ${name}`);
    // A bulk load can be re-run if interrupted, so it trades durability for speed until finishBulk().
    this.db.pragma("synchronous = OFF");
    this.db.pragma("cache_size = -262144");
    this.db.pragma("wal_autocheckpoint = 100000");
  }

  finishBulk(): void {
    this.db.exec(INDEXES);
    this.db.exec("INSERT INTO models_fts (models_fts) VALUES ('rebuild')");
    this.db.exec("ANALYZE");
    this.db.pragma("wal_checkpoint(TRUNCATE)");
    this.db.pragma("wal_autocheckpoint = 1000");
    this.db.pragma("synchronous = NORMAL");
    this.localWrites++;
  }

  listModels(query: ModelQuery): ModelPage {
    const where: string[] = [];
    const params: (string | number)[] = [];
    const column = SORT_COLUMNS[query.sort];
    const order = query.direction === -1 ? "DESC" : "ASC";

    for (const term of (query.search ?? "").split(/\s+/).filter(Boolean)) {
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
    if (query.cursor) {
      const cmp = query.direction === -1 ? "<" : ">";
      where.push(`(m.${column} ${cmp} ? OR (m.${column} = ? AND m.rowid ${cmp} ?))`);
      params.push(query.cursor.value, query.cursor.value, query.cursor.rowid);
    }
    const sql =
      `SELECT m.rowid AS rowid, m.${column} AS sortValue, m.doc AS doc FROM models m` +
      (where.length ? ` WHERE ${where.join(" AND ")}` : "") +
      ` ORDER BY m.${column} ${order}, m.rowid ${order} LIMIT ?`;
    const rows = this.db.prepare(sql).all(...params, query.limit + 1) as {
      rowid: number;
      sortValue: number;
      doc: string;
    }[];
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      models: page.map((row) => JSON.parse(row.doc) as HubModel),
      next:
        rows.length > query.limit && last
          ? { sort: query.sort, direction: query.direction, value: last.sortValue, rowid: last.rowid }
          : undefined,
    };
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
    const key = `${this.db.pragma("data_version", { simple: true })}:${this.localWrites}`;
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

export function openCatalogue(dataDir: string): CatalogueStore {
  return new CatalogueStore(dataDir);
}
