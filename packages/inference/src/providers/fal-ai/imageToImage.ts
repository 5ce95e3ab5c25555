/** fal's image editing: image-to-image and image-text-to-image, queued. */
import { InferenceClientProviderOutputError } from "../../errors.js";
import { isObject, isString } from "../../utils/guards.js";
import { dataUrlOf, download, withParameters } from "../helper.js";
import { falLoras, falQueueHelper } from "./queue.js";
import { textOnlyArgs } from "./textToVideo.js";

/** The image as a data URL, under both names fal apps use (`image_url`, and `image_urls` for FLUX.2). */
async function imageArgs(args: Record<string, unknown>): Promise<Record<string, unknown>> {
  return imageArgsWith(args, await dataUrlOf(args.inputs, "image/png"));
}

function imageArgsWith(args: Record<string, unknown>, image: string): Record<string, unknown> {
  return { ...withParameters(args), image_url: image, image_urls: [image] };
}

const imageTask = {
  preparePayload: ({
    args,
    mapping,
  }: {
    args: Record<string, unknown>;
    mapping?: Parameters<typeof falLoras>[0];
  }) => ({
    ...args,
    ...falLoras(mapping),
  }),
  async readResult(result: unknown, context: Parameters<typeof download>[1]): Promise<Blob> {
    const images = isObject(result) ? result.images : undefined;
    const first: unknown = Array.isArray(images) ? images[0] : undefined;
    if (isObject(first) && isString(first.url) && URL.canParse(first.url))
      return download(first.url, context);
    throw new InferenceClientProviderOutputError(
      `Received malformed response from Fal.ai image-to-image API: expected { images: Array<{ url: string }> } result format, got instead: ${JSON.stringify(result)}`,
    );
  },
};

export const falAiImageToImage = /* @__PURE__ */ falQueueHelper<Blob>({
  ...imageTask,
  task: "image-to-image",
  prepareArgs: imageArgs,
  argsWithDataUrl: imageArgsWith,
});

export const falAiImageTextToImage = /* @__PURE__ */ falQueueHelper<Blob>({
  ...imageTask,
  task: "image-text-to-image",
  prepareArgs: async (args, options) => (args.inputs ? imageArgs(args) : textOnlyArgs(args, options)),
});
