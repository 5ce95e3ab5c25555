/* Input, parameter and output types for the summarization task. */

/** Request payload for summarization. */
export interface SummarizationInput {
  /** The input text. */
  inputs: string;
  /** Optional settings for this request. */
  parameters?: SummarizationParameters;
  [property: string]: unknown;
}

/** Optional settings for summarization. */
export interface SummarizationParameters {
  /** Strip spaces the tokenizer adds around punctuation when decoding. */
  clean_up_tokenization_spaces?: boolean;
  generate_parameters?: {
    [key: string]: unknown;
  };
  /** How to truncate inputs that are too long for the model. */
  truncation?: SummarizationTruncationStrategy;
  [property: string]: unknown;
}

export type SummarizationTruncationStrategy =
  "do_not_truncate" | "longest_first" | "only_first" | "only_second";

/** What summarization returns. */
export interface SummarizationOutput {
  summary_text: string;
  [property: string]: unknown;
}
