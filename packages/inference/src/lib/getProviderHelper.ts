import { InferenceClientInputError } from "../errors.js";
import { DEFINITIONS_BY_ID } from "../providers/definitions.js";
import type { ProviderHelper, TaskHelpers, TaskLists } from "../providers/helper.js";
import type { InferenceProvider, InferenceTask } from "../types.js";

/** 4.x's error for a provider id it does not know, listing the `available` ones (comma-joined, as arrays print). */
export function providerNotSupported(provider: string, available: string[]): InferenceClientInputError {
  return new InferenceClientInputError(
    `Provider '${provider}' not supported. Available providers: ${available}`,
  );
}

/** Checks a provider id; the error lists the valid ones (in the definitions' order). */
export function assertProvider(provider: string): asserts provider is InferenceProvider {
  if (!Object.hasOwn(DEFINITIONS_BY_ID, provider)) {
    throw providerNotSupported(provider, Object.keys(DEFINITIONS_BY_ID));
  }
}

/**
 * The helper serving `task` on `provider`, from that task's helpers; errors name what is available
 * (`taskLists`: the providers' tasks, passed in so that chat passes only the few it can need).
 */
export function selectHelper<Output>(
  helpers: TaskHelpers<Output> | undefined,
  taskLists: TaskLists,
  provider: string,
  task: InferenceTask | undefined,
  generic?: ProviderHelper<Output>,
): ProviderHelper<Output> {
  if (!task) {
    if (provider === "hf-inference" && generic) return generic;
    throw new InferenceClientInputError(
      "you need to provide a task name when using an external provider, e.g. 'text-to-image'",
    );
  }
  assertProvider(provider);
  const helper = helpers?.[provider];
  if (!helper) {
    throw new InferenceClientInputError(
      `Task '${task}' not supported for provider '${provider}'. Available tasks: ${taskLists[provider]}`,
    );
  }
  return helper;
}
