/* Input, parameter and output types for the text-to-speech task. */

import type { GenerationParameters, EarlyStoppingUnion } from "../common-definitions.js";

export type { GenerationParameters, EarlyStoppingUnion };

/** What text to speech returns. */
export interface TextToSpeechOutput {
  /** The generated audio waveform. */
  audio: Blob;
  /** Sample rate of the generated audio, in Hz. */
  sampling_rate?: number;
  [property: string]: unknown;
}

/** Request payload for text to speech. */
export interface TextToSpeechInput {
  /** The input text. */
  inputs: string;
  /** Optional settings for this request. */
  parameters?: TextToSpeechParameters;
  [property: string]: unknown;
}

/** Optional settings for text to speech. */
export interface TextToSpeechParameters {
  /** Decoding settings for the underlying text generation. */
  generation_parameters?: GenerationParameters;
  [property: string]: unknown;
}
