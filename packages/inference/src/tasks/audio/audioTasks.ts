/** The audio tasks whose arguments go to the provider as they come, or as raw bytes. */
import type { AudioClassificationInput, AudioClassificationOutput, TextToAudioInput } from "@hubkit/tasks";
import {
  audioClassificationHelpers,
  audioToAudioHelpers,
  textToAudioHelpers,
} from "../../providers/index.js";
import type { TaskHelpers } from "../../providers/helper.js";
import type { AudioToAudioOutput, BaseArgs } from "../../types.js";
import { taskFunction } from "../taskFunction.js";
import { type LegacyAudioInput, preparePayload } from "./utils.js";

export type { AudioToAudioOutput, AudioToAudioOutputElem } from "../../types.js";

export type AudioClassificationArgs = BaseArgs & (AudioClassificationInput | LegacyAudioInput);
/** Labels an audio clip (e.g. speaker emotion, spoken command), with scores. */
export const audioClassification = /* @__PURE__ */ taskFunction<
  AudioClassificationArgs,
  AudioClassificationOutput
>(audioClassificationHelpers, "audio-classification", preparePayload);

export type AudioToAudioArgs = (BaseArgs & { inputs: Blob }) | LegacyAudioInput;
/** Transforms audio into one or more tracks (source separation, enhancement). */
export const audioToAudio = /* @__PURE__ */ taskFunction<AudioToAudioArgs, AudioToAudioOutput[]>(
  audioToAudioHelpers,
  "audio-to-audio",
  preparePayload,
);

export type TextToAudioArgs = BaseArgs & TextToAudioInput;
/** Generates audio (music, sound effects) from a text prompt. */
export const textToAudio = /* @__PURE__ */ taskFunction<TextToAudioArgs, Blob>(
  // hf-inference's is the generic helper (untyped reply), which answers audio as a Blob.
  textToAudioHelpers as TaskHelpers<Blob>,
  "text-to-audio",
);
