/**
 * OpenAI-style embeddings and image generation routes, which several providers copy (deepinfra,
 * nscale, scaleway): one maker each, so a provider folder only names its route and quirks.
 */
import { InferenceClientProviderOutputError } from "../errors.js";
import type { FeatureExtractionOutput, InferenceProvider } from "../types.js";
import { isObject, isString } from "../utils/guards.js";
import { flattenPrompt, imageFromBase64, imageFromUrl, type ProviderHelper } from "./helper.js";

/** `{input, model}` (plus the caller's parameters) → `{data: [{embedding}]}` → one vector per input. */
export function embeddingsHelper(
  provider: InferenceProvider,
  route: string,
): ProviderHelper<FeatureExtractionOutput> {
  return {
    provider,
    makeRoute: () => route,
    // `model` and `input` last: caller parameters cannot replace the mapped model.
    preparePayload: ({ args, model }) => ({ ...flattenPrompt(args, "input"), model }),
    async getResponse(response) {
      const data = isObject(response) ? response.data : undefined;
      if (
        Array.isArray(data) &&
        data.length > 0 &&
        data.every((d) => isObject(d) && Array.isArray(d.embedding))
      ) {
        return data.map((d: { embedding: number[] }) => d.embedding);
      }
      throw new InferenceClientProviderOutputError(
        `Received malformed response from ${provider} embeddings API: expected {data: [{embedding: number[]}]}`,
      );
    },
  };
}

/**
 * `v1/images/generations` answered in base64 (`b64_json`), or with a URL when the caller wants one
 * and the provider offers it (`urlFormat`).
 */
export function imageGenerationHelper(
  provider: InferenceProvider,
  route: string,
  options: { urlFormat?: boolean; refuseUrl?: (message: string) => Error } = {},
): ProviderHelper<unknown> {
  return {
    provider,
    makeRoute: () => route,
    preparePayload: ({ args, model, outputType }) => {
      if (outputType === "url" && options.refuseUrl) {
        throw options.refuseUrl(
          `${provider} provider does not support URL output. Use outputType 'blob', 'dataUrl' or 'json' instead.`,
        );
      }
      return {
        ...flattenPrompt(args),
        response_format: outputType === "url" && options.urlFormat ? "url" : "b64_json",
        model,
      };
    },
    async getResponse(response, context) {
      const first = isObject(response) && Array.isArray(response.data) ? response.data[0] : undefined;
      if (isObject(first)) {
        if (isString(first.url)) return imageFromUrl(first.url, context, response);
        if (isString(first.b64_json)) return imageFromBase64(first.b64_json, context, response);
      }
      throw new InferenceClientProviderOutputError(
        `Received malformed response from ${provider} text-to-image API: expected {data: [{b64_json} | {url}]}`,
      );
    },
  };
}
