import { InferenceClientRoutingError } from "../errors.js";
import type { InferenceProvider, InferenceTask, ModelId, Options } from "../types.js";
import { fetchProviderMapping } from "./hubApi.js";
import { getLogger } from "./logger.js";

/**
 * Per provider: hub model id → the provider's own id. Consulted before the hub, at call time, so
 * entries can be added at run time (for models the hub does not map yet, or in tests).
 */
export const HARDCODED_MODEL_ID_MAPPING: Record<InferenceProvider, Record<ModelId, string>> = {
  "black-forest-labs": {},
  cerebras: {},
  cohere: {},
  "fal-ai": {},
  "fireworks-ai": {},
  "hf-inference": {},
  hyperbolic: {},
  nebius: {},
  novita: {},
  openai: {},
  replicate: {},
  sambanova: {},
  together: {},
};

/** The id `provider` knows `model` by, from the hardcoded table or the model's hub mapping. */
export async function getProviderModelId(
  model: string,
  provider: InferenceProvider,
  task: InferenceTask | undefined,
  accessToken: string | undefined,
  options: Options,
): Promise<string> {
  if (provider === "hf-inference") return model;
  if (!task)
    throw new InferenceClientRoutingError("task must be specified when using a third-party provider");
  const hardcoded = HARDCODED_MODEL_ID_MAPPING[provider]?.[model];
  if (hardcoded) return hardcoded;

  const mapping = await fetchProviderMapping(model, accessToken, options);
  if (!mapping) {
    throw new InferenceClientRoutingError(
      `We have not been able to find inference provider information for model ${model}.`,
      { provider },
    );
  }
  const entry = mapping.find((candidate) => candidate.provider === provider);
  if (!entry) {
    throw new InferenceClientRoutingError(`Model ${model} is not supported provider ${provider}.`, {
      provider,
    });
  }
  if (entry.task !== task) {
    throw new InferenceClientRoutingError(
      `Model ${model} is not supported for task ${task} and provider ${provider}. Supported task: ${entry.task}.`,
      { provider },
    );
  }
  if (entry.status === "staging") {
    getLogger(options.logger).warn(
      `Model ${model} is in staging mode for provider ${provider}. Meant for test purposes only.`,
    );
  }
  return entry.providerId;
}
