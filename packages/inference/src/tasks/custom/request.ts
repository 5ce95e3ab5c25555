/** The raw calls of 4.x, deprecated there: no output check, the task (if any) given in the options. */
import { type Logger, getLogger } from "../../lib/logger.js";
import { type TaskOptions, runRawTask, runStreamingTask } from "../../lib/request.js";
import { hfInferenceGeneric } from "../../providers/hf-inference/index.js";
import { HELPERS_BY_TASK } from "../../providers/index.js";
import type { InferenceTask, Options, RequestArgs } from "../../types.js";

type RawOptions = Options & { task?: InferenceTask };

/** Warns the first time `name` is called, as 4.x does, through the call's logger. */
function deprecationWarning(name: string): (logger: Logger | undefined) => void {
  let warned = false;
  return (logger) => {
    if (warned) return;
    warned = true;
    getLogger(logger).warn(
      `The ${name} method is deprecated and will be removed in a future version of huggingface.js. Use specific task functions instead.`,
    );
  };
}

const warnRequest = /* @__PURE__ */ deprecationWarning("request");
const warnStreamingRequest = /* @__PURE__ */ deprecationWarning("streamingRequest");

/**
 * A raw call with no output check: parsed JSON, or a Blob for any other content type.
 * @deprecated Use the task functions (`chatCompletion`, `textToImage`, …), which check the output.
 */
export async function request<T>(args: RequestArgs, options?: RawOptions): Promise<T> {
  warnRequest(options?.logger);
  const task = options?.task;
  return (await runRawTask(
    task ? HELPERS_BY_TASK[task] : undefined,
    args,
    { ...options } as TaskOptions,
    hfInferenceGeneric,
  )) as T;
}

/**
 * A raw streaming call: yields every JSON event of the server-sent event stream until `[DONE]`.
 * @deprecated Use `chatCompletionStream` or `textGenerationStream`.
 */
export function streamingRequest<T>(args: RequestArgs, options?: RawOptions): AsyncGenerator<T> {
  warnStreamingRequest(options?.logger);
  const task = options?.task;
  return runStreamingTask<T>(
    task ? HELPERS_BY_TASK[task] : undefined,
    args,
    { ...options },
    hfInferenceGeneric,
  );
}
