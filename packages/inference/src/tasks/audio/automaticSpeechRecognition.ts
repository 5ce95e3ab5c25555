import type { AutomaticSpeechRecognitionInput, AutomaticSpeechRecognitionOutput } from "@hubkit/tasks";
import { InferenceClientProviderOutputError } from "../../errors.js";
import { runTask } from "../../lib/request.js";
import { falAudioDataUrl } from "../../providers/fal-ai/index.js";
import { automaticSpeechRecognitionHelpers } from "../../providers/index.js";
import type { BaseArgs, Options, RequestArgs } from "../../types.js";
import { omit } from "../../utils/omit.js";
import { type LegacyAudioInput, preparePayload } from "./utils.js";

export type AutomaticSpeechRecognitionArgs = BaseArgs & (AutomaticSpeechRecognitionInput | LegacyAudioInput);

/** fal.ai takes the audio as a JSON data URL, labelled with a type it decodes. */
async function asFalAiDataUrl(args: RequestArgs): Promise<RequestArgs> {
  const { data } = args as { data?: unknown };
  const blob = data instanceof Blob ? data : (args as { inputs?: unknown }).inputs;
  return {
    ...omit(args, ["inputs", "data"] as never[]),
    audio_url: await falAudioDataUrl(blob),
  } as RequestArgs;
}

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
      prepareArgs: (prepared, helper) => (helper.provider === "fal-ai" ? asFalAiDataUrl(prepared) : prepared),
    },
  );
  if (typeof result?.text !== "string")
    throw new InferenceClientProviderOutputError("Expected {text: string}");
  return result;
}
