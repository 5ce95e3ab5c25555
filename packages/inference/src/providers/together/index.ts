import type { TextGenerationOutput } from "@hubkit/tasks";
import { InferenceClientInputError, InferenceClientProviderOutputError } from "../../errors.js";
import type { FeatureExtractionOutput } from "../../types.js";
import { isObject, isString } from "../../utils/guards.js";
import {
  conversationalHelper,
  dataUrlOf,
  flattenPrompt,
  imageFromBase64,
  type ProviderHelper,
  type ResponseContext,
} from "../helper.js";

const provider = "together";

/**
 * Together takes a JSON schema as `response_format: {type: "json_schema", schema}`, not OpenAI's
 * `{type: "json_schema", json_schema: {name, schema}}`: a format with a schema is rewritten (as
 * 4.13.30 does); any other `response_format` goes as given.
 */
export const togetherConversational = /* @__PURE__ */ conversationalHelper(provider, undefined, {
  preparePayload: ({ args, model }) => {
    const format = args.response_format;
    if (isObject(format) && format.type === "json_schema" && isObject(format.json_schema)) {
      const schema = format.json_schema.schema;
      if (schema) return { model, ...args, response_format: { type: "json_schema", schema } };
    }
    return { model, ...args };
  },
});

export const togetherTextGeneration: ProviderHelper<TextGenerationOutput> = {
  provider,
  makeRoute: () => "v1/completions",
  preparePayload: ({ args, model }) => ({ model, ...args, prompt: args.inputs }),
  async getResponse(response) {
    const choice = isObject(response) && Array.isArray(response.choices) ? response.choices[0] : undefined;
    if (isObject(choice) && isString(choice.text)) {
      return {
        generated_text: choice.text,
        details: { finish_reason: choice.finish_reason, seed: choice.seed },
      } as TextGenerationOutput;
    }
    throw new InferenceClientProviderOutputError("Expected Together text generation response format");
  },
};

/** `num_inference_steps` is `steps` on together's image and video routes. */
export function renameSteps(parameters: unknown): Record<string, unknown> {
  const { num_inference_steps, ...rest } = (parameters ?? {}) as Record<string, unknown>;
  return num_inference_steps === undefined ? rest : { ...rest, steps: num_inference_steps };
}

/** The `prepareArgs` of together's image inputs: the Blob read into a data URL (`fallbackType` when it has none). */
export function imageAsDataUrl(task: string, fallbackType: string): ProviderHelper["prepareArgs"] {
  return async (args) => {
    if (!(args.inputs instanceof Blob)) {
      throw new InferenceClientInputError(`Together ${task} expects a Blob input.`);
    }
    return { ...args, inputs: await dataUrlOf(args.inputs, fallbackType) };
  };
}

/** The image of an images/generations reply, as the caller asked for it. */
function readImage(response: unknown, context: ResponseContext, task: string): unknown {
  const first: unknown = isObject(response) && Array.isArray(response.data) ? response.data[0] : undefined;
  if (isObject(first)) {
    if (context.outputType === "json") return { ...(response as object) };
    if (isString(first.url)) return first.url;
    if (isString(first.b64_json)) return imageFromBase64(first.b64_json, context, response);
  }
  throw new InferenceClientProviderOutputError(`Received malformed response from Together ${task} API`);
}

export const togetherTextToImage: ProviderHelper<unknown> = {
  provider,
  makeRoute: () => "v1/images/generations",
  preparePayload: ({ args, model, outputType }) => {
    const { inputs, parameters, ...rest } = args;
    return {
      ...rest,
      ...renameSteps(parameters),
      prompt: inputs,
      // Asking for a URL saves the base64 round trip when the caller wants one.
      response_format: outputType === "url" ? "url" : "base64",
      model,
    };
  },
  getResponse: async (response, context) => readImage(response, context, "text-to-image"),
};

export const togetherImageToImage: ProviderHelper<Blob> = {
  provider,
  makeRoute: () => "v1/images/generations",
  prepareArgs: /* @__PURE__ */ imageAsDataUrl("image-to-image", "image/jpeg"),
  preparePayload: ({ args, model }) => {
    const { inputs, parameters, ...rest } = args;
    const { prompt, ...others } = renameSteps(parameters);
    // FLUX.1 Kontext takes only `image_url`; the other models only `reference_images`.
    const lowered = model.toLowerCase();
    const image =
      lowered.includes("kontext") && lowered.includes("flux.1")
        ? { image_url: inputs }
        : { reference_images: [inputs] };
    return { ...rest, prompt: prompt ?? "", ...image, ...others, response_format: "base64", model };
  },
  async getResponse(response, context) {
    const image = readImage(response, { ...context, outputType: "blob" }, "image-to-image");
    if (image instanceof Blob) return image;
    throw new InferenceClientProviderOutputError(
      "Received malformed response from Together image-to-image API",
    );
  },
};

export const togetherFeatureExtraction: ProviderHelper<FeatureExtractionOutput> = {
  provider,
  makeRoute: () => "v1/embeddings",
  preparePayload: ({ args, model }) => ({ ...flattenPrompt(args, "input"), model }),
  async getResponse(response) {
    const data = isObject(response) ? response.data : undefined;
    if (Array.isArray(data) && data.every((item) => isObject(item) && Array.isArray(item.embedding))) {
      return data.map((item: { embedding: number[] }) => item.embedding);
    }
    throw new InferenceClientProviderOutputError(
      `Received malformed response from Together feature-extraction (embeddings) API: ${JSON.stringify(response)}`,
    );
  },
};
