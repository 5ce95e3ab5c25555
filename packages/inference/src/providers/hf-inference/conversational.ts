import type { ChatCompletionOutput } from "@hubkit/tasks";
import { makeBaseUrl, type ProviderHelper } from "../helper.js";
import { isHttpUrl } from "./base.js";

/** Chat on hf-inference: `…/models/{id}/v1/chat/completions`, or the endpoint's OpenAI route. */
export const hfInferenceConversational: ProviderHelper<ChatCompletionOutput> = {
  provider: "hf-inference",
  makeRoute: ({ model }) => `models/${model}/v1/chat/completions`,
  makeUrl({ model, authMethod }, options) {
    let url = isHttpUrl(model)
      ? model.trim()
      : `${makeBaseUrl("hf-inference", authMethod, options)}/models/${model}`;
    url = url.replace(/\/+$/, "");
    if (url.endsWith("/v1")) return `${url}/chat/completions`;
    if (!url.endsWith("/chat/completions")) return `${url}/v1/chat/completions`;
    return url;
  },
  preparePayload: ({ args, model }) => ({ ...args, model }),
  // Endpoints may be any OpenAI-compatible server: the reply is passed through as is.
  getResponse: async (response) => response as ChatCompletionOutput,
};
