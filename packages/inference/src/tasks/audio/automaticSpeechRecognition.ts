import type { AutomaticSpeechRecognitionInput, AutomaticSpeechRecognitionOutput } from "@hubkit/tasks";
import { InferenceClientProviderOutputError } from "../../errors.js";
import { runTask } from "../../lib/request.js";
import { falAudioArgs } from "../../providers/fal-ai/index.js";
import { automaticSpeechRecognitionHelpers } from "../../providers/index.js";
import type { BaseArgs, Options, RequestArgs } from "../../types.js";
import { type LegacyAudioInput, preparePayload } from "./utils.js";

export type AutomaticSpeechRecognitionArgs = BaseArgs & (AutomaticSpeechRecognitionInput | LegacyAudioInput);

/** fal.ai takes the audio as a JSON data URL, labelled with a type it decodes. */

/** Transcribes speech to text. */
export async function automaticSpeechRecognition(
  args: AutomaticSpeechRecognitionArgs,
  options?: Options,
): Promise<AutomaticSpeechRecognitionOutput> {
  const result = await runTask(
    automaticSpeechRecognitionHelpers,
    preparePayload(args),
    { ...options, task: "automatic-speech-recognition" },
    {
      prepareArgs: (prepared, helper) =>
        helper.provider === "fal-ai"
          ? (falAudioArgs(prepared as Record<string, unknown>) as Promise<RequestArgs>)
          : prepared,
    },
  );
  if (typeof result?.text !== "string")
    throw new InferenceClientProviderOutputError("Expected {text: string}");
  return result;
}
