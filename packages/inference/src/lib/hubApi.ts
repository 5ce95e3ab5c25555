import { hubBase } from "../config.js";
import { InferenceClientHubApiError, InferenceClientInputError } from "../errors.js";
import type { InferenceProvider, InferenceTask, Options } from "../types.js";

/** One provider's entry in a model's hub mapping. */
export interface InferenceProviderMappingEntry {
  provider: string;
  providerId: string;
  status: "live" | "staging" | string;
  task: string;
}

const MAPPING_TTL_MS = 5 * 60_000;
const mappingCache = new Map<
  string,
  { expires: number; entries: Promise<InferenceProviderMappingEntry[] | null> }
>();
const tasksCache = new Map<string, Promise<Record<string, { models?: { id?: string }[] }>>>();

/** Forgets cached hub answers (provider mappings and the task list). */
export function clearHubCache(): void {
  mappingCache.clear();
  tasksCache.clear();
}

/** The hub accepts a mapping keyed by provider or (newer) an array of entries; both become an array. */
function normalizeMapping(raw: unknown): InferenceProviderMappingEntry[] | null {
  if (Array.isArray(raw)) return raw as InferenceProviderMappingEntry[];
  if (raw && typeof raw === "object") {
    return Object.entries(raw as Record<string, Omit<InferenceProviderMappingEntry, "provider">>).map(
      ([provider, entry]) => ({ ...entry, provider }),
    );
  }
  return null;
}

/**
 * A model's provider mapping from `GET {hub}/api/models/{id}?expand[]=inferenceProviderMapping`,
 * cached per hub, model and kind of caller (with or without a hub token) for a few minutes.
 * Null when the hub has no mapping for the model.
 */
export async function fetchProviderMapping(
  model: string,
  accessToken: string | undefined,
  options: Options,
): Promise<InferenceProviderMappingEntry[] | null> {
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
): Promise<InferenceProviderMappingEntry[] | null> {
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
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 404) return null;
      throw new InferenceClientHubApiError(
        `We have not been able to find inference provider information for model ${model}.`,
        { status: response.status, requestId: response.headers.get("x-request-id") ?? undefined },
      );
    }
    const body = (await response.json()) as { inferenceProviderMapping?: unknown };
    return normalizeMapping(body?.inferenceProviderMapping);
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
        await response.body?.cancel().catch(() => undefined);
        throw new InferenceClientHubApiError("Failed to load tasks definitions from Hugging Face Hub.", {
          status: response.status,
        });
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
