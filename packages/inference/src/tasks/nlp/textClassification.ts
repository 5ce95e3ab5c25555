import type { TextClassificationInput, TextClassificationOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { textClassificationHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type TextClassificationArgs = BaseArgs & TextClassificationInput;

/** Labels a text (sentiment, topic, …), with scores. */
export async function textClassification(
  args: TextClassificationArgs,
  options?: Options,
): Promise<TextClassificationOutput> {
  return runTask(textClassificationHelpers, args, { ...options, task: "text-classification" });
}
