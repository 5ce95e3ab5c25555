/* Input, parameter and output types for the image-to-text task. */

import type { GeneratingTaskParameters, GeneratedTextOutput, TaskInput } from "../common-definitions.js";

export type { GenerationParameters, EarlyStoppingUnion } from "../common-definitions.js";

/** Request payload for image to text. */
export interface ImageToTextInput extends TaskInput<Blob, ImageToTextParameters> {}

/** Optional settings for image to text. */
export interface ImageToTextParameters extends GeneratingTaskParameters {
  /** Upper bound on the number of generated tokens, prompt excluded. */
  max_new_tokens?: number;
  [property: string]: unknown;
}

/** What image to text returns. */
export interface ImageToTextOutput extends GeneratedTextOutput {}
