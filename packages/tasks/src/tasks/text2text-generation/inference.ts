/* Input, parameter and output types for the text2text-generation task. */

/** Request payload for text2 text generation. */
export interface Text2TextGenerationInput {
  /** The input text. */
  inputs: string;
  /** Optional settings for this request. */
  parameters?: Text2TextGenerationParameters;
  [property: string]: unknown;
}

/** Optional settings for text2 text generation. */
export interface Text2TextGenerationParameters {
  /** Strip spaces the tokenizer adds around punctuation when decoding. */
  clean_up_tokenization_spaces?: boolean;
  generate_parameters?: {
    [key: string]: unknown;
  };
  /** How to truncate inputs that are too long for the model. */
  truncation?: Text2TextGenerationTruncationStrategy;
  [property: string]: unknown;
}

export type Text2TextGenerationTruncationStrategy =
  "do_not_truncate" | "longest_first" | "only_first" | "only_second";

/** What text2 text generation returns. */
export interface Text2TextGenerationOutput {
  generatedText: unknown;
  /** The generated text. */
  generated_text?: string;
  [property: string]: unknown;
}
