import type { AutomaticSpeechRecognitionOutput } from "@hubkit/tasks";
import { InferenceClientProviderOutputError } from "../../errors.js";
import { isObject, isString } from "../../utils/guards.js";
import { download, flattenPrompt, imageFromUrl, defineHelper, type ProviderHelper } from "../helper.js";

// fal.ai takes its own keys as `Authorization: Key …`; each model is its own route.
const falBase = {
  provider: "fal-ai",
  makeRoute: ({ model }) => `/${model}`,
} satisfies Partial<ProviderHelper>;

export const falAiTextToImage = /* @__PURE__ */ defineHelper<unknown>(falBase, {
  preparePayload: ({ args }) => {
    const { inputs, parameters, ...rest } = args;
    return { ...rest, ...(parameters as object | undefined), sync_mode: true, prompt: inputs };
  },
  async getResponse(response, context) {
    if (isObject(response) && Array.isArray(response.images) && isString(response.images[0]?.url)) {
      return imageFromUrl(response.images[0].url, context, response);
    }
    throw new InferenceClientProviderOutputError("Expected Fal.ai text-to-image response format");
  },
});

export const falAiTextToSpeech = /* @__PURE__ */ defineHelper<Blob>(falBase, {
  preparePayload: ({ args }) => flattenPrompt(args, "lyrics"),
  async getResponse(response, context) {
    if (!(isObject(response) && isObject(response.audio) && isString(response.audio.url))) {
      throw new InferenceClientProviderOutputError(
        `Expected { audio: { url: string } } format from Fal.ai Text-to-Speech, got: ${JSON.stringify(response)}`,
      );
    }
    const url = response.audio.url;
    try {
      return await download(url, context);
    } catch (error) {
      if (context.signal?.aborted) throw error;
      const inner = `Failed to fetch audio from ${url}: ${(error as Error).message}`;
      throw new InferenceClientProviderOutputError(
        `Error fetching or processing audio from Fal.ai Text-to-Speech URL: ${url}. ${inner}`,
      );
    }
  },
});

export const falAiAutomaticSpeechRecognition = /* @__PURE__ */ defineHelper<AutomaticSpeechRecognitionOutput>(
  falBase,
  {
    // The task function has already turned the audio into `{audio_url: "data:…"}`.
    preparePayload: ({ args }) => args,
    async getResponse(response) {
      if (isObject(response) && isString(response.text)) return { text: response.text };
      throw new InferenceClientProviderOutputError(
        `Expected { text: string } format from Fal.ai Automatic Speech Recognition, got: ${JSON.stringify(response)}`,
      );
    },
  },
);

/** Audio types fal.ai's speech recognition accepts as a data URL. */
export const FAL_AI_AUDIO_TYPES = ["audio/mpeg", "audio/mp4", "audio/wav", "audio/x-wav"];
