/* Input, parameter and output types for the text-to-audio task. */

import type { GenerationParameters, EarlyStoppingUnion } from "../common-definitions.js";

export type { GenerationParameters, EarlyStoppingUnion };

/** What text to audio returns. */
export interface TextToAudioOutput {
  /** The generated audio waveform. */
  audio: Blob;
  /** Sample rate of the generated audio, in Hz. */
  sampling_rate: number;
  [property: string]: unknown;
}

/** Request payload for text to audio. */
export interface TextToAudioInput {
  /** The input text. */
  inputs: string;
  /** Optional settings for this request. */
  parameters?: TextToAudioParameters;
  [property: string]: unknown;
}

/** Optional settings for text to audio. */
export interface TextToAudioParameters {
  /** Decoding settings for the underlying text generation. */
  generation_parameters?: GenerationParameters;
  [property: string]: unknown;
}
