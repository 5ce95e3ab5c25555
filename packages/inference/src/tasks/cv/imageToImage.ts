import type { ImageToImageInput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { imageToImageHelpers } from "../../providers/index.js";
import type { BaseArgs, Options, RequestArgs } from "../../types.js";
import { base64FromBinary } from "../../utils/base64.js";
import { omit } from "../../utils/omit.js";

export type ImageToImageArgs = BaseArgs & ImageToImageInput;

/**
 * hf-inference takes the image as raw bytes without parameters, and as base64 in a JSON body next
 * to them; the other providers turn the Blob into what they take themselves.
 */
async function forHfInference(args: RequestArgs): Promise<RequestArgs> {
  const { inputs, parameters } = args as { inputs: Blob | ArrayBuffer; parameters?: unknown };
  return parameters
    ? ({ ...args, inputs: await base64FromBinary(inputs) } as RequestArgs)
    : ({ ...omit(args as ImageToImageArgs, ["inputs", "parameters"]), data: inputs } as RequestArgs);
}

/** Transforms an image (editing, super-resolution, style). */
export async function imageToImage(args: ImageToImageArgs, options?: Options): Promise<Blob> {
  return runTask(
    imageToImageHelpers,
    args as RequestArgs,
    { ...options, task: "image-to-image" },
    {
      prepareArgs: (prepared, helper) =>
        helper.provider === "hf-inference" ? forHfInference(prepared) : prepared,
    },
  );
}
