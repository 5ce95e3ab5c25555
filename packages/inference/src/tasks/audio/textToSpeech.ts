import type { TextToSpeechInput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { textToSpeechHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

type TextToSpeechArgs = BaseArgs & TextToSpeechInput;

/** Reads text aloud; returns the audio. */
export async function textToSpeech(args: TextToSpeechArgs, options?: Options): Promise<Blob> {
  return runTask(textToSpeechHelpers, args, { ...options, task: "text-to-speech" });
}
