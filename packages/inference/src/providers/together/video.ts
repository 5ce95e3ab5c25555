/**
 * together's video generation (text-to-video, image-to-video): `POST v2/videos` answers a job,
 * polled at `v2/videos/{id}` (every 2 s, at most 150 times by default) until completed.
 */
import { InferenceClientProviderOutputError } from "../../errors.js";
import { type JobState, pollJson } from "../../lib/poll.js";
import { isObject, isString } from "../../utils/guards.js";
import { download, type ProviderHelper, type ResponseContext } from "../helper.js";
import { imageAsDataUrl, renameSteps } from "./index.js";

const provider = "together";

/** The hub's parameter names as together's: `steps`, and `width`/`height` from `target_size`. */
function videoParameters(parameters: unknown): Record<string, unknown> {
  const { target_size, ...rest } = renameSteps(parameters);
  if (isObject(target_size)) {
    if (target_size.width !== undefined) rest.width = target_size.width;
    if (target_size.height !== undefined) rest.height = target_size.height;
  }
  return rest;
}

function jobState(job: unknown): JobState<Record<string, unknown>> {
  const status = isObject(job) ? job.status : undefined;
  const providerStatus = isString(status) ? status : undefined;
  if (status === undefined || status === "queued") return { status: "queued", providerStatus };
  if (status === "in_progress") return { status: "running", providerStatus };
  if (status === "completed")
    return { status: "done", providerStatus, result: job as Record<string, unknown> };
  const error =
    isObject(job) && isObject(job.error) && isString(job.error.message) ? job.error.message : undefined;
  return {
    status: "failed",
    providerStatus,
    error:
      status === "failed"
        ? `Together video generation failed: ${error ?? "Unknown error"}`
        : `Unexpected Together video job status: ${JSON.stringify(status)}`,
  };
}

async function awaitVideo(response: unknown, context: ResponseContext): Promise<Blob> {
  const id = isObject(response) ? response.id : undefined;
  if (!id) {
    throw new InferenceClientProviderOutputError(
      "Received malformed response from Together video API: no job ID found in the response",
    );
  }
  const statusUrl = `${context.url}/${String(id)}`;
  const job = await pollJson(context, statusUrl, "Together video job result", jobState, {
    provider,
    intervalMs: 2000,
    maxAttempts: 150,
    initial: jobState(response),
  });
  const outputs = job.outputs;
  if (!isObject(outputs) || !isString(outputs.video_url)) {
    throw new InferenceClientProviderOutputError("No video URL found in completed Together video job.");
  }
  return download(outputs.video_url, context);
}

export const togetherTextToVideo: ProviderHelper<Blob> = {
  provider,
  job: true,
  makeRoute: () => "v2/videos",
  preparePayload: ({ args, model }) => {
    const { inputs, parameters, ...rest } = args;
    return { ...rest, ...videoParameters(parameters), prompt: inputs, model };
  },
  getResponse: awaitVideo,
};

export const togetherImageToVideo: ProviderHelper<Blob> = {
  provider,
  job: true,
  makeRoute: () => "v2/videos",
  // together caps `input_image` near 60 KB: larger images should be hosted and passed by URL.
  prepareArgs: /* @__PURE__ */ imageAsDataUrl("image-to-video", "image/png"),
  preparePayload: ({ args, model }) => {
    const { inputs, parameters, ...rest } = args;
    const { prompt, ...others } = (parameters ?? {}) as Record<string, unknown>;
    return {
      ...rest,
      ...videoParameters(others),
      frame_images: [{ input_image: inputs, frame: "first" }],
      model,
      ...(typeof prompt === "string" ? { prompt } : {}),
    };
  },
  getResponse: awaitVideo,
};
