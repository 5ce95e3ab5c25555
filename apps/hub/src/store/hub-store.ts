// The storage interface the hub API and the importer use (defined in interface.ts), and its
// choice: PostgreSQL when HUBKIT_DATABASE_URL names one (several hub replicas share it), else the
// embedded SQLite file.
import { openCatalogue, type CatalogueOptions, type CatalogueStore, type ModelQuery } from "./sqlite.js";
import type { HubStore } from "./interface.js";

export { StoreUnavailableError, type HubStore } from "./interface.js";

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
  async deleteModels(ids: string[]) {
    return this.catalogue.deleteModels(ids);
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
