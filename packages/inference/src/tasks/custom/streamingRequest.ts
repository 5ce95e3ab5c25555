import { getLogger } from "../../lib/logger.js";
import { runStreamingTask } from "../../lib/request.js";
import { hfInferenceGeneric } from "../../providers/hf-inference/index.js";
import { HELPERS_BY_TASK } from "../../providers/index.js";
import type { InferenceTask, Options, RequestArgs } from "../../types.js";

let warned = false;

/**
 * A raw streaming call: yields every JSON event of the server-sent event stream until `[DONE]`.
 * @deprecated Use `chatCompletionStream` or `textGenerationStream`.
 */
export function streamingRequest<T>(
  args: RequestArgs,
  options?: Options & { task?: InferenceTask },
): AsyncGenerator<T> {
  if (!warned) {
    warned = true;
    getLogger(options?.logger).warn(
      "The streamingRequest method is deprecated and will be removed in a future version of huggingface.js. Use specific task functions instead.",
    );
  }
  const task = options?.task;
  return runStreamingTask<T>(
    task ? HELPERS_BY_TASK[task] : undefined,
    args,
    { ...options },
    hfInferenceGeneric,
  );
}
