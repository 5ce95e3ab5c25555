/* Input, parameter and output types for the video-classification task. */

import type { ClassificationOutputTransform } from "../common-definitions.js";

export type { ClassificationOutputTransform };

/** Request payload for video classification. */
export interface VideoClassificationInput {
  inputs: unknown;
  /** Optional settings for this request. */
  parameters?: VideoClassificationParameters;
  [property: string]: unknown;
}

/** Optional settings for video classification. */
export interface VideoClassificationParameters {
  /** Take one frame every this many frames when sampling the video. */
  frame_sampling_rate?: number;
  /** Normalisation applied to the raw logits before scoring. */
  function_to_apply?: ClassificationOutputTransform;
  /** How many frames to generate or sample. */
  num_frames?: number;
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  [property: string]: unknown;
}

/** What video classification returns. */
export type VideoClassificationOutput = VideoClassificationOutputElement[];

/** One result of video classification. */
export interface VideoClassificationOutputElement {
  /** The predicted class. */
  label: string;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  [property: string]: unknown;
}
