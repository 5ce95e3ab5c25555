import { InferenceClientProviderOutputError } from "../../errors.js";
import { getLogger } from "../../lib/logger.js";
import { fetchJobJson, pollJob } from "../../lib/poll.js";
import { isObject, isString } from "../../utils/guards.js";
import { flattenPrompt, imageFromUrl, type ProviderHelper, type ResponseContext } from "../helper.js";

const FAILED = "Failed to fetch result from black forest labs API";

/**
 * BFL answers with a job to poll: `attempt` 0..n-1 on its polling URL (no credentials) until the
 * status is "Ready"; after 5 polls (`poll.maxAttempts`) it gives up with 4.x's error.
 */
async function pollResult(pollingUrl: string, context: ResponseContext): Promise<unknown> {
  const attempts = context.options.poll?.maxAttempts ?? 5;
  const logger = getLogger(context.options.logger);
  const url = new URL(pollingUrl);
  const init = {
    fetch: context.fetch,
    headers: { "Content-Type": "application/json" },
    signal: context.signal,
  };
  const ready = await pollJob<{ sample: string; payload: unknown }>({
    provider: "black-forest-labs",
    options: context.options,
    intervalMs: 1000,
    async check(attempt) {
      logger.debug(`Polling Black Forest Labs API for the result... ${attempt + 1}/${attempts}`);
      url.searchParams.set("attempt", String(attempt));
      const payload = await fetchJobJson(url.href, init, "result from black forest labs API").catch(
        (error: unknown) => {
          if (context.signal?.aborted) throw error;
          throw new InferenceClientProviderOutputError(FAILED);
        },
      );
      const status = isObject(payload) && isString(payload.status) ? payload.status : undefined;
      if (
        status === "Ready" &&
        isObject(payload) &&
        isObject(payload.result) &&
        isString(payload.result.sample)
      ) {
        return { status: "done", providerStatus: status, result: { sample: payload.result.sample, payload } };
      }
      if (attempt + 1 >= attempts) return { status: "failed", providerStatus: status, error: FAILED };
      return { status: status === "Pending" ? "queued" : "running", providerStatus: status };
    },
  });
  return imageFromUrl(ready.sample, context, ready.payload);
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
