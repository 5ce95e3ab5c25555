import { runTask } from "../../lib/request.js";
import { audioToAudioHelpers } from "../../providers/index.js";
import type { AudioToAudioOutput, BaseArgs, Options } from "../../types.js";
import { type LegacyAudioInput, preparePayload } from "./utils.js";

export type { AudioToAudioOutput, AudioToAudioOutputElem } from "../../types.js";

export type AudioToAudioArgs = (BaseArgs & { inputs: Blob }) | LegacyAudioInput;

/** Transforms audio into one or more tracks (source separation, enhancement). */
export async function audioToAudio(args: AudioToAudioArgs, options?: Options): Promise<AudioToAudioOutput[]> {
  return runTask(audioToAudioHelpers, preparePayload(args), { ...options, task: "audio-to-audio" });
}
