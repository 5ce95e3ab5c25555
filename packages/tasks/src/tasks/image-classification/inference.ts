/* Input, parameter and output types for the image-classification task. */

import type { ClassificationOutputTransform } from "../common-definitions.js";

export type { ClassificationOutputTransform };

/** Request payload for image classification. */
export interface ImageClassificationInput {
  /** The input file (raw bytes or a base64 string on the wire). */
  inputs: Blob;
  /** Optional settings for this request. */
  parameters?: ImageClassificationParameters;
  [property: string]: unknown;
}

/** Optional settings for image classification. */
export interface ImageClassificationParameters {
  /** Normalisation applied to the raw logits before scoring. */
  function_to_apply?: ClassificationOutputTransform;
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  [property: string]: unknown;
}

/** What image classification returns. */
export type ImageClassificationOutput = ImageClassificationOutputElement[];

/** One result of image classification. */
export interface ImageClassificationOutputElement {
  /** The predicted class. */
  label: string;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  [property: string]: unknown;
}
