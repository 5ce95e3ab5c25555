import { InferenceClientProviderOutputError } from "../../errors.js";
import { isObject, isString } from "../../utils/guards.js";
import {
  completionsHelper,
  conversationalHelper,
  flattenPrompt,
  imageFromBase64,
  type ProviderHelper,
} from "../helper.js";

const provider = "nebius";

export const nebiusConversational = /* @__PURE__ */ conversationalHelper(provider);

// The reference posted the hub-style `{inputs, parameters}` here, which the completions API rejects.
export const nebiusTextGeneration = /* @__PURE__ */ completionsHelper(provider);

export const nebiusTextToImage: ProviderHelper<unknown> = {
  provider,
  makeRoute: () => "v1/images/generations",
  preparePayload: ({ args, model }) => {
    return { ...flattenPrompt(args), response_format: "b64_json", model };
  },
  async getResponse(response, context) {
    if (isObject(response) && Array.isArray(response.data) && isString(response.data[0]?.b64_json)) {
      return imageFromBase64(response.data[0].b64_json, context, response);
    }
    throw new InferenceClientProviderOutputError("Expected Nebius text-to-image response format");
  },
};
