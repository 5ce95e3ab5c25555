// The storage interface the hub API and the importer use, and its choice: PostgreSQL when
// HUBKIT_DATABASE_URL names one (several hub replicas share it), else the embedded SQLite file.
import {
  openCatalogue,
  type CatalogueOptions,
  type CatalogueStore,
  type FacetCounts,
  type ImportSession,
  type MatchFacetCounts,
  type ModelPage,
  type ModelQuery,
} from "./sqlite.js";
import { HttpError } from "../http/errors.js";
import type { HubModel } from "../catalogue/model-record.js";

export interface HubStore {
  readonly kind: "sqlite" | "postgres";
  /** a description for logs: the SQLite file, or the database URL without its password */
  readonly location: string;
  count(): Promise<number>;
  getModel(id: string): Promise<HubModel | undefined>;
  listModels(query: ModelQuery): Promise<ModelPage>;
  /** models that some inference provider serves */
  mappedModels(limit?: number): Promise<HubModel[]>;
  libraryCounts(): Promise<Map<string, number>>;
  /** matches of the query's filters and search, counted up to `cap` (exact: false beyond) */
  countModels(query: ModelQuery, cap: number): Promise<{ count: number; exact: boolean }>;
  /** models per pipeline tag and per filter tag over the whole catalogue */
  facetCounts(): Promise<FacetCounts>;
  /** the same over the matches of a query's filters and search, with models per library_name */
  matchFacetCounts(query: ModelQuery): Promise<MatchFacetCounts>;
  getMeta(key: string): Promise<string | undefined>;
  /**
   * Changes whenever the catalogue does, whoever changed it (an import by this process, another
   * process on the same SQLite file, another replica on the same PostgreSQL database); cheap enough
   * to read on every page request (the hub's rendered pages are kept until it changes).
   */
  catalogueVersion(): Promise<string>;
  setMeta(key: string, value: string): Promise<void>;
  beginImport(): Promise<ImportSession>;
  /** resolves when the store answers queries; rejects with a StoreUnavailableError otherwise */
  check(): Promise<void>;
  /** what the store found broken when it opened and repaired */
  readonly repairs: readonly string[];
  close(): Promise<void>;
}

/** The database cannot be reached or refused us: the API answers 503 with this message. */
export class StoreUnavailableError extends HttpError {
  constructor(message: string) {
    super(503, message);
    this.name = "StoreUnavailableError";
  }
}

/** The embedded store: the synchronous CatalogueStore behind the async interface. */
export class SqliteHubStore implements HubStore {
  readonly kind = "sqlite";
  readonly location: string;

  constructor(readonly catalogue: CatalogueStore) {
    this.location = `${catalogue.dataDir}/hub.sqlite`;
  }

  get repairs(): readonly string[] {
    return this.catalogue.repairs;
  }
  async count() {
    return this.catalogue.count();
  }
  async getModel(id: string) {
    return this.catalogue.getModel(id);
  }
  async listModels(query: ModelQuery) {
    return this.catalogue.listModels(query);
  }
  async mappedModels(limit?: number) {
    return this.catalogue.mappedModels(limit);
  }
  async libraryCounts() {
    return this.catalogue.libraryCounts();
  }
  async countModels(query: ModelQuery, cap: number) {
    return this.catalogue.countModels(query, cap);
  }
  async facetCounts() {
    return this.catalogue.facetCounts();
  }
  async matchFacetCounts(query: ModelQuery) {
    return this.catalogue.matchFacetCounts(query);
  }
  async getMeta(key: string) {
    return this.catalogue.getMeta(key);
  }
  async setMeta(key: string, value: string) {
    this.catalogue.setMeta(key, value);
  }
  async catalogueVersion() {
    return this.catalogue.changeKey();
  }
  async beginImport() {
    return this.catalogue.beginImport();
  }
  async check() {}
  async close() {
    this.catalogue.close();
  }
}

export interface OpenStoreOptions {
  /** SQLite folder, used when no database URL is given */
  dataDir: string;
  /** postgres://… selects PostgreSQL (default: $HUBKIT_DATABASE_URL) */
  databaseUrl?: string;
  /** most connections this process opens to PostgreSQL (default 10) */
  poolSize?: number;
  catalogue?: CatalogueOptions;
}

/** Opens the store the options (or HUBKIT_DATABASE_URL) select; PostgreSQL is migrated before use. */
export async function openStore(options: OpenStoreOptions): Promise<HubStore> {
  const url = options.databaseUrl?.trim() || undefined;
  if (url === undefined) return new SqliteHubStore(openCatalogue(options.dataDir, options.catalogue));
  const { openPostgresStore } = await import("./postgres.js");
  return openPostgresStore(url, { poolSize: options.poolSize });
}
