/* Input, parameter and output types for the translation task. */

import type { TaskInput, TextToTextParameters, TextToTextTruncationStrategy } from "../common-definitions.js";

/** Request payload for translation. */
export interface TranslationInput extends TaskInput<string, TranslationParameters> {}

/** Optional settings for translation. */
export interface TranslationParameters extends TextToTextParameters {
  /** Source language code, for multilingual translation models. */
  src_lang?: string;
  /** Target language code, for multilingual translation models. */
  tgt_lang?: string;
}

export type TranslationTruncationStrategy = TextToTextTruncationStrategy;

/** What translation returns. */
export interface TranslationOutput {
  translation_text: string;
  [property: string]: unknown;
}
