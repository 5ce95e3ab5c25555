import { runTask } from "../../lib/request.js";
import { imageTextToVideoHelpers } from "../../providers/index.js";
import type { BaseArgs, Options, RequestArgs } from "../../types.js";
import type { ImageTextToVideoInput } from "@hubkit/tasks";

export type ImageTextToVideoArgs = BaseArgs & ImageTextToVideoInput;
export type { ImageTextToVideoInput };

/** Generates a video from an image and a text prompt. */
export async function imageTextToVideo(args: ImageTextToVideoArgs, options?: Options): Promise<Blob> {
  return (await runTask(imageTextToVideoHelpers, args as RequestArgs, {
    ...options,
    task: "image-text-to-video",
  })) as Blob;
}
