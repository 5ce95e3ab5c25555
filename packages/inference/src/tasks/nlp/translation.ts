import type { TranslationInput, TranslationOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { translationHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type TranslationArgs = BaseArgs & TranslationInput;

/** Translates text: one result for one input, an array for several. */
export async function translation(args: TranslationArgs, options?: Options): Promise<TranslationOutput> {
  return runTask(translationHelpers, args, { ...options, task: "translation" });
}
