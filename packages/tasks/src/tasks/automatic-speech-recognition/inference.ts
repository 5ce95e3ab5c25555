/* Input, parameter and output types for the automatic-speech-recognition task. */

import type { GeneratingTaskParameters, TaskInput } from "../common-definitions.js";

export type { GenerationParameters, EarlyStoppingUnion } from "../common-definitions.js";

/** Request payload for automatic speech recognition. */
export interface AutomaticSpeechRecognitionInput extends TaskInput<
  Blob,
  AutomaticSpeechRecognitionParameters
> {}

/** Optional settings for automatic speech recognition. */
export interface AutomaticSpeechRecognitionParameters extends GeneratingTaskParameters {
  /** Also return when each chunk of text was spoken. */
  return_timestamps?: boolean;
  [property: string]: unknown;
}

/** What automatic speech recognition returns. */
export interface AutomaticSpeechRecognitionOutput {
  chunks?: AutomaticSpeechRecognitionOutputChunk[];
  text: string;
  [property: string]: unknown;
}

export interface AutomaticSpeechRecognitionOutputChunk {
  text: string;
  timestamp: number[];
  [property: string]: unknown;
}
