import type { AutomaticSpeechRecognitionOutput } from "@hubkit/tasks";
import { InferenceClientInputError, InferenceClientProviderOutputError } from "../../errors.js";
import { base64FromBinary } from "../../utils/base64.js";
import { omit } from "../../utils/omit.js";
import { isObject, isString } from "../../utils/guards.js";
import { download, flattenPrompt, imageFromUrl, defineHelper, type ProviderHelper } from "../helper.js";
import { falLoras, falQueueHelper } from "./queue.js";

// fal.ai takes its own keys as `Authorization: Key …`; each model is its own route.
const falBase = {
  provider: "fal-ai",
  makeRoute: ({ model }) => `/${model}`,
} satisfies Partial<ProviderHelper>;

/** Text-to-image goes through fal's queue, as 4.13.30 sends it (LoRA adapters from the mapping). */
export const falAiTextToImage = /* @__PURE__ */ falQueueHelper<unknown>({
  task: "text-to-image",
  preparePayload: ({ args, mapping }) => {
    const { inputs, parameters, ...rest } = args;
    const payload: Record<string, unknown> = {
      ...rest,
      ...(parameters as object | undefined),
      prompt: inputs,
      ...falLoras(mapping),
    };
    // fal's generic LoRA app needs the base model the adapter was trained on.
    if (payload.loras && mapping?.providerId === "fal-ai/lora") {
      payload.model_name = "stabilityai/stable-diffusion-xl-base-1.0";
    }
    return payload;
  },
  async readResult(result, context) {
    if (isObject(result) && Array.isArray(result.images) && isString(result.images[0]?.url)) {
      return imageFromUrl(result.images[0].url, context, result);
    }
    throw new InferenceClientProviderOutputError(
      `Received malformed response from Fal.ai text-to-image API: expected { images: Array<{ url: string }> } result format, got instead: ${JSON.stringify(result)}`,
    );
  },
});

export const falAiTextToSpeech = /* @__PURE__ */ defineHelper<Blob>(falBase, {
  preparePayload: ({ args }) => flattenPrompt(args, "text"),
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
      const text = isObject(response)
        ? isString(response.text)
          ? response.text
          : response.output
        : undefined;
      if (isObject(response) && isString(text)) {
        // Whisper-style apps give timed `chunks`, others `segments` with start and end.
        const chunks = Array.isArray(response.chunks)
          ? response.chunks
              .filter((c) => isObject(c) && isString(c.text) && Array.isArray(c.timestamp))
              .map((c: { text: string; timestamp: [number, number] }) => ({
                text: c.text,
                timestamp: c.timestamp,
              }))
          : Array.isArray(response.segments)
            ? response.segments
                .filter((s) => isObject(s) && isString(s.text))
                .map((s: { text: string; start?: number; end?: number }) => ({
                  text: s.text,
                  timestamp: [s.start ?? 0, s.end ?? 0] as [number, number],
                }))
            : [];
        return chunks.length > 0 ? { text, chunks } : { text };
      }
      throw new InferenceClientProviderOutputError(
        `Expected { text: string } format from Fal.ai Automatic Speech Recognition, got: ${JSON.stringify(response)}`,
      );
    },
  },
);

/**
 * fal decodes a data URL by its declared type, and accepts fewer labels than browsers produce: the
 * same bytes go under a label it maps to a file extension (the types 4.13.30 relabels).
 */
export const FAL_AUDIO_LABELS: Readonly<Record<string, string>> = {
  "audio/mpeg": "audio/mpeg",
  "audio/mp3": "audio/mpeg",
  "audio/wav": "audio/x-wav",
  "audio/wave": "audio/x-wav",
  "audio/x-wav": "audio/x-wav",
  "audio/webm": "video/webm",
  "video/webm": "video/webm",
};

/** An audio Blob as a data URL fal decodes (speech recognition, audio-to-audio). */
export async function falAudioDataUrl(blob: unknown): Promise<string> {
  const type = blob instanceof Blob ? blob.type : "";
  if (!type) {
    throw new InferenceClientInputError(
      "Unable to determine the input's content-type. Make sure your are passing a Blob when using provider fal-ai.",
    );
  }
  const label = FAL_AUDIO_LABELS[type.split(";")[0].trim().toLowerCase()];
  if (!label) {
    throw new InferenceClientInputError(
      `Provider fal-ai does not support blob type ${type} - supported content types are: ${Object.keys(FAL_AUDIO_LABELS).join(", ")}`,
    );
  }
  return `data:${label};base64,${await base64FromBinary(blob as Blob)}`;
}

/** The call's audio (`data`, or a Blob `inputs`) as fal's `audio_url` (speech recognition, audio-to-audio). */
export async function falAudioArgs(args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const blob = args.data instanceof Blob ? args.data : args.inputs;
  return { ...omit(args, ["data", "inputs"]), audio_url: await falAudioDataUrl(blob) };
}
