// The storage interface both stores implement, apart from their choice (hub-store.ts), so that
// the PostgreSQL store can implement it without importing the module that loads it.
import type { ImportSession, FacetCounts, MatchFacetCounts, ModelPage, ModelQuery } from "./sqlite.js";
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
  /** removes models by id (a hosted repo deleted, moved or made private); returns how many were there */
  deleteModels(ids: string[]): Promise<number>;
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
