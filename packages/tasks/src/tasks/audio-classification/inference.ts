/* Input, parameter and output types for the audio-classification task. */

import type { ClassificationOutputTransform } from "../common-definitions.js";

export type { ClassificationOutputTransform };

/** Request payload for audio classification. */
export interface AudioClassificationInput {
  /** The input file (raw bytes or a base64 string on the wire). */
  inputs: Blob;
  /** Optional settings for this request. */
  parameters?: AudioClassificationParameters;
  [property: string]: unknown;
}

/** Optional settings for audio classification. */
export interface AudioClassificationParameters {
  /** Normalisation applied to the raw logits before scoring. */
  function_to_apply?: ClassificationOutputTransform;
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  [property: string]: unknown;
}

/** What audio classification returns. */
export type AudioClassificationOutput = AudioClassificationOutputElement[];

/** One result of audio classification. */
export interface AudioClassificationOutputElement {
  /** The predicted class. */
  label: string;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  [property: string]: unknown;
}
