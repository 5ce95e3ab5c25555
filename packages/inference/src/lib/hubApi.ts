import { hubBase } from "../config.js";
import { InferenceClientHubApiError, InferenceClientInputError } from "../errors.js";
import type { InferenceProvider, InferenceProviderMappingEntry, InferenceTask, Options } from "../types.js";

const MAPPING_TTL_MS = 5 * 60_000;
const mappingCache = new Map<
  string,
  { expires: number; entries: Promise<InferenceProviderMappingEntry[]> }
>();
const tasksCache = new Map<string, Promise<Record<string, { models?: { id?: string }[] }>>>();

/** Forgets cached hub answers (provider mappings and the task list). */
export function clearHubCache(): void {
  mappingCache.clear();
  tasksCache.clear();
}

/** The hub answers a mapping keyed by provider or (newer) an array of entries; both become an array. */
function normalizeMapping(model: string, raw: unknown): InferenceProviderMappingEntry[] {
  if (Array.isArray(raw)) return raw as InferenceProviderMappingEntry[];
  return Object.entries(raw as Record<string, Omit<InferenceProviderMappingEntry, "provider">>).map(
    ([provider, entry]) => ({
      provider,
      hfModelId: model,
      providerId: entry.providerId,
      status: entry.status,
      task: entry.task,
      adapter: entry.adapter,
      adapterWeightsPath: entry.adapterWeightsPath,
    }),
  );
}

/**
 * A model's provider mapping from `GET {hub}/api/models/{id}?expand[]=inferenceProviderMapping`,
 * cached per hub, model and kind of caller (with or without a hub token) for a few minutes. A hub
 * without a mapping for the model is a HubApiError, as in 4.x.
 */
export async function fetchProviderMapping(
  model: string,
  accessToken: string | undefined,
  options: Options,
): Promise<InferenceProviderMappingEntry[]> {
  try {
    return await sharedMappingLookup(model, accessToken, options);
  } catch (error) {
    // A concurrent caller's abort ended the shared lookup: ask again with this call's own signal.
    if ((error as Error)?.name === "AbortError" && !options.signal?.aborted) {
      return sharedMappingLookup(model, accessToken, options);
    }
    throw error;
  }
}

function sharedMappingLookup(
  model: string,
  accessToken: string | undefined,
  options: Options,
): Promise<InferenceProviderMappingEntry[]> {
  const hubToken = accessToken?.startsWith("hf_") ? accessToken : undefined;
  const hub = hubBase(options);
  const key = `${hub}\n${model}\n${hubToken ? "token" : "anonymous"}`;
  const cached = mappingCache.get(key);
  if (cached && cached.expires > Date.now()) return cached.entries;

  const entries = (async () => {
    const url = `${hub}/api/models/${model}?expand[]=inferenceProviderMapping`;
    const response = await (options.fetch ?? fetch)(url, {
      headers: hubToken ? { Authorization: `Bearer ${hubToken}` } : {},
      signal: options.signal,
    });
    const request = { url, method: "GET" };
    const reply = (status: number, body: unknown) => ({
      requestId: response.headers.get("x-request-id") ?? "",
      status,
      body: body as Record<string, unknown> | string,
    });
    const text = await response.text();
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
    if (!response.ok) {
      const error = (payload as { error?: unknown } | undefined)?.error;
      throw new InferenceClientHubApiError(
        typeof error === "string"
          ? `Failed to fetch inference provider mapping for model ${model}: ${error}`
          : `Failed to fetch inference provider mapping for model ${model}`,
        request,
        reply(response.status, payload ?? text),
      );
    }
    if (payload === undefined) {
      throw new InferenceClientHubApiError(
        `Failed to fetch inference provider mapping for model ${model}: malformed API response, invalid JSON`,
        request,
        reply(response.status, text),
      );
    }
    const raw = (payload as { inferenceProviderMapping?: unknown })?.inferenceProviderMapping;
    if (!raw || typeof raw !== "object") {
      throw new InferenceClientHubApiError(
        `We have not been able to find inference provider information for model ${model}.`,
        request,
        reply(response.status, payload as Record<string, unknown>),
      );
    }
    return normalizeMapping(model, raw);
  })();
  mappingCache.set(key, { expires: Date.now() + MAPPING_TTL_MS, entries });
  // Failures are not cached: the next call asks again.
  entries.catch(() => mappingCache.delete(key));
  return entries;
}

/** The task's default model: the first one the hub's task list recommends. */
export async function loadDefaultModel(task: InferenceTask, options: Options): Promise<string> {
  const hub = hubBase(options);
  let tasks = tasksCache.get(hub);
  if (!tasks) {
    tasks = (async () => {
      const response = await (options.fetch ?? fetch)(`${hub}/api/tasks`, { signal: options.signal });
      if (!response.ok) {
        throw new InferenceClientHubApiError(
          "Failed to load tasks definitions from Hugging Face Hub.",
          { url: `${hub}/api/tasks`, method: "GET" },
          {
            requestId: response.headers.get("x-request-id") ?? "",
            status: response.status,
            body: await response.text().catch(() => ""),
          },
        );
      }
      return response.json();
    })();
    tasksCache.set(hub, tasks);
    tasks.catch(() => tasksCache.delete(hub));
  }
  const definitions = await tasks;
  // Chat models are listed under text-generation: the hub has no "conversational" task page.
  const definition =
    definitions[task] ?? (task === "conversational" ? definitions["text-generation"] : undefined);
  const model = definition?.models?.[0]?.id;
  if (!model) {
    throw new InferenceClientInputError(
      `No default model defined for task ${task}, please define the model explicitly.`,
    );
  }
  return model;
}

export type { InferenceProvider };
