// @hubkit/hub: the hub server, its catalogue store and the JSON-lines importer.
export { startHubServer, REAL_ROUTER_URL, type HubServer, type HubServerOptions } from "./server.js";
export {
  CatalogueStore,
  openCatalogue,
  SORT_FIELDS,
  type ModelQuery,
  type SortField,
} from "./catalogue-store.js";
export {
  importJsonl,
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
export { EXPAND_FIELDS, MAX_LIMIT, DEFAULT_LIMIT } from "./api.js";
