import { InferenceClientProviderOutputError } from "../../errors.js";
import { isObject, isString } from "../../utils/guards.js";
import { download, imageFromUrl, defineHelper, type ProviderHelper } from "../helper.js";

const provider = "replicate";

/**
 * Replicate runs a model (`owner/name`) or a pinned version (`owner/name:version`); `Prefer: wait`
 * asks it to answer synchronously, so no polling is needed.
 */
const replicateBase = {
  provider,
  extraHeaders: { Prefer: "wait" },
  makeRoute: ({ model }) => (model.includes(":") ? "v1/predictions" : `v1/models/${model}/predictions`),
  preparePayload: ({ args, model }) => {
    const { inputs, parameters, ...rest } = args;
    return {
      input: { ...rest, ...(parameters as object | undefined), prompt: inputs },
      version: model.includes(":") ? model.split(":")[1] : undefined,
    };
  },
} satisfies Partial<ProviderHelper>;

export const replicateTextToImage = /* @__PURE__ */ defineHelper<unknown>(replicateBase, {
  async getResponse(response, context) {
    const output = isObject(response) ? response.output : undefined;
    const url = Array.isArray(output) ? output[0] : output;
    if (isString(url) && URL.canParse(url)) return imageFromUrl(url, context, response);
    throw new InferenceClientProviderOutputError("Expected Replicate text-to-image response format");
  },
});

export const replicateTextToSpeech = /* @__PURE__ */ defineHelper<Blob>(replicateBase, {
  preparePayload: (params) => {
    const payload = replicateBase.preparePayload(params);
    const { prompt, ...input } = payload.input;
    return { ...payload, input: { ...input, text: prompt } };
  },
  async getResponse(response, context) {
    if (response instanceof Blob) return response;
    const output = isObject(response) ? response.output : undefined;
    const url = Array.isArray(output) ? output[0] : output;
    if (isString(url)) return download(url, context);
    throw new InferenceClientProviderOutputError("Expected Blob or object with output");
  },
});

export const replicateTextToVideo = /* @__PURE__ */ defineHelper<Blob>(replicateBase, {
  async getResponse(response, context) {
    const output = isObject(response) ? response.output : undefined;
    if (isString(output) && URL.canParse(output)) return download(output, context);
    throw new InferenceClientProviderOutputError("Expected { output: string }");
  },
});
