// Typed access to the hub API served by apps/hub (same origin). Errors carry the server's message.
import type { ModelData, TaskData } from "@hubkit/tasks";

export type ProviderStatus = "live" | "staging";

export interface ProviderMappingEntry {
  status: ProviderStatus;
  providerId: string;
  task: string;
}

/** A model as /api/models and /api/models/{id} return it (fields depend on `expand[]`). */
export interface HubModel {
  _id: string;
  id: string;
  author?: string;
  pipeline_tag?: string;
  library_name?: string;
  tags?: string[];
  downloads?: number;
  likes?: number;
  createdAt?: string;
  lastModified?: string;
  description?: string;
  config?: ModelData["config"];
  cardData?: ModelData["cardData"];
  transformersInfo?: ModelData["transformersInfo"];
  widgetData?: ModelData["widgetData"];
  mask_token?: string;
  safetensors?: ModelData["safetensors"];
  gguf?: ModelData["gguf"];
  siblings?: { rfilename: string }[];
  spaces?: string[];
  inference?: string;
  gated?: false | "auto" | "manual";
  inferenceProviderMapping?: Record<string, ProviderMappingEntry>;
}

export interface LibraryInfo {
  id: string;
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl?: string;
  filter?: boolean;
  countDownloads?: string;
  hasSnippets: boolean;
  tasks: string[];
  modelCount: number;
}

export interface HubConfig {
  mode: "offline" | "online";
  router?: string;
  proxy?: string;
  version?: string;
}

export type TaskPages = Record<string, TaskData>;

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
  return new HubApiError(
    detail || `${what} failed: HTTP ${response.status} ${response.statusText}`.trim(),
    response.status,
  );
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { signal, headers: { accept: "application/json" } });
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

/** Fields the model page needs, on top of the defaults. */
const MODEL_PAGE_FIELDS = [
  "author",
  "pipeline_tag",
  "library_name",
  "tags",
  "downloads",
  "likes",
  "createdAt",
  "lastModified",
  "description",
  "config",
  "cardData",
  "transformersInfo",
  "widgetData",
  "mask_token",
  "safetensors",
  "gguf",
  "siblings",
  "spaces",
  "inference",
  "gated",
  "inferenceProviderMapping",
];

export function getModel(id: string, signal?: AbortSignal): Promise<HubModel> {
  const query = MODEL_PAGE_FIELDS.map((field) => `expand[]=${field}`).join("&");
  return getJson<HubModel>(`/api/models/${modelPath(id)}?${query}`, signal);
}

export interface ModelListPage {
  models: HubModel[];
  /** opaque cursor of the next page, from the Link header */
  nextCursor?: string;
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
}

export async function listModels(query: ModelListQuery, signal?: AbortSignal): Promise<ModelListPage> {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.pipelineTag) params.set("pipeline_tag", query.pipelineTag);
  if (query.library) params.set("library", query.library);
  if (query.filter) params.set("filter", query.filter);
  if (query.sort) params.set("sort", query.sort);
  params.set("limit", String(query.limit ?? 50));
  if (query.cursor) params.set("cursor", query.cursor);
  for (const field of query.expand ?? []) params.append("expand[]", field);
  const path = `/api/models?${params}`;
  let response: Response;
  try {
    response = await fetch(path, { signal, headers: { accept: "application/json" } });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new HubApiError(`The hub server could not be reached (${(error as Error).message})`, 0);
  }
  if (!response.ok) throw await readError(response, "Listing models");
  const models = (await response.json()) as HubModel[];
  const link = response.headers.get("link") ?? "";
  const next = /<([^>]+)>;\s*rel="next"/.exec(link);
  const nextCursor = next
    ? (new URL(next[1], location.origin).searchParams.get("cursor") ?? undefined)
    : undefined;
  return { models, nextCursor };
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

/** A hub model as the snippet generators of @hubkit/tasks and @hubkit/inference expect it. */
export function toModelData(model: HubModel): ModelData {
  return {
    id: model.id,
    inference: model.inference ?? "",
    tags: model.tags ?? [],
    pipeline_tag: model.pipeline_tag as ModelData["pipeline_tag"],
    library_name: model.library_name,
    config: model.config,
    cardData: model.cardData,
    transformersInfo: model.transformersInfo,
    widgetData: model.widgetData,
    mask_token: model.mask_token,
    safetensors: model.safetensors,
    gguf: model.gguf,
  };
}
