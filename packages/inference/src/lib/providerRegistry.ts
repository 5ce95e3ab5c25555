import type { ProviderHelper } from "../providers/helper.js";
import { hfInferenceGeneric } from "../providers/hf-inference/index.js";
import { HELPERS_BY_TASK, PROVIDER_TASKS } from "../providers/index.js";
import type { InferenceProviderOrPolicy, InferenceTask } from "../types.js";
import { selectHelper } from "./getProviderHelper.js";

/**
 * 4.x's `getProviderHelper`: the helper for any provider and task. "auto" and hf-inference without
 * a task give the generic hf-inference helper (the raw reply), as in 4.x.
 */
export function getProviderHelper(
  provider: InferenceProviderOrPolicy | string,
  task?: InferenceTask,
): ProviderHelper {
  if ((provider === "hf-inference" && !task) || provider === "auto") return hfInferenceGeneric;
  return selectHelper(
    task ? HELPERS_BY_TASK[task] : undefined,
    PROVIDER_TASKS,
    provider,
    task,
    hfInferenceGeneric,
  );
}
