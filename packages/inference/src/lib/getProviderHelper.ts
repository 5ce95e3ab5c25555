import { InferenceClientInputError, InferenceClientRoutingError } from "../errors.js";
import type { ProviderHelper, TaskHelpers } from "../providers/helper.js";
import { PROVIDER_TASKS } from "../providers/index.js";
import type { InferenceProvider, InferenceTask } from "../types.js";

/** Checks a provider id; the error lists the valid ones (in the registry's order, as the reference does). */
export function assertProvider(provider: string): asserts provider is InferenceProvider {
  // PROVIDER_TASKS has exactly the INFERENCE_PROVIDERS as keys (a test checks it).
  if (!Object.hasOwn(PROVIDER_TASKS, provider)) {
    throw new InferenceClientInputError(
      `Provider '${provider}' not supported. Available providers: ${Object.keys(PROVIDER_TASKS).join(",")}`,
      { provider },
    );
  }
}

/** The helper serving `task` on `provider`, from that task's helpers; errors name what is available. */
export function selectHelper<Output>(
  helpers: TaskHelpers<Output> | undefined,
  provider: string,
  task: InferenceTask | undefined,
  generic?: ProviderHelper<Output>,
): ProviderHelper<Output> {
  assertProvider(provider);
  if (!task) {
    if (provider === "hf-inference" && generic) return generic;
    throw new InferenceClientInputError(
      "you need to provide a task name when using an external provider, e.g. 'text-to-image'",
      { provider },
    );
  }
  const helper = helpers?.[provider];
  if (!helper) {
    throw new InferenceClientRoutingError(
      `Task '${task}' not supported for provider '${provider}'. Available tasks: ${PROVIDER_TASKS[provider].join(",")}`,
      { provider },
    );
  }
  return helper;
}
