import type { ImageClassificationInput, ImageClassificationOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { imageClassificationHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyImageInput, preparePayload } from "./utils.js";

export type ImageClassificationArgs = BaseArgs & (ImageClassificationInput | LegacyImageInput);

/** Labels an image, with scores. */
export async function imageClassification(
  args: ImageClassificationArgs,
  options?: Options,
): Promise<ImageClassificationOutput> {
  return runTask(imageClassificationHelpers, preparePayload(args), {
    ...options,
    task: "image-classification",
  });
}
