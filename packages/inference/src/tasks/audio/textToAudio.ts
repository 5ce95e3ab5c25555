import type { TextToAudioInput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { textToAudioHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type TextToAudioArgs = BaseArgs & TextToAudioInput;

/** Generates audio (music, sound effects) from a text prompt. */
export async function textToAudio(args: TextToAudioArgs, options?: Options): Promise<Blob> {
  return (await runTask(textToAudioHelpers, args, { ...options, task: "text-to-audio" })) as Blob;
}
