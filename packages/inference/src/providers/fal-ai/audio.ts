/** fal's queued audio tasks: text-to-audio (music, sound) and audio-to-audio (speech to speech). */
import { InferenceClientInputError, InferenceClientProviderOutputError } from "../../errors.js";
import type { AudioToAudioOutput } from "../../types.js";
import { base64FromBinary } from "../../utils/base64.js";
import { isObject, isString } from "../../utils/guards.js";
import { download, flattenPrompt, withParameters } from "../helper.js";
import { falAudioArgs } from "./index.js";
import { falQueueHelper, resultUrl } from "./queue.js";

export const falAiTextToAudio = /* @__PURE__ */ falQueueHelper<Blob>({
  task: "text-to-audio",
  preparePayload: ({ args }) => flattenPrompt(args),
  async readResult(result, context) {
    // Music apps answer `audio_file`, sound-effect apps `audio`.
    const url = resultUrl(result, "audio_file", "audio");
    if (url) return download(url, context);
    throw new InferenceClientProviderOutputError(
      `Received malformed response from Fal.ai text-to-audio API: expected { audio_file: { url: string } } or { audio: { url: string } } result format, got instead: ${JSON.stringify(result)}`,
    );
  },
});

export const falAiAudioToAudio = /* @__PURE__ */ falQueueHelper<AudioToAudioOutput[]>({
  task: "audio-to-audio",
  async prepareArgs(args) {
    const blob = args.data instanceof Blob ? args.data : args.inputs;
    if (!(blob instanceof Blob)) {
      throw new InferenceClientInputError(
        `Expected a Blob input for audio-to-audio with provider fal-ai, got ${typeof blob}.`,
      );
    }
    return falAudioArgs(args);
  },
  preparePayload: ({ args }) => withParameters(args, "data"),
  async readResult(result, context) {
    const url = resultUrl(result, "audio");
    if (!url || !isObject(result) || !isObject(result.audio)) {
      throw new InferenceClientProviderOutputError(
        `Received malformed response from Fal.ai audio-to-audio API: expected { audio: { url: string } } result format, got instead: ${JSON.stringify(result)}`,
      );
    }
    const blob = await download(url, context);
    const declared = result.audio.content_type;
    return [
      {
        blob: await base64FromBinary(blob),
        "content-type": isString(declared) ? declared : blob.type || "audio/wav",
        // fal names no track: its transcript when it gives one, else "speech".
        label: isString(result.text) && result.text.length > 0 ? result.text : "speech",
      },
    ];
  },
});
