import { routerBase } from "../../config.js";
import { InferenceClientProviderOutputError, InferenceClientTimeoutError } from "../../errors.js";
import { delay } from "../../utils/delay.js";
import { isObject, isString } from "../../utils/guards.js";
import { download, flattenPrompt, type ProviderHelper, type ResponseContext } from "../helper.js";

const provider = "fal-ai";

async function getJson(url: string, context: ResponseContext, failed: string, unparsable: string) {
  const response = await context.fetch(url, { headers: context.headers, signal: context.signal });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new InferenceClientProviderOutputError(failed);
  }
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    if (context.signal?.aborted) throw error;
    throw new InferenceClientProviderOutputError(unparsable);
  }
}

/**
 * fal.ai's queue: the POST returns a request id; its status is polled (every 500 ms by default,
 * up to a deadline) until COMPLETED, then the result is fetched and its video downloaded.
 */
async function awaitQueuedVideo(response: unknown, context: ResponseContext): Promise<Blob> {
  if (!isObject(response) || !response.request_id) {
    throw new InferenceClientProviderOutputError("No request ID found in the response");
  }
  if (!isString(response.response_url)) {
    throw new InferenceClientProviderOutputError("Expected {request_id: string, response_url: string}");
  }
  const requestUrl = new URL(context.url);
  // Through the router the queue lives under {router}/fal-ai; directly, at the queue host's root.
  const router = routerBase(context.options);
  const base = context.url.startsWith(`${router}/fal-ai/`) ? `${router}/fal-ai` : requestUrl.origin;
  const path = new URL(response.response_url).pathname;
  const query = requestUrl.search;

  const poll = context.options.poll ?? {};
  const interval = poll.intervalMs ?? 500;
  const timeoutMs = poll.timeoutMs ?? 10 * 60_000;
  const maxAttempts = poll.maxAttempts ?? Infinity;
  const deadline = Date.now() + timeoutMs;
  let status: unknown;
  for (let attempt = 0; status !== "COMPLETED"; attempt++) {
    if (attempt >= maxAttempts || Date.now() + interval > deadline) {
      throw new InferenceClientTimeoutError(
        `Timed out waiting for fal-ai to complete request ${String(response.request_id)} (last status: ${String(status)})`,
      );
    }
    await delay(interval, context.signal);
    const reply = await getJson(
      `${base}${path}/status${query}`,
      context,
      "Failed to fetch response status from fal-ai API",
      "Failed to parse status response from fal-ai API",
    );
    status = isObject(reply) ? reply.status : undefined;
  }
  const result = await getJson(
    `${base}${path}${query}`,
    context,
    "Failed to fetch result from fal-ai API",
    "Failed to parse result response from fal-ai API",
  );
  if (
    isObject(result) &&
    isObject(result.video) &&
    isString(result.video.url) &&
    URL.canParse(result.video.url)
  ) {
    return download(result.video.url, context);
  }
  throw new InferenceClientProviderOutputError(
    `Expected { video: { url: string } } result format, got instead: ${JSON.stringify(result)}`,
  );
}

export const falAiTextToVideo: ProviderHelper<Blob> = {
  provider,
  directBase: "fal-ai-queue",
  makeRoute: ({ model, authMethod }) =>
    authMethod === "provider-key" ? `/${model}` : `/${model}?_subdomain=queue`,
  preparePayload: ({ args }) => flattenPrompt(args),
  getResponse: awaitQueuedVideo,
};
