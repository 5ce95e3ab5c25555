import { runTask } from "../../lib/request.js";
import { imageTextToImageHelpers } from "../../providers/index.js";
import type { BaseArgs, Options, RequestArgs } from "../../types.js";
import type { ImageTextToImageInput } from "@hubkit/tasks";

export type ImageTextToImageArgs = BaseArgs & ImageTextToImageInput;
export type { ImageTextToImageInput };

/** Edits (or generates) an image from an image and a text prompt. */
export async function imageTextToImage(args: ImageTextToImageArgs, options?: Options): Promise<Blob> {
  return (await runTask(imageTextToImageHelpers, args as RequestArgs, {
    ...options,
    task: "image-text-to-image",
  })) as Blob;
}
