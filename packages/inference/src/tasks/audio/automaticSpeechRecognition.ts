import type { AutomaticSpeechRecognitionInput, AutomaticSpeechRecognitionOutput } from "@hubkit/tasks";
import { InferenceClientInputError, InferenceClientProviderOutputError } from "../../errors.js";
import { runTask } from "../../lib/request.js";
import { FAL_AI_AUDIO_TYPES } from "../../providers/fal-ai/index.js";
import { automaticSpeechRecognitionHelpers } from "../../providers/index.js";
import type { BaseArgs, Options, RequestArgs } from "../../types.js";
import { base64FromBinary } from "../../utils/base64.js";
import { omit } from "../../utils/omit.js";
import { type LegacyAudioInput, preparePayload } from "./utils.js";

export type AutomaticSpeechRecognitionArgs = BaseArgs & (AutomaticSpeechRecognitionInput | LegacyAudioInput);

/** fal.ai takes the audio as a JSON data URL of one of the types it decodes. */
async function asFalAiDataUrl(args: RequestArgs): Promise<RequestArgs> {
  const { data } = args as { data?: unknown };
  const blob = data instanceof Blob ? data : (args as { inputs?: unknown }).inputs;
  const type = blob instanceof Blob ? blob.type : undefined;
  if (!type) {
    throw new InferenceClientInputError(
      "Unable to determine the input's content-type. Make sure your are passing a Blob when using provider fal-ai.",
    );
  }
  if (!FAL_AI_AUDIO_TYPES.includes(type)) {
    throw new InferenceClientInputError(
      `Provider fal-ai does not support blob type ${type} - supported content types are: ${FAL_AI_AUDIO_TYPES.join(", ")}`,
    );
  }
  const base64 = await base64FromBinary(blob as Blob);
  return {
    ...omit(args, ["inputs", "data"] as never[]),
    audio_url: `data:${type};base64,${base64}`,
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
