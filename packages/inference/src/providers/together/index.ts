import type { TextGenerationOutput } from "@hubkit/tasks";
import { InferenceClientProviderOutputError } from "../../errors.js";
import { isObject, isString } from "../../utils/guards.js";
import { conversationalHelper, imageFromBase64, type ProviderHelper } from "../helper.js";

const provider = "together";

export const togetherConversational = /* @__PURE__ */ conversationalHelper(provider);

export const togetherTextGeneration: ProviderHelper<TextGenerationOutput> = {
  provider,
  makeRoute: () => "v1/completions",
  preparePayload: ({ args, model }) => ({ model, ...args, prompt: args.inputs }),
  async getResponse(response) {
    const choice = isObject(response) && Array.isArray(response.choices) ? response.choices[0] : undefined;
    if (isObject(choice) && isString(choice.text)) return { generated_text: choice.text };
    throw new InferenceClientProviderOutputError("Expected Together text generation response format");
  },
};

export const togetherTextToImage: ProviderHelper<unknown> = {
  provider,
  makeRoute: () => "v1/images/generations",
  preparePayload: ({ args, model }) => {
    const { inputs, parameters, ...rest } = args;
    return {
      ...rest,
      ...(parameters as object | undefined),
      prompt: inputs,
      response_format: "base64",
      model,
    };
  },
  async getResponse(response, context) {
    if (isObject(response) && Array.isArray(response.data) && isString(response.data[0]?.b64_json)) {
      return imageFromBase64(response.data[0].b64_json, context, response);
    }
    throw new InferenceClientProviderOutputError("Expected Together text-to-image response format");
  },
};
