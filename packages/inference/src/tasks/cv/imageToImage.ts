import type { ImageToImageInput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { imageToImageHelpers } from "../../providers/index.js";
import type { BaseArgs, Options, RequestArgs } from "../../types.js";
import { base64FromBinary } from "../../utils/base64.js";
import { omit } from "../../utils/omit.js";

export type ImageToImageArgs = BaseArgs & ImageToImageInput;

/**
 * Transforms an image (editing, super-resolution, style). Without parameters the image is sent as
 * raw bytes; with parameters, as base64 in a JSON body next to them.
 */
export async function imageToImage(args: ImageToImageArgs, options?: Options): Promise<Blob> {
  const inputs = args.inputs as Blob | ArrayBuffer;
  const prepared: RequestArgs = args.parameters
    ? { ...args, inputs: await base64FromBinary(inputs) }
    : { ...omit(args, ["inputs", "parameters"]), data: inputs };
  return runTask(imageToImageHelpers, prepared, { ...options, task: "image-to-image" });
}
