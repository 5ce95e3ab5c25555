/* Input, parameter and output types for the translation task. */

/** Request payload for translation. */
export interface TranslationInput {
  /** The input text. */
  inputs: string;
  /** Optional settings for this request. */
  parameters?: TranslationParameters;
  [property: string]: unknown;
}

/** Optional settings for translation. */
export interface TranslationParameters {
  /** Strip spaces the tokenizer adds around punctuation when decoding. */
  clean_up_tokenization_spaces?: boolean;
  generate_parameters?: {
    [key: string]: unknown;
  };
  /** Source language code, for multilingual translation models. */
  src_lang?: string;
  /** Target language code, for multilingual translation models. */
  tgt_lang?: string;
  /** How to truncate inputs that are too long for the model. */
  truncation?: TranslationTruncationStrategy;
  [property: string]: unknown;
}

export type TranslationTruncationStrategy =
  "do_not_truncate" | "longest_first" | "only_first" | "only_second";

/** What translation returns. */
export interface TranslationOutput {
  translation_text: string;
  [property: string]: unknown;
}
