import type { TextToImageInput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { textToImageHelpers } from "../../providers/index.js";
import type { BaseArgs, Options, OutputType } from "../../types.js";

export type TextToImageArgs = BaseArgs & TextToImageInput;

interface TextToImageOptions extends Options {
  /**
   * "blob" (default): the image; "url": a URL of it (hosted by the provider, or a data URL);
   * "dataUrl": a data URL; "json": the provider's reply as it came.
   */
  outputType?: OutputType;
}

/** Generates an image from a prompt. */
export async function textToImage(
  args: TextToImageArgs,
  options?: TextToImageOptions & { outputType: "url" | "dataUrl" },
): Promise<string>;
export async function textToImage(
  args: TextToImageArgs,
  options?: TextToImageOptions & { outputType?: undefined | "blob" },
): Promise<Blob>;
export async function textToImage(
  args: TextToImageArgs,
  options?: TextToImageOptions & { outputType?: undefined | "json" },
): Promise<Record<string, unknown>>;
export async function textToImage(
  args: TextToImageArgs,
  options?: TextToImageOptions,
): Promise<Blob | string | Record<string, unknown>> {
  return (await runTask(textToImageHelpers, args, { ...options, task: "text-to-image" })) as
    Blob | string | Record<string, unknown>;
}
