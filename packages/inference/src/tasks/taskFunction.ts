import { runTask } from "../lib/request.js";
import type { TaskHelpers } from "../providers/helper.js";
import type { InferenceTask, Options, RequestArgs } from "../types.js";

/**
 * A task function that hands its arguments to its task's helpers: as they come, or as `prepare`
 * rewrites them first (raw bytes moved to the body, an image read into base64). Most task functions
 * are no more than this; the others call `runTask` themselves.
 */
export function taskFunction<Args, Output>(
  helpers: TaskHelpers<Output>,
  task: InferenceTask,
  prepare?: (args: Args) => RequestArgs | Promise<RequestArgs>,
): (args: Args, options?: Options) => Promise<Output> {
  return async (args, options) =>
    runTask(helpers, prepare ? await prepare(args) : (args as RequestArgs), { ...options, task });
}
