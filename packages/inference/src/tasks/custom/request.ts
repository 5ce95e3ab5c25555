import { getLogger } from "../../lib/logger.js";
import { type TaskOptions, runRawTask } from "../../lib/request.js";
import { hfInferenceGeneric } from "../../providers/hf-inference/index.js";
import { HELPERS_BY_TASK } from "../../providers/index.js";
import type { InferenceTask, Options, RequestArgs } from "../../types.js";

let warned = false;

/**
 * A raw call with no output check: parsed JSON, or a Blob for any other content type.
 * @deprecated Use the task functions (`chatCompletion`, `textToImage`, …), which check the output.
 */
export async function request<T>(
  args: RequestArgs,
  options?: Options & { task?: InferenceTask },
): Promise<T> {
  if (!warned) {
    warned = true;
    getLogger(options?.logger).warn(
      "The request method is deprecated and will be removed in a future version of huggingface.js. Use specific task functions instead.",
    );
  }
  const task = options?.task;
  return (await runRawTask(
    task ? HELPERS_BY_TASK[task] : undefined,
    args,
    { ...options } as TaskOptions,
    hfInferenceGeneric,
  )) as T;
}
