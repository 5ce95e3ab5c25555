import type { FeatureExtractionInput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { featureExtractionHelpers } from "../../providers/index.js";
import type { BaseArgs, FeatureExtractionOutput, Options } from "../../types.js";

export type FeatureExtractionArgs = BaseArgs & FeatureExtractionInput;

export type { FeatureExtractionOutput } from "../../types.js";

/** Embeds text as vectors. */
export async function featureExtraction(
  args: FeatureExtractionArgs,
  options?: Options,
): Promise<FeatureExtractionOutput> {
  return runTask(featureExtractionHelpers, args, { ...options, task: "feature-extraction" });
}
