import type { ImageToTextInput, ImageToTextOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { imageToTextHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyImageInput, preparePayload } from "./utils.js";

export type ImageToTextArgs = BaseArgs & (ImageToTextInput | LegacyImageInput);

/** Describes an image in words (captioning). */
export async function imageToText(args: ImageToTextArgs, options?: Options): Promise<ImageToTextOutput> {
  return runTask(imageToTextHelpers, preparePayload(args), { ...options, task: "image-to-text" });
}
