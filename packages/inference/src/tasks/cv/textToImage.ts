import type { TextToImageInput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { textToImageHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type TextToImageArgs = BaseArgs & TextToImageInput;

interface TextToImageOptions extends Options {
  /** "url": a URL (or data URL) of the image instead of the downloaded Blob. */
  outputType?: "url" | "blob";
}

/** Generates an image from a prompt. */
export async function textToImage(
  args: TextToImageArgs,
  options?: TextToImageOptions & { outputType: "url" },
): Promise<string>;
export async function textToImage(
  args: TextToImageArgs,
  options?: TextToImageOptions & { outputType?: undefined | "blob" },
): Promise<Blob>;
export async function textToImage(
  args: TextToImageArgs,
  options?: TextToImageOptions,
): Promise<Blob | string> {
  return runTask(textToImageHelpers, args, { ...options, task: "text-to-image" });
}
