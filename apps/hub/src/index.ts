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
export type { ProxyExchange } from "./proxy.js";
export {
  modelUsage,
  librarySample,
  type ModelUsage,
  type LibraryUsage,
  type LocalAppUsage,
  type LocalAppCommand,
  type GgufChoice,
  type LibrarySample,
} from "./usage.js";
export {
  CatalogueStore,
  openCatalogue,
  SORT_FIELDS,
  type ModelQuery,
  type SortField,
  type ImportSession,
} from "./catalogue-store.js";
export {
  openStore,
  SqliteHubStore,
  StoreUnavailableError,
  type HubStore,
  type OpenStoreOptions,
} from "./store.js";
export { PostgresStore, openPostgresStore, MIGRATIONS } from "./postgres-store.js";
export {
  importJsonl,
  readLines,
  seedEmbeddedCatalogue,
  describeProblem,
  type ImportReport,
  type ImportProblem,
} from "./importer.js";
export {
  parseModelRecord,
  isValidModelId,
  type HubModel,
  type ProviderMappingEntry,
} from "./model-record.js";
export { syntheticModel, syntheticCatalogueLines } from "./synthetic.js";
export { SearchOrder, type WalkRequest, type WalkResult, type OrderedRow } from "./search-order.js";
export { EXPAND_FIELDS, MAX_LIMIT, DEFAULT_LIMIT } from "./api.js";
