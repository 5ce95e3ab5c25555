import type { FeatureExtractionInput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { featureExtractionHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type FeatureExtractionArgs = BaseArgs & FeatureExtractionInput;

/** An embedding per input (or per token), nested up to three levels deep. */
export type FeatureExtractionOutput = (number | number[] | number[][])[];

/** Embeds text as vectors. */
export async function featureExtraction(
  args: FeatureExtractionArgs,
  options?: Options,
): Promise<FeatureExtractionOutput> {
  return runTask(featureExtractionHelpers, args, { ...options, task: "feature-extraction" });
}
