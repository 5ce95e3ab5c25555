import type { ZeroShotClassificationInput, ZeroShotClassificationOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { zeroShotClassificationHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type ZeroShotClassificationArgs = BaseArgs & ZeroShotClassificationInput;

/** Scores a text against labels chosen at call time (parameters.candidate_labels). */
export async function zeroShotClassification(
  args: ZeroShotClassificationArgs,
  options?: Options,
): Promise<ZeroShotClassificationOutput> {
  return runTask(zeroShotClassificationHelpers, args, { ...options, task: "zero-shot-classification" });
}
