/* Input, parameter and output types for the text2text-generation task. */

import type {
  GeneratedTextOutput,
  TaskInput,
  TextToTextParameters,
  TextToTextTruncationStrategy,
} from "../common-definitions.js";

/** Request payload for text2 text generation. */
export interface Text2TextGenerationInput extends TaskInput<string, Text2TextGenerationParameters> {}

/** Optional settings for text2 text generation. */
export interface Text2TextGenerationParameters extends TextToTextParameters {}

export type Text2TextGenerationTruncationStrategy = TextToTextTruncationStrategy;

/** What text2 text generation returns. */
export interface Text2TextGenerationOutput extends GeneratedTextOutput {}
