import type { ProviderHelper } from "../providers/helper.js";
import { hfInferenceGeneric } from "../providers/hf-inference/index.js";
import { HELPERS_BY_TASK } from "../providers/index.js";
import type { InferenceProvider, InferenceTask } from "../types.js";
import { selectHelper } from "./getProviderHelper.js";

/**
 * The helper for any provider and task (the generic hf-inference one without a task). For code
 * that picks the task at run time: `request`, `streamingRequest` and the snippet generator.
 */
export function getProviderHelper(
  provider: InferenceProvider | string,
  task?: InferenceTask,
): ProviderHelper {
  return selectHelper(task ? HELPERS_BY_TASK[task] : undefined, provider, task, hfInferenceGeneric);
}
