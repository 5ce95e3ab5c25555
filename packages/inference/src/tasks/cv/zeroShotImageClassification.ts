import type { ZeroShotImageClassificationInput, ZeroShotImageClassificationOutput } from "@hubkit/tasks";
import { InferenceClientInputError } from "../../errors.js";
import { runTask } from "../../lib/request.js";
import { zeroShotImageClassificationHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";
import { base64FromBinary } from "../../utils/base64.js";

interface LegacyZeroShotImageClassificationInput {
  inputs: { image: Blob | ArrayBuffer };
}

export type ZeroShotImageClassificationArgs = BaseArgs &
  (ZeroShotImageClassificationInput | LegacyZeroShotImageClassificationInput);

/** Scores an image against labels chosen at call time (`parameters.candidate_labels`). */
export async function zeroShotImageClassification(
  args: ZeroShotImageClassificationArgs,
  options?: Options,
): Promise<ZeroShotImageClassificationOutput> {
  const inputs = args.inputs as unknown;
  const image = inputs instanceof Blob ? inputs : (inputs as { image?: unknown } | undefined)?.image;
  if (!(image instanceof Blob || image instanceof ArrayBuffer)) {
    throw new InferenceClientInputError(
      "zeroShotImageClassification: inputs must be a Blob or {image: Blob | ArrayBuffer}",
    );
  }
  const prepared = { ...args, inputs: { image: await base64FromBinary(image) } };
  return runTask(zeroShotImageClassificationHelpers, prepared, {
    ...options,
    task: "zero-shot-image-classification",
  });
}
