import { InferenceClientInputError } from "../errors.js";
import { PROVIDER_DEFINITIONS } from "../providers/definitions.js";
import type {
  InferenceProvider,
  InferenceProviderMappingEntry,
  InferenceTask,
  ModelId,
  Options,
} from "../types.js";
import { fetchProviderMapping } from "./hubApi.js";
import { getLogger } from "./logger.js";

/**
 * Per provider: hub model id → the provider's own id. Consulted before the hub, at call time, so
 * entries can be added at run time (for models the hub does not map yet, or in tests).
 */
export const HARDCODED_MODEL_ID_MAPPING: Record<
  InferenceProvider,
  Record<ModelId, string>
> = /* @__PURE__ */ Object.fromEntries(
  PROVIDER_DEFINITIONS.map((definition) => [definition.id, {}]),
) as Record<InferenceProvider, Record<ModelId, string>>;

/** On hf-inference these two tasks are served by the same sentence-transformers pipelines. */
const EQUIVALENT_SENTENCE_TRANSFORMERS_TASKS: readonly string[] = [
  "feature-extraction",
  "sentence-similarity",
];

/**
 * The mapping tasks a call for `task` on `provider` accepts besides `task` itself (undefined: only
 * `task`). Apart from `getMappingEntry`, so that chat, which never needs it, leaves it out.
 */
export function equivalentMappingTasks(
  provider: string,
  task: InferenceTask | undefined,
): readonly string[] | undefined {
  return provider === "hf-inference" && task && EQUIVALENT_SENTENCE_TRANSFORMERS_TASKS.includes(task)
    ? EQUIVALENT_SENTENCE_TRANSFORMERS_TASKS
    : undefined;
}

/**
 * The mapping entry of `model` on `provider` from the model's hub mapping (read once per call:
 * `known` is the mapping the resolution step already read; the caller checks
 * `HARDCODED_MODEL_ID_MAPPING` first). Null when the model is
 * not mapped to that provider. The entry's task must be `task`, or one of `equivalent`
 * (`equivalentMappingTasks`).
 */
export async function getMappingEntry(
  model: string,
  provider: InferenceProvider,
  task: InferenceTask | undefined,
  accessToken: string | undefined,
  options: Options,
  known?: InferenceProviderMappingEntry,
  equivalent?: readonly string[],
): Promise<InferenceProviderMappingEntry | null> {
  const entry =
    known ??
    (await fetchProviderMapping(model, accessToken, options)).find((item) => item.provider === provider);
  if (!entry) return null;
  if (task) {
    if (!(equivalent ?? [task]).includes(entry.task)) {
      throw new InferenceClientInputError(
        `Model ${model} is not supported for task ${task} and provider ${provider}. Supported task: ${entry.task}.`,
      );
    }
  }
  if (entry.status === "staging") {
    getLogger(options.logger).warn(
      `Model ${model} is in staging mode for provider ${provider}. Meant for test purposes only.`,
    );
  }
  return entry;
}
