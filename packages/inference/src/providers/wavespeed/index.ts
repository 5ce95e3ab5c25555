import { InferenceClientInputError, InferenceClientProviderOutputError } from "../../errors.js";
import { base64FromBinary } from "../../utils/base64.js";
import { isObject, isString } from "../../utils/guards.js";
import { imageFromUrl, type ProviderHelper, type ResponseContext } from "../helper.js";
import { jobBase, type JobState, pollJson } from "../../lib/poll.js";

const provider = "wavespeed";

/** WaveSpeed's job states, as the progress callback reports them. */
const STATES = { created: "queued", processing: "running" } as const;

/**
 * Every task is one asynchronous job: POST `api/v3/{model}` answers `{data: {id, urls: {get}}}`;
 * `urls.get` is polled until `completed` (or `failed`), then the first output is fetched.
 */
async function awaitJob(response: unknown, context: ResponseContext): Promise<unknown> {
  const submitted = isObject(response) && isObject(response.data) ? response.data : undefined;
  const getUrl = submitted && isObject(submitted.urls) ? submitted.urls.get : undefined;
  if (!isString(getUrl) || !URL.canParse(getUrl)) {
    throw new InferenceClientProviderOutputError(
      `Received malformed response from WaveSpeed AI API: expected { data: { id, urls: { get } } }, got: ${JSON.stringify(response)}`,
    );
  }
  // The poll URL names WaveSpeed's host; through the router the same path lives under {router}/wavespeed.
  const pollUrl = `${jobBase(context, provider)}${new URL(getUrl).pathname}`;
  const result = await pollJson(
    context,
    pollUrl,
    `the ${provider} job status`,
    (reply): JobState<Record<string, unknown>> => {
      const task = isObject(reply) && isObject(reply.data) ? reply.data : undefined;
      const status = task?.status;
      const providerStatus = String(status);
      if (status === "failed") {
        const error = isString(task?.error) && task.error ? task.error : "Task failed";
        return { status: "failed", providerStatus, error };
      }
      if (status === "completed")
        return { status: "done", providerStatus, result: reply as Record<string, unknown> };
      return { status: STATES[status as keyof typeof STATES] ?? "running", providerStatus };
    },
    { provider, intervalMs: 500 },
  );
  const outputs = (result.data as { outputs?: unknown }).outputs;
  const mediaUrl = Array.isArray(outputs) ? outputs[0] : undefined;
  if (!isString(mediaUrl)) {
    throw new InferenceClientProviderOutputError(
      "Received malformed response from WaveSpeed AI API: No output URL in completed response",
    );
  }
  return imageFromUrl(mediaUrl, context, result);
}

// A 1×1 transparent PNG: image+text tasks may be called with text only, and the API wants an image.
const EMPTY_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/**
 * Image inputs go as base64 in `image` (and `images`, unless the caller gave its own list); the
 * prompt moves from `parameters.prompt` to `inputs`, which the payload sends as `prompt`.
 */
async function withImage(args: Record<string, unknown>, optional: boolean): Promise<Record<string, unknown>> {
  const { data, inputs, ...rest } = args;
  const parameters = (rest.parameters ?? {}) as Record<string, unknown>;
  const source = data ?? inputs;
  let image: string;
  if (source instanceof Blob || source instanceof ArrayBuffer) image = await base64FromBinary(source);
  // imageToImage has already read the image into base64 when it has parameters.
  else if (isString(source) && source !== "") image = source;
  else if (optional && source === undefined) image = EMPTY_PNG;
  else throw new InferenceClientInputError("WaveSpeed AI expects an image (Blob) as inputs");
  const given = (rest as { images?: unknown }).images ?? parameters.images;
  const images = Array.isArray(given) && given.every(isString) ? given : [image];
  return { ...rest, inputs: parameters.prompt, image, images };
}

const wavespeedBase = {
  provider,
  job: true,
  makeRoute: ({ model }) => `api/v3/${model}`,
  preparePayload: ({ args, mapping }) => {
    const { inputs, parameters, ...rest } = args;
    const { images: _images, ...params } = (parameters ?? {}) as Record<string, unknown>;
    const payload: Record<string, unknown> = { ...rest, ...params, prompt: inputs };
    // A LoRA repo mapped to a base model: WaveSpeed loads the adapter by its hub id.
    if (mapping?.adapter === "lora") payload.loras = [{ path: mapping.hfModelId, scale: 1 }];
    return payload;
  },
  getResponse: awaitJob,
} satisfies ProviderHelper<unknown>;

export const wavespeedTextToImage: ProviderHelper<unknown> = wavespeedBase;
export const wavespeedTextToVideo = wavespeedBase as ProviderHelper<Blob>;

export const wavespeedImageToImage: ProviderHelper<Blob> = {
  ...(wavespeedBase as ProviderHelper<Blob>),
  prepareArgs: (args) => withImage(args, false),
};
export const wavespeedImageToVideo = wavespeedImageToImage;

export const wavespeedImageTextToImage: ProviderHelper<Blob> = {
  ...(wavespeedBase as ProviderHelper<Blob>),
  prepareArgs: (args) => withImage(args, true),
};
export const wavespeedImageTextToVideo = wavespeedImageTextToImage;
