/* Input, parameter and output types for the text-classification task. */

import type {
  ClassificationOutputElement,
  ClassificationParameters,
  TaskInput,
} from "../common-definitions.js";

export type { ClassificationOutputTransform } from "../common-definitions.js";

/** Request payload for text classification. */
export interface TextClassificationInput extends TaskInput<string, TextClassificationParameters> {}

/** Optional settings for text classification. */
export interface TextClassificationParameters extends ClassificationParameters {}

/** What text classification returns. */
export type TextClassificationOutput = TextClassificationOutputElement[];

/** One result of text classification. */
export interface TextClassificationOutputElement extends ClassificationOutputElement {}
