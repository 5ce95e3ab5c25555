/**
 * novita's video generation, both asynchronous: text-to-video on `/v3/async/{model}` (polled at
 * `/v3/async/task-result`), and MiniMax H3 image-text-to-video (polled at
 * `/v3/minimax/v2/query/video_generation/{id}`). Through the router both live under `{router}/novita`.
 */
import { InferenceClientInputError, InferenceClientProviderOutputError } from "../../errors.js";
import { jobBase, type JobState, pollJson } from "../../lib/poll.js";
import { isNumber, isObject, isString } from "../../utils/guards.js";
import { omit } from "../../utils/omit.js";
import { dataUrlOf, download, type ProviderHelper } from "../helper.js";

const provider = "novita";

const taskOf = (reply: unknown) => (isObject(reply) && isObject(reply.task) ? reply.task : undefined);

function asyncTaskState(reply: unknown): JobState<Record<string, unknown>> {
  const task = taskOf(reply);
  if (!task || !isString(task.status)) {
    throw new InferenceClientProviderOutputError(
      "Received malformed response from Novita text-to-video API: failed to parse task result",
    );
  }
  const providerStatus = task.status;
  if (providerStatus === "TASK_STATUS_SUCCEED")
    return { status: "done", providerStatus, result: reply as Record<string, unknown> };
  if (providerStatus === "TASK_STATUS_FAILED")
    return { status: "failed", providerStatus, error: "Novita text-to-video task failed" };
  return { status: providerStatus === "TASK_STATUS_QUEUED" ? "queued" : "running", providerStatus };
}

export const novitaTextToVideo: ProviderHelper<Blob> = {
  provider,
  job: true,
  makeRoute: ({ model }) => `/v3/async/${model}`,
  preparePayload: ({ args }) => {
    const { inputs, parameters, ...rest } = args;
    const { num_inference_steps, ...others } = (parameters ?? {}) as Record<string, unknown>;
    return { ...rest, ...others, steps: num_inference_steps, prompt: inputs };
  },
  async getResponse(response, context) {
    const taskId = isObject(response) ? response.task_id : undefined;
    if (!taskId) {
      throw new InferenceClientProviderOutputError(
        "Received malformed response from Novita text-to-video API: no task ID found in the response",
      );
    }
    const url = `${jobBase(context, provider)}/v3/async/task-result?task_id=${String(taskId)}`;
    const result = await pollJson(context, url, "task result", asyncTaskState, { provider, intervalMs: 500 });
    const video: unknown = Array.isArray(result.videos) ? result.videos[0] : undefined;
    if (isObject(video) && isString(video.video_url) && URL.canParse(video.video_url)) {
      return download(video.video_url, context);
    }
    throw new InferenceClientProviderOutputError(
      `Received malformed response from Novita text-to-video API: expected { videos: [{ video_url: string }] } format, got instead: ${JSON.stringify(result)}`,
    );
  },
};

const MINIMAX_RATIOS = ["21:9", "16:9", "4:3", "1:1", "3:4", "9:16"];

interface TargetSize {
  width: number;
  height: number;
}

/** MiniMax H3 takes a duration in seconds (4-15), a resolution tier and an aspect ratio, not frames and pixels. */
const minimaxDuration = (frames: unknown) =>
  isNumber(frames) ? Math.min(15, Math.max(4, Math.round(frames / 24))) : 4;

function minimaxResolution(size: TargetSize | undefined): string {
  if (!size) return "768P";
  const short = Math.min(size.width, size.height);
  return Math.abs(short - 768) <= Math.abs(short - 1440) ? "768P" : "2K";
}

function minimaxRatio(size: TargetSize | undefined): string {
  if (!size) return "16:9";
  const target = size.width / size.height;
  const value = (ratio: string) => {
    const [w, h] = ratio.split(":").map(Number);
    return Math.abs(target - w / h);
  };
  return MINIMAX_RATIOS.reduce((best, ratio) => (value(ratio) < value(best) ? ratio : best));
}

function minimaxState(reply: unknown): JobState<Record<string, unknown>> {
  const task = taskOf(reply);
  const providerStatus = task && isString(task.status) ? task.status : undefined;
  if (providerStatus === "succeeded") return { status: "done", providerStatus, result: task };
  if (providerStatus === "failed" || providerStatus === "cancelled") {
    const error = task && isObject(task.error) && isString(task.error.message) ? task.error.message : "";
    return { status: "failed", providerStatus, error: error || `Novita task ${providerStatus}` };
  }
  return { status: providerStatus === "queued" ? "queued" : "running", providerStatus };
}

export const novitaImageTextToVideo: ProviderHelper<Blob> = {
  provider,
  job: true,
  makeRoute: ({ model }) => {
    if (model !== "MiniMax-H3") {
      throw new InferenceClientInputError(`Unsupported Novita image-text-to-video model: ${model}`);
    }
    return "/v3/minimax/v2/video_generation";
  },
  prepareArgs: async (args) =>
    args.inputs ? { ...args, inputs: await dataUrlOf(args.inputs, "image/png") } : args,
  preparePayload: ({ args, model }) => {
    const { prompt, num_frames, target_size, ...rest } = (args.parameters ?? {}) as Record<
      string,
      unknown
    > & {
      target_size?: TargetSize;
    };
    const image = args.inputs;
    if (!isString(prompt) || !prompt.trim()) {
      throw new InferenceClientInputError("Novita MiniMax H3 requires a non-empty parameters.prompt.");
    }
    return {
      ...omit(rest, [
        "guidance_scale",
        "negative_prompt",
        "num_inference_steps",
        "seed",
        "resolution",
        "duration",
        "ratio",
      ]),
      model,
      content: [
        { type: "text", text: prompt },
        ...(image ? [{ type: "image_url", image_url: { url: image }, role: "first_frame" }] : []),
      ],
      resolution: rest.resolution ?? minimaxResolution(target_size),
      duration: rest.duration ?? minimaxDuration(num_frames),
      // With a first frame the video keeps the image's own ratio.
      ratio: image ? "adaptive" : (rest.ratio ?? minimaxRatio(target_size)),
    };
  },
  async getResponse(response, context) {
    const taskId = isObject(response) ? response.task_id : undefined;
    if (!isString(taskId)) {
      throw new InferenceClientProviderOutputError(
        "Received malformed response from Novita image-text-to-video API: no task ID found in the response",
      );
    }
    const url = `${jobBase(context, provider)}/v3/minimax/v2/query/video_generation/${encodeURIComponent(taskId)}`;
    const task = await pollJson(context, url, "response status from Novita API", minimaxState, {
      provider,
      intervalMs: 5000,
    });
    const content = task.content;
    if (!isObject(content) || !isString(content.url)) {
      throw new InferenceClientProviderOutputError("No output URL returned by Novita API");
    }
    return download(content.url, context);
  },
};
