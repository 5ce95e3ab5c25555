import type { ChatCompletionOutput } from "@hubkit/tasks";
import { routerBase } from "../config.js";
import { InferenceClientRoutingError } from "../errors.js";
import { conversationalHelper, type ProviderHelper } from "./helper.js";

/**
 * Chat under "auto": the router's OpenAI-compatible `{router}/v1/chat/completions`, with the model
 * string verbatim (`org/model`, `org/model:provider`, `org/model:fastest`, `:cheapest`): the router
 * picks the provider. Only a hub token can pay for that choice.
 */
export const autoRouterConversational: ProviderHelper<ChatCompletionOutput> =
  /* @__PURE__ */ conversationalHelper("auto", "v1/chat/completions", {
    makeUrl({ authMethod }, options) {
      if (authMethod !== "hf-token") {
        throw new InferenceClientRoutingError(
          "Cannot select auto-router when using non-Hugging Face API key.",
        );
      }
      return `${routerBase(options)}/v1/chat/completions`;
    },
  });
