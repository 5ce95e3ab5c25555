/* Input, parameter and output types for the text-classification task. */

import type { ClassificationOutputTransform } from "../common-definitions.js";

export type { ClassificationOutputTransform };

/** Request payload for text classification. */
export interface TextClassificationInput {
  /** The input text. */
  inputs: string;
  /** Optional settings for this request. */
  parameters?: TextClassificationParameters;
  [property: string]: unknown;
}

/** Optional settings for text classification. */
export interface TextClassificationParameters {
  /** Normalisation applied to the raw logits before scoring. */
  function_to_apply?: ClassificationOutputTransform;
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  [property: string]: unknown;
}

/** What text classification returns. */
export type TextClassificationOutput = TextClassificationOutputElement[];

/** One result of text classification. */
export interface TextClassificationOutputElement {
  /** The predicted class. */
  label: string;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  [property: string]: unknown;
}
