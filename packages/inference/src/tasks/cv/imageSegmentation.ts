import type { ImageSegmentationInput, ImageSegmentationOutput } from "@hubkit/tasks";
import { runTask, withProviderArgs } from "../../lib/request.js";
import { imageSegmentationHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyImageInput, preparePayload } from "./utils.js";

export type ImageSegmentationArgs = BaseArgs & (ImageSegmentationInput | LegacyImageInput);

/** Splits an image into labelled regions, each with a mask. */
export async function imageSegmentation(
  args: ImageSegmentationArgs,
  options?: Options,
): Promise<ImageSegmentationOutput> {
  return runTask(
    imageSegmentationHelpers,
    preparePayload(args),
    { ...options, task: "image-segmentation" },
    withProviderArgs(),
  );
}
