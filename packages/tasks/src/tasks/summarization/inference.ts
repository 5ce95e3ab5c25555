/* Input, parameter and output types for the summarization task. */

import type { TaskInput, TextToTextParameters, TextToTextTruncationStrategy } from "../common-definitions.js";

/** Request payload for summarization. */
export interface SummarizationInput extends TaskInput<string, SummarizationParameters> {}

/** Optional settings for summarization. */
export interface SummarizationParameters extends TextToTextParameters {}

export type SummarizationTruncationStrategy = TextToTextTruncationStrategy;

/** What summarization returns. */
export interface SummarizationOutput {
  summary_text: string;
  [property: string]: unknown;
}
