import { InferenceClientProviderOutputError, InferenceClientTimeoutError } from "../../errors.js";
import { getLogger } from "../../lib/logger.js";
import { delay } from "../../utils/delay.js";
import { isObject, isString } from "../../utils/guards.js";
import { flattenPrompt, imageFromUrl, type ProviderHelper, type ResponseContext } from "../helper.js";

const FAILED = "Failed to fetch result from black forest labs API";

/** BFL answers with a job to poll: `attempt` 0..n-1 on its polling URL until the status is "Ready". */
async function pollResult(pollingUrl: string, context: ResponseContext): Promise<unknown> {
  const poll = context.options.poll ?? {};
  const interval = poll.intervalMs ?? 1000;
  const attempts = poll.maxAttempts ?? 5;
  const deadline = Date.now() + (poll.timeoutMs ?? 10 * 60_000);
  const logger = getLogger(context.options.logger);
  const url = new URL(pollingUrl);
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (Date.now() + interval > deadline) {
      throw new InferenceClientTimeoutError(
        `Timed out waiting for the black-forest-labs result after ${poll.timeoutMs} ms`,
      );
    }
    await delay(interval, context.signal);
    logger.debug(`Polling Black Forest Labs API for the result... ${attempt + 1}/${attempts}`);
    url.searchParams.set("attempt", String(attempt));
    const response = await context.fetch(url.href, {
      headers: { "Content-Type": "application/json" },
      signal: context.signal,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new InferenceClientProviderOutputError(FAILED);
    }
    const payload: unknown = await response.json();
    if (
      isObject(payload) &&
      payload.status === "Ready" &&
      isObject(payload.result) &&
      isString(payload.result.sample)
    ) {
      return imageFromUrl(payload.result.sample, context, payload);
    }
  }
  throw new InferenceClientProviderOutputError(FAILED);
}

export const blackForestLabsTextToImage: ProviderHelper<unknown> = {
  provider: "black-forest-labs",
  makeRoute: ({ model }) => `/v1/${model}`,
  preparePayload: ({ args }) => flattenPrompt(args),
  async getResponse(response, context) {
    if (isObject(response) && isString(response.polling_url))
      return pollResult(response.polling_url, context);
    throw new InferenceClientProviderOutputError("Expected {id: string, polling_url: string}");
  },
};
