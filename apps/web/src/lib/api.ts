// Typed access to the hub API served by apps/hub (same origin). Errors carry the server's message.
import type {
  ApiModel as HubModel,
  HubConfig,
  LibraryDetail,
  ModelFacets,
  ModelUsage,
  ProviderStatsReply as ProviderStats,
  TaskPages,
} from "../../../hub/src/contract/api.js";

// The API's types are the hub's contract (apps/hub/src/contract/), imported as types only; the names
// the app has always used stay as aliases.
export type {
  AdminKeysReply,
  StorageReply,
  ApiModel as HubModel,
  HubConfig,
  LibraryDetail,
  LibraryListing as LibraryInfo,
  LibrarySample,
  ModelFacets,
  ModelUsage,
  ProviderMappingEntry,
  ProviderStatsReply as ProviderStats,
  ProviderStatus,
  TaskPages,
  UsageReply,
  UsageRow,
} from "../../../hub/src/contract/api.js";
export { toModelData } from "../../../hub/src/contract/model-data.js";
import { MODEL_DETAIL_FIELDS } from "../../../hub/src/contract/model-fields.js";
export {
  formatParameters,
  MODEL_RELATIONS,
  parameterCount,
  parentModels,
  type ModelRelation,
} from "../../../hub/src/contract/model-facts.js";
import { withHubToken } from "./session.js";

/** An HTTP error from the hub API, with the server's own explanation. */
export class HubApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "HubApiError";
  }
}

async function readError(response: Response, what: string): Promise<HubApiError> {
  let detail = "";
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string") detail = body.error;
  } catch {
    // not JSON: the status line is all we have
  }
  // The hub answers 401 RepoNotFound for a repo it will not show an anonymous caller (missing or
  // private, as huggingface.co does): to the pages that is "not found".
  const status = response.headers.get("x-error-code") === "RepoNotFound" ? 404 : response.status;
  return new HubApiError(
    detail || `${what} failed: HTTP ${response.status} ${response.statusText}`.trim(),
    status,
  );
}

type ApiFetch = (path: string, init: RequestInit) => Promise<Response>;

/** In the browser: fetch on this origin, with the signed-in person's hub token. The server renderer swaps in the hub's in-process handler. */
let apiFetch: ApiFetch = (path, init) => fetch(path, withHubToken(init));

/** Used by the server renderer: the hub answers API calls in-process, without a network round trip. */
export function setApiFetch(implementation: ApiFetch): void {
  apiFetch = implementation;
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await apiFetch(path, { signal, headers: { accept: "application/json" } });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new HubApiError(`The hub server could not be reached (${(error as Error).message})`, 0);
  }
  if (!response.ok) throw await readError(response, `GET ${path}`);
  return (await response.json()) as T;
}

/** Percent-encodes each segment of a model id, keeping the owner/name slash. */
export function modelPath(id: string): string {
  return id.split("/").map(encodeURIComponent).join("/");
}

/** Fields the model page needs: the defaults of a model page, and the provider mapping. */
const MODEL_PAGE_FIELDS = [...MODEL_DETAIL_FIELDS, "inferenceProviderMapping"];

export function getModel(id: string, signal?: AbortSignal): Promise<HubModel> {
  const query = MODEL_PAGE_FIELDS.map((field) => `expand[]=${field}`).join("&");
  return getJson<HubModel>(`/api/models/${modelPath(id)}?${query}`, signal);
}

/** The library snippets and local apps of a model; `file` picks one of its GGUF files. */
export function getModelUsage(id: string, file?: string, signal?: AbortSignal): Promise<ModelUsage> {
  const query = file === undefined ? "" : `?file=${encodeURIComponent(file)}`;
  return getJson<ModelUsage>(`/api/models/${modelPath(id)}/usage${query}`, signal);
}

export function getLibrary(id: string, signal?: AbortSignal): Promise<LibraryDetail> {
  return getJson<LibraryDetail>(`/api/libraries/${encodeURIComponent(id)}`, signal);
}

export interface ModelListPage {
  models: HubModel[];
  /** opaque cursor of the next page, from the Link header */
  nextCursor?: string;
  /** matches of the query (X-Total-Count, with `count`), and whether it is exact (false: at least) */
  total?: number;
  totalExact?: boolean;
}

