// @hubkit/hub: the hub server, its catalogue store and the JSON-lines importer.
export {
  startHubServer,
  parseStreamInterval,
  parsePoolSize,
  parsePageCacheMegabytes,
  REAL_ROUTER_URL,
  DEFAULT_EMULATOR_STREAM_INTERVAL_MS,
  type HubServer,
  type HubServerOptions,
} from "./server.js";
export type { ProxyExchange } from "./router/proxy.js";
export {
  modelUsage,
  librarySample,
  type ModelUsage,
  type LibraryUsage,
  type LocalAppUsage,
  type LocalAppCommand,
  type GgufChoice,
  type LibrarySample,
} from "./api/usage.js";
export {
  CatalogueStore,
  openCatalogue,
  SORT_FIELDS,
  type ModelQuery,
  type SortField,
  type ImportSession,
} from "./store/sqlite.js";
export {
  openStore,
  SqliteHubStore,
  StoreUnavailableError,
  type HubStore,
  type OpenStoreOptions,
} from "./store/hub-store.js";
export { PostgresStore, openPostgresStore, MIGRATIONS } from "./store/postgres.js";
export {
  importJsonl,
  readLines,
  seedEmbeddedCatalogue,
  describeProblem,
  type ImportReport,
  type ImportProblem,
} from "./catalogue/importer.js";
export {
  parseModelRecord,
  isValidModelId,
  type HubModel,
  type ProviderMappingEntry,
} from "./catalogue/model-record.js";
export { syntheticModel, syntheticCatalogueLines } from "./catalogue/synthetic.js";
export { SearchOrder, type WalkRequest, type WalkResult, type OrderedRow } from "./store/search-order.js";
export { EXPAND_FIELDS, MAX_LIMIT, DEFAULT_LIMIT } from "./api/catalogue.js";
