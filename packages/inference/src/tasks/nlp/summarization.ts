import type { SummarizationInput, SummarizationOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { summarizationHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type SummarizationArgs = BaseArgs & SummarizationInput;

/** Summarizes a text. */
export async function summarization(
  args: SummarizationArgs,
  options?: Options,
): Promise<SummarizationOutput> {
  return runTask(summarizationHelpers, args, { ...options, task: "summarization" });
}
