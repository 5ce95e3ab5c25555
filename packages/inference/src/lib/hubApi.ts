import { hubBase, isSafeForToken } from "../config.js";
import { InferenceClientHubApiError, InferenceClientInputError, responseOf } from "../errors.js";
import type { InferenceProvider, InferenceProviderMappingEntry, InferenceTask, Options } from "../types.js";
import { parseJson } from "../utils/guards.js";

const MAPPING_TTL_MS = 5 * 60_000;
/** Hub answers (provider mappings, the task list), shared by concurrent calls; failures are not kept. */
const cache = new Map<string, { expires: number; value: Promise<unknown> }>();

/** Forgets cached hub answers (provider mappings and the task list). */
export function clearHubCache(): void {
  cache.clear();
}

function cached<T>(key: string, ttl: number, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { expires: Date.now() + ttl, value });
  // Failures are not cached: the next call asks again.
  value.catch(() => cache.delete(key));
  return value;
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
export function fetchProviderMapping(
  model: string,
  accessToken: string | undefined,
  options: Options,
): Promise<InferenceProviderMappingEntry[]> {
  const lookup = () => sharedMappingLookup(model, accessToken, options);
  return lookup().catch((error: unknown) => {
    // A concurrent caller's abort ended the shared lookup: ask again with this call's own signal.
    if ((error as Error)?.name === "AbortError" && !options.signal?.aborted) return lookup();
    throw error;
  });
}

function sharedMappingLookup(
  model: string,
  accessToken: string | undefined,
  options: Options,
): Promise<InferenceProviderMappingEntry[]> {
  const hub = hubBase(options);
  // Over cleartext http, only to this machine (config.ts: isSafeForToken).
  const hubToken = accessToken?.startsWith("hf_") && isSafeForToken(hub) ? accessToken : undefined;
  return cached(`${hub}\n${model}\n${hubToken ? "token" : "anonymous"}`, MAPPING_TTL_MS, async () => {
    const url = `${hub}/api/models/${model}?expand[]=inferenceProviderMapping`;
    const response = await (options.fetch ?? fetch)(url, {
      headers: hubToken ? { Authorization: `Bearer ${hubToken}` } : {},
      signal: options.signal,
    });
    const fail = (message: string, body: unknown) =>
      new InferenceClientHubApiError(message, { url, method: "GET" }, responseOf(response, body));
    const failed = `Failed to fetch inference provider mapping for model ${model}`;
    const text = await response.text();
    const payload = parseJson(text);
    if (!response.ok) {
      const error = (payload as { error?: unknown } | undefined)?.error;
      throw fail(typeof error === "string" ? `${failed}: ${error}` : failed, payload ?? text);
    }
    if (payload === undefined) throw fail(`${failed}: malformed API response, invalid JSON`, text);
    const raw = (payload as { inferenceProviderMapping?: unknown })?.inferenceProviderMapping;
    if (!raw || typeof raw !== "object") {
      throw fail(`We have not been able to find inference provider information for model ${model}.`, payload);
    }
    return normalizeMapping(model, raw);
  });
}

/** The task's default model: the first one the hub's task list recommends. */
export async function loadDefaultModel(task: InferenceTask, options: Options): Promise<string> {
  const url = `${hubBase(options)}/api/tasks`;
  // The task list is kept until clearHubCache().
  const definitions = await cached(url, Infinity, async () => {
    const response = await (options.fetch ?? fetch)(url, { signal: options.signal });
    if (!response.ok) {
      throw new InferenceClientHubApiError(
        "Failed to load tasks definitions from Hugging Face Hub.",
        { url, method: "GET" },
        responseOf(response, await response.text().catch(() => "")),
      );
    }
    return (await response.json()) as Record<string, { models?: { id?: string }[] }>;
  });
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
