import { runTask } from "../../lib/request.js";
import { imageToVideoHelpers } from "../../providers/index.js";
import type { BaseArgs, Options, RequestArgs } from "../../types.js";
import type { ImageToVideoInput } from "@hubkit/tasks";

export type ImageToVideoArgs = BaseArgs & ImageToVideoInput;
export type { ImageToVideoInput };

/** Animates an image into a video. */
export async function imageToVideo(args: ImageToVideoArgs, options?: Options): Promise<Blob> {
  return (await runTask(imageToVideoHelpers, args as RequestArgs, {
    ...options,
    task: "image-to-video",
  })) as Blob;
}
