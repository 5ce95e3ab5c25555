import { runTask, withProviderArgs } from "../../lib/request.js";
import { audioToAudioHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyAudioInput, preparePayload } from "./utils.js";

export type AudioToAudioArgs = (BaseArgs & { inputs: Blob }) | LegacyAudioInput;

export interface AudioToAudioOutputElem {
  label: string;
  audio: Blob;
}

/** One output track: its label, base64 audio and the audio's content type. */
export interface AudioToAudioOutput {
  blob: string;
  "content-type": string;
  label: string;
}

/** Transforms audio into one or more tracks (source separation, enhancement). */
export async function audioToAudio(args: AudioToAudioArgs, options?: Options): Promise<AudioToAudioOutput[]> {
  return runTask(
    audioToAudioHelpers,
    preparePayload(args),
    { ...options, task: "audio-to-audio" },
    withProviderArgs(),
  );
}
