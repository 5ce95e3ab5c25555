import type { AutomaticSpeechRecognitionOutput } from "@hubkit/tasks";
import { InferenceClientInputError, InferenceClientProviderOutputError } from "../../errors.js";
import { audioUploadForm, transcriptionOutput } from "../audioUpload.js";
import {
  completionsHelper,
  conversationalHelper,
  flattenPrompt,
  type ProviderHelper,
  withParameters,
} from "../helper.js";
import { embeddingsHelper, imageGenerationHelper } from "../openaiCompatible.js";

// DeepInfra's OpenAI-compatible API lives under /v1/openai.
const provider = "deepinfra";

export const deepinfraConversational = /* @__PURE__ */ conversationalHelper(
  provider,
  "v1/openai/chat/completions",
);

export const deepinfraTextGeneration = /* @__PURE__ */ completionsHelper(provider, "v1/openai/completions");

export const deepinfraFeatureExtraction = /* @__PURE__ */ embeddingsHelper(provider, "v1/openai/embeddings");

export const deepinfraTextToImage = /* @__PURE__ */ imageGenerationHelper(
  provider,
  "v1/openai/images/generations",
  { urlFormat: true },
);

export const deepinfraTextToSpeech: ProviderHelper<Blob> = {
  provider,
  makeRoute: () => "v1/openai/audio/speech",
  // `voice` is model-specific: passed through as given, the API says when one is missing.
  preparePayload: ({ args, model }) => ({ ...flattenPrompt(args, "input"), model }),
  async getResponse(response) {
    if (response instanceof Blob) return response;
    throw new InferenceClientProviderOutputError(
      `Received malformed response from DeepInfra text-to-speech API: expected audio bytes, got ${JSON.stringify(response)}`,
    );
  },
};

/** Speech recognition is an OpenAI-style multipart upload: the audio as `file`, the rest as fields. */
export const deepinfraAutomaticSpeechRecognition: ProviderHelper<AutomaticSpeechRecognitionOutput> = {
  provider,
  makeRoute: () => "v1/openai/audio/transcriptions",
  async prepareArgs(args) {
    const { data, inputs, ...rest } = args;
    const audio = data ?? inputs;
    if (audio instanceof Blob) return { ...rest, data: audio };
    if (audio instanceof ArrayBuffer) return { ...rest, data: new Blob([audio]) };
    throw new InferenceClientInputError(
      "DeepInfra automatic-speech-recognition expects a Blob or ArrayBuffer audio input.",
    );
  },
  preparePayload: ({ args, model }) => ({ ...withParameters(args, "data"), model }),
  makeBody(params) {
    const audio = params.args.data;
    if (!(audio instanceof Blob)) {
      throw new InferenceClientInputError(
        "DeepInfra automatic-speech-recognition expects a Blob audio input.",
      );
    }
    return audioUploadForm(audio, this.preparePayload(params) as Record<string, unknown>);
  },
  getResponse: async (response) => transcriptionOutput(response, "DeepInfra"),
};
