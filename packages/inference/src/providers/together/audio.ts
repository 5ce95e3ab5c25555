/** together's speech routes: text-to-speech (`v1/audio/speech`) and transcription (multipart upload). */
import type { AutomaticSpeechRecognitionOutput } from "@hubkit/tasks";
import { InferenceClientInputError, InferenceClientProviderOutputError } from "../../errors.js";
import { omit } from "../../utils/omit.js";
import { audioUploadForm, transcriptionOutput } from "../audioUpload.js";
import { type ProviderHelper, withParameters } from "../helper.js";

const provider = "together";

export const togetherTextToSpeech: ProviderHelper<Blob> = {
  provider,
  makeRoute: () => "v1/audio/speech",
  preparePayload: ({ args, model }) => {
    const { inputs, parameters, ...rest } = args;
    const own = (parameters ?? {}) as Record<string, unknown>;
    // The route requires a voice, and voices are per model: Kokoro's default is af_alloy.
    const voice = own.voice ?? (model.toLowerCase().includes("kokoro") ? "af_alloy" : undefined);
    return { ...rest, ...own, ...(voice !== undefined ? { voice } : {}), input: inputs, model };
  },
  async getResponse(response) {
    if (response instanceof Blob) return response;
    throw new InferenceClientProviderOutputError(
      `Received malformed response from Together text-to-speech API: ${JSON.stringify(response)}`,
    );
  },
};

const NOT_AUDIO =
  "Together automatic-speech-recognition expects a Blob, ArrayBuffer, or HTTP(S) URL string audio input.";

export const togetherAutomaticSpeechRecognition: ProviderHelper<AutomaticSpeechRecognitionOutput> = {
  provider,
  makeRoute: () => "v1/audio/transcriptions",
  prepareArgs(args) {
    const audio = "data" in args ? args.data : args.inputs;
    let data: Blob | string;
    if (audio instanceof Blob) data = audio;
    else if (audio instanceof ArrayBuffer) data = new Blob([audio]);
    // A public URL goes as the `file` field's text, not as an upload.
    else if (typeof audio === "string" && /^https?:\/\//.test(audio)) data = audio;
    else throw new InferenceClientInputError(NOT_AUDIO);
    return { ...omit(args, ["data", "inputs"]), data };
  },
  preparePayload: ({ args, model }) => ({ ...withParameters(args, "data"), model }),
  makeBody(params) {
    const audio = params.args.data;
    if (!(audio instanceof Blob) && typeof audio !== "string") throw new InferenceClientInputError(NOT_AUDIO);
    return audioUploadForm(audio, this.preparePayload(params) as Record<string, unknown>);
  },
  getResponse: async (response) => transcriptionOutput(response, "Together"),
};
