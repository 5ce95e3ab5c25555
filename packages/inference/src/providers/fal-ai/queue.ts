/**
 * fal.ai's queue, which every fal task but speech and speech recognition goes through (as 4.13.30
 * sends them): the POST answers a request id; its status is polled until COMPLETED, then the
 * result is fetched. Through the router the queue lives under `{router}/fal-ai` (`?_subdomain=queue`
 * on every URL); directly, on queue.fal.run.
 */
import { HF_HUB_URL } from "../../config.js";
import { InferenceClientProviderOutputError } from "../../errors.js";
import { fetchJobJson, jobBase, type JobState, pollJson } from "../../lib/poll.js";
import type { BodyParams, Options } from "../../types.js";
import { isNumber, isObject, isString } from "../../utils/guards.js";
import type { ProviderHelper, ResponseContext } from "../helper.js";

const provider = "fal-ai";

/** fal's queue words → progress statuses. */
function falState(reply: unknown): JobState<undefined> {
  const status = isObject(reply) && isString(reply.status) ? reply.status : undefined;
  const queuePosition = isObject(reply) && isNumber(reply.queue_position) ? reply.queue_position : undefined;
  if (status === "COMPLETED") return { status: "done", providerStatus: status };
  if (status === "IN_PROGRESS") return { status: "running", providerStatus: status };
  return { status: "queued", providerStatus: status, queuePosition };
}

/** Polls a queued request until it completes and returns its result JSON. */
export async function awaitFalQueue(
  response: unknown,
  context: ResponseContext,
  task: string,
): Promise<unknown> {
  if (!isObject(response) || !response.request_id) {
    throw new InferenceClientProviderOutputError(
      `Received malformed response from Fal.ai ${task} API: no request ID found in the response`,
    );
  }
  if (!isString(response.response_url) || !URL.canParse(response.response_url)) {
    throw new InferenceClientProviderOutputError(
      `Received malformed response from Fal.ai ${task} API: expected {request_id: string, response_url: string}`,
    );
  }
  const base = jobBase(context, provider);
  // The path comes from the reply: fal may run the request under another app id than the one posted
  // to. Only its `/{owner}/{app}/requests/{id}` tail is kept: a proxy that rewrote the URL for
  // browsers (the hub's does) may have put its own prefix before it.
  const segments = new URL(response.response_url).pathname.split("/");
  const at = segments.lastIndexOf("requests");
  const path = at >= 2 ? `/${segments.slice(at - 2).join("/")}` : segments.join("/");
  const query = new URL(context.url).search;
  await pollJson(context, `${base}${path}/status${query}`, "response status from fal-ai API", falState, {
    provider,
    intervalMs: 500,
    initial: falState(response),
  });
  return fetchJobJson(`${base}${path}${query}`, context, "result from fal-ai API");
}

/** The LoRA a mapping names, as fal loads it: the adapter's weights file on the hub. */
export function falLoras(mapping: BodyParams["mapping"]): { loras?: { path: string; scale: number }[] } {
  if (mapping?.adapter !== "lora" || !mapping.adapterWeightsPath) return {};
  return {
    loras: [
      { path: `${HF_HUB_URL}/${mapping.hfModelId}/resolve/main/${mapping.adapterWeightsPath}`, scale: 1 },
    ],
  };
}

interface QueueTask<Output> {
  /** The task, as errors name it. */
  task: string;
  preparePayload(params: BodyParams): unknown;
  prepareArgs?(args: Record<string, unknown>, options: Options): Promise<Record<string, unknown>>;
  /** `prepareArgs` with the input file already a data URL (see ProviderHelper). */
  argsWithDataUrl?(args: Record<string, unknown>, dataUrl: string): Record<string, unknown>;
  /** Reads the completed request's result (downloading the media it points to). */
  readResult(result: unknown, context: ResponseContext): Promise<Output>;
}

/** A fal task served through the queue. */
export function falQueueHelper<Output>(task: QueueTask<Output>): ProviderHelper<Output> {
  return {
    provider,
    job: true,
    directBase: "fal-ai-queue",
    makeRoute: ({ model, authMethod }) =>
      authMethod === "provider-key" ? `/${model}` : `/${model}?_subdomain=queue`,
    preparePayload: task.preparePayload,
    prepareArgs: task.prepareArgs,
    argsWithDataUrl: task.argsWithDataUrl,
    getResponse: async (response, context) =>
      task.readResult(await awaitFalQueue(response, context, task.task), context),
  };
}

/** `{key: {url}}` of a result, or undefined. */
export function resultUrl(result: unknown, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = isObject(result) ? result[key] : undefined;
    if (isObject(value) && isString(value.url) && URL.canParse(value.url)) return value.url;
  }
  return undefined;
}
