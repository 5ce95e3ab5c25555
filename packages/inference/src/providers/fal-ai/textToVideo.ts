/** fal's video tasks: text-to-video, image-to-video and image-text-to-video, all queued. */
import { routerBase } from "../../config.js";
import { InferenceClientProviderOutputError } from "../../errors.js";
import type { BodyParams, Options } from "../../types.js";
import { omit } from "../../utils/omit.js";
import { dataUrlOf, download, flattenPrompt, type ResponseContext, withParameters } from "../helper.js";
import { falLoras, falQueueHelper, resultUrl } from "./queue.js";

const videoReader =
  (task: string) =>
  async (result: unknown, context: ResponseContext): Promise<Blob> => {
    const url = resultUrl(result, "video");
    if (url) return download(url, context);
    throw new InferenceClientProviderOutputError(
      `Received malformed response from Fal.ai ${task} API: expected { video: { url: string } } result format, got instead: ${JSON.stringify(result)}`,
    );
  };

export const falAiTextToVideo = /* @__PURE__ */ falQueueHelper<Blob>({
  task: "text-to-video",
  preparePayload: ({ args, mapping }) => ({ ...flattenPrompt(args), ...falLoras(mapping) }),
  readResult: /* @__PURE__ */ videoReader("text-to-video"),
});

/** The image as a data URL under `image_url`, next to the parameters. */
async function imageVideoArgs(args: Record<string, unknown>): Promise<Record<string, unknown>> {
  return imageVideoArgsWith(args, await dataUrlOf(args.inputs, "image/png"));
}

function imageVideoArgsWith(args: Record<string, unknown>, image: string): Record<string, unknown> {
  return {
    ...omit(args, ["inputs", "parameters"]),
    image_url: image,
    ...(args.parameters as object | undefined),
  };
}

const imageVideoPayload = ({ args, mapping }: BodyParams) => ({
  ...withParameters(args),
  image_url: args.image_url,
  ...falLoras(mapping),
});

export const falAiImageToVideo = /* @__PURE__ */ falQueueHelper<Blob>({
  task: "image-to-video",
  prepareArgs: imageVideoArgs,
  argsWithDataUrl: imageVideoArgsWith,
  preparePayload: imageVideoPayload,
  readResult: /* @__PURE__ */ videoReader("image-to-video"),
});

/**
 * Some fal apps serve the image+text variant one path segment deeper than the text-only one
 * (`fal-ai/flux-2/edit` vs `fal-ai/flux-2`): a call without an image drops that segment. Only on
 * direct calls: through the router the path is the provider id the router resolves.
 */
export function dropEndpointSegmentOnDirectCalls(options: Options): (url: string) => string {
  return (url) => {
    const parsed = new URL(url);
    if (parsed.origin === new URL(routerBase(options)).origin) return url;
    parsed.pathname = parsed.pathname.split("/").slice(0, -1).join("/");
    return parsed.toString();
  };
}

/** Without an image: the text-only variant, the prompt taken from the parameters. */
export function textOnlyArgs(args: Record<string, unknown>, options: Options): Record<string, unknown> {
  const parameters = args.parameters as { prompt?: unknown } | undefined;
  return {
    ...withParameters(args),
    prompt: parameters?.prompt,
    urlTransform: dropEndpointSegmentOnDirectCalls(options),
  };
}

export const falAiImageTextToVideo = /* @__PURE__ */ falQueueHelper<Blob>({
  task: "image-text-to-video",
  prepareArgs: async (args, options) => (args.inputs ? imageVideoArgs(args) : textOnlyArgs(args, options)),
  preparePayload: imageVideoPayload,
  readResult: /* @__PURE__ */ videoReader("image-text-to-video"),
});
