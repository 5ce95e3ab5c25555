import type { TextToVideoInput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { textToVideoHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type TextToVideoArgs = BaseArgs & TextToVideoInput;

export type TextToVideoOutput = Blob;

/** Generates a video from a prompt (providers may take minutes: see the `poll` option). */
export async function textToVideo(args: TextToVideoArgs, options?: Options): Promise<TextToVideoOutput> {
  return runTask(textToVideoHelpers, args, { ...options, task: "text-to-video" });
}
