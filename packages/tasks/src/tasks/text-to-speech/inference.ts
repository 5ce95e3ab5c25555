/* Input, parameter and output types for the text-to-speech task. */

import type { GeneratingTaskParameters, TaskInput } from "../common-definitions.js";

export type { GenerationParameters, EarlyStoppingUnion } from "../common-definitions.js";

/** What text to speech returns. */
export interface TextToSpeechOutput {
  /** The generated audio waveform. */
  audio: Blob;
  /** Sample rate of the generated audio, in Hz. */
  sampling_rate?: number;
  [property: string]: unknown;
}

/** Request payload for text to speech. */
export interface TextToSpeechInput extends TaskInput<string, TextToSpeechParameters> {}

/** Optional settings for text to speech. */
export interface TextToSpeechParameters extends GeneratingTaskParameters {
  [property: string]: unknown;
}
