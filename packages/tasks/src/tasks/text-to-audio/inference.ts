/* Input, parameter and output types for the text-to-audio task. */

import type { GeneratingTaskParameters, TaskInput } from "../common-definitions.js";

export type { GenerationParameters, EarlyStoppingUnion } from "../common-definitions.js";

/** What text to audio returns. */
export interface TextToAudioOutput {
  /** The generated audio waveform. */
  audio: Blob;
  /** Sample rate of the generated audio, in Hz. */
  sampling_rate: number;
  [property: string]: unknown;
}

/** Request payload for text to audio. */
export interface TextToAudioInput extends TaskInput<string, TextToAudioParameters> {}

/** Optional settings for text to audio. */
export interface TextToAudioParameters extends GeneratingTaskParameters {
  [property: string]: unknown;
}
