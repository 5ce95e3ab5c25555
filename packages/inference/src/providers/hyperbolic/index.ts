import type { TextGenerationOutput } from "@hubkit/tasks";
import { InferenceClientProviderOutputError } from "../../errors.js";
import { isObject, isString } from "../../utils/guards.js";
import {
  chatPromptPayload,
  conversationalHelper,
  flattenPrompt,
  imageFromBase64,
  type ProviderHelper,
} from "../helper.js";

const provider = "hyperbolic";

export const hyperbolicConversational = /* @__PURE__ */ conversationalHelper(provider);

/** Hyperbolic serves text generation through its chat route: the prompt becomes one user message. */
export const hyperbolicTextGeneration: ProviderHelper<TextGenerationOutput> = {
  provider,
  makeRoute: () => "v1/chat/completions",
  preparePayload: chatPromptPayload,
  async getResponse(response) {
    const choice = isObject(response) && Array.isArray(response.choices) ? response.choices[0] : undefined;
    if (isObject(choice) && isObject(choice.message) && isString(choice.message.content)) {
      return { generated_text: choice.message.content };
    }
    throw new InferenceClientProviderOutputError("Expected Hyperbolic text generation response format");
  },
};

export const hyperbolicTextToImage: ProviderHelper<unknown> = {
  provider,
  makeRoute: () => "/v1/images/generations",
  preparePayload: ({ args, model }) => {
    return { ...flattenPrompt(args), model_name: model };
  },
  async getResponse(response, context) {
    if (isObject(response) && Array.isArray(response.images) && isString(response.images[0]?.image)) {
      return imageFromBase64(response.images[0].image, context, response);
    }
    throw new InferenceClientProviderOutputError("Expected Hyperbolic text-to-image response format");
  },
};