export interface ModelListQuery {
  search?: string;
  pipelineTag?: string;
  library?: string;
  filter?: string;
  sort?: string;
  limit?: number;
  cursor?: string;
  expand?: string[];
  author?: string;
  /** huggingface.co's list parameters, passed through as they are (other, apps, license…) */
  extra?: [string, string][];
  /** page index (0 first) */
  page?: number;
  /** ask for the total number of matches */
  count?: boolean;
}

export async function listModels(query: ModelListQuery, signal?: AbortSignal): Promise<ModelListPage> {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.pipelineTag) params.set("pipeline_tag", query.pipelineTag);
  if (query.library) params.set("library", query.library);
  if (query.filter) params.set("filter", query.filter);
  if (query.sort) params.set("sort", query.sort);
  if (query.author) params.set("author", query.author);
  for (const [name, value] of query.extra ?? []) params.append(name, value);
  if (query.page) params.set("p", String(query.page));
  if (query.count) params.set("count", "true");
  params.set("limit", String(query.limit ?? 50));
  if (query.cursor) params.set("cursor", query.cursor);
  for (const field of query.expand ?? []) params.append("expand[]", field);
  const path = `/api/models?${params}`;
  let response: Response;
  try {
    response = await apiFetch(path, { signal, headers: { accept: "application/json" } });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new HubApiError(`The hub server could not be reached (${(error as Error).message})`, 0);
  }
  if (!response.ok) throw await readError(response, "Listing models");
  const models = (await response.json()) as HubModel[];
  const link = response.headers.get("link") ?? "";
  const next = /<([^>]+)>;\s*rel="next"/.exec(link);
  const nextCursor = next
    ? (new URL(next[1], "http://hub.invalid").searchParams.get("cursor") ?? undefined)
    : undefined;
  const total = response.headers.get("x-total-count");
  return {
    models,
    nextCursor,
    total: total === null ? undefined : Number(total),
    totalExact: response.headers.get("x-total-count-exact") !== "false",
  };
}

/**
 * With the list's filters and search, each count is the number of models choosing that value would
 * list (the hub counts each exclusive group without its own filter); without them, the catalogue's.
 */
export function getModelFacets(
  query: Pick<ModelListQuery, "search" | "pipelineTag" | "library" | "author" | "extra"> = {},
  signal?: AbortSignal,
): Promise<ModelFacets> {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.pipelineTag) params.set("pipeline_tag", query.pipelineTag);
  if (query.library) params.set("library", query.library);
  if (query.author) params.set("author", query.author);
  for (const [name, value] of query.extra ?? []) params.append(name, value);
  const text = params.toString();
  return getJson<ModelFacets>(`/api/models-facets${text ? `?${text}` : ""}`, signal);
}

/** The model card (README.md, YAML front matter included), as hub clients download it. */
export async function getModelCard(id: string, signal?: AbortSignal): Promise<string> {
  const response = await apiFetch(`/${modelPath(id)}/resolve/main/README.md`, {
    signal,
    headers: { accept: "text/markdown" },
  });
  if (!response.ok) throw await readError(response, "Loading the model card");
  return response.text();
}

/** A file's text as the hub serves it (e.g. a hosted dataset's README at /datasets/{id}/resolve/main/README.md). */
export async function getText(path: string, signal?: AbortSignal): Promise<string> {
  const response = await apiFetch(path, { signal, headers: { accept: "text/plain" } });
  if (!response.ok) throw await readError(response, `GET ${path}`);
  return response.text();
}

export function getProviderStats(signal?: AbortSignal): Promise<ProviderStats> {
  return getJson<ProviderStats>("/api/hubkit/provider-stats", signal);
}

let configPromise: Promise<HubConfig> | undefined;

/** The server's mode (offline: the emulator answers inference; online: the real router). Cached. */
export function getHubConfig(): Promise<HubConfig> {
  configPromise ??= getJson<HubConfig>("/api/hubkit/config").catch((error: unknown) => {
    configPromise = undefined;
    throw error;
  });
  return configPromise;
}

let tasksPromise: Promise<TaskPages> | undefined;

/** Every task page, keyed by task id (one request per session). */
export function getTaskPages(): Promise<TaskPages> {
  tasksPromise ??= getJson<TaskPages>("/api/tasks").catch((error: unknown) => {
    tasksPromise = undefined;
    throw error;
  });
  return tasksPromise;
}

/** Where the hub serves a task page's demo file. */
export function demoAssetUrl(filename: string): string {
  return `/assets/tasks/${encodeURIComponent(filename)}`;
}
