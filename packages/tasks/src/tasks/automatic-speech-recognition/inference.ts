/* Input, parameter and output types for the automatic-speech-recognition task. */

import type { GenerationParameters, EarlyStoppingUnion } from "../common-definitions.js";

export type { GenerationParameters, EarlyStoppingUnion };

/** Request payload for automatic speech recognition. */
export interface AutomaticSpeechRecognitionInput {
  /** The input file (raw bytes or a base64 string on the wire). */
  inputs: Blob;
  /** Optional settings for this request. */
  parameters?: AutomaticSpeechRecognitionParameters;
  [property: string]: unknown;
}

/** Optional settings for automatic speech recognition. */
export interface AutomaticSpeechRecognitionParameters {
  /** Decoding settings for the underlying text generation. */
  generation_parameters?: GenerationParameters;
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
