/* Input, parameter and output types for the image-to-text task. */

import type { GenerationParameters, EarlyStoppingUnion } from "../common-definitions.js";

export type { GenerationParameters, EarlyStoppingUnion };

/** Request payload for image to text. */
export interface ImageToTextInput {
  /** The input file (raw bytes or a base64 string on the wire). */
  inputs: Blob;
  /** Optional settings for this request. */
  parameters?: ImageToTextParameters;
  [property: string]: unknown;
}

/** Optional settings for image to text. */
export interface ImageToTextParameters {
  /** Decoding settings for the underlying text generation. */
  generation_parameters?: GenerationParameters;
  /** Upper bound on the number of generated tokens, prompt excluded. */
  max_new_tokens?: number;
  [property: string]: unknown;
}

/** What image to text returns. */
export interface ImageToTextOutput {
  generatedText: unknown;
  /** The generated text. */
  generated_text?: string;
  [property: string]: unknown;
}
