import type { ChatCompletionOutput } from "@hubkit/tasks";
import type { ProviderHelper } from "../helper.js";
import { openAiRoute } from "./base.js";

/** Chat on hf-inference: `…/models/{id}/v1/chat/completions`, or the endpoint's OpenAI route. */
export const hfInferenceConversational: ProviderHelper<ChatCompletionOutput> = {
  provider: "hf-inference",
  makeRoute: ({ model }) => `models/${model}/v1/chat/completions`,
  makeUrl: ({ model, authMethod }, options) => openAiRoute(model, authMethod, options, "chat/completions"),
  preparePayload: ({ args, model }) => ({ ...args, model }),
  // Endpoints may be any OpenAI-compatible server: the reply is passed through as is.
  getResponse: async (response) => response as ChatCompletionOutput,
};
