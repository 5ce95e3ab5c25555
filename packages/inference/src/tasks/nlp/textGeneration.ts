import type { TextGenerationInput, TextGenerationOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { textGenerationHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type { TextGenerationInput, TextGenerationOutput };

/** Continues a text prompt. */
export async function textGeneration(
  args: BaseArgs & TextGenerationInput,
  options?: Options,
): Promise<TextGenerationOutput> {
  return runTask(textGenerationHelpers, args, { ...options, task: "text-generation" });
}
