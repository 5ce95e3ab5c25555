import type { TokenClassificationInput, TokenClassificationOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { tokenClassificationHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type TokenClassificationArgs = BaseArgs & TokenClassificationInput;

/** Labels spans of a text (named entities, parts of speech). */
export async function tokenClassification(
  args: TokenClassificationArgs,
  options?: Options,
): Promise<TokenClassificationOutput> {
  return runTask(tokenClassificationHelpers, args, { ...options, task: "token-classification" });
}
