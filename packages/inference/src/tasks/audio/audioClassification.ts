import type { AudioClassificationInput, AudioClassificationOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { audioClassificationHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyAudioInput, preparePayload } from "./utils.js";

export type AudioClassificationArgs = BaseArgs & (AudioClassificationInput | LegacyAudioInput);

/** Labels an audio clip (e.g. speaker emotion, spoken command), with scores. */
export async function audioClassification(
  args: AudioClassificationArgs,
  options?: Options,
): Promise<AudioClassificationOutput> {
  return runTask(audioClassificationHelpers, preparePayload(args), {
    ...options,
    task: "audio-classification",
  });
}
