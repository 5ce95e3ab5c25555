/* Input, parameter and output types for the zero-shot-object-detection task. */

import type { BoundingBox } from "../common-definitions.js";

export type { BoundingBox };

/** Request payload for zero shot object detection. */
export interface ZeroShotObjectDetectionInput {
  /** The input file (raw bytes or a base64 string on the wire). */
  inputs: Blob;
  /** Settings for this request; required for this task. */
  parameters: ZeroShotObjectDetectionParameters;
  [property: string]: unknown;
}

/** Optional settings for zero shot object detection. */
export interface ZeroShotObjectDetectionParameters {
  /** The labels to choose from; the model needs no training on them. */
  candidate_labels: string[];
  [property: string]: unknown;
}

/** What zero shot object detection returns. */
export type ZeroShotObjectDetectionOutput = ZeroShotObjectDetectionOutputElement[];

/** One result of zero shot object detection. */
export interface ZeroShotObjectDetectionOutputElement {
  /** Where the object is, in pixel coordinates of the input image. */
  box: BoundingBox;
  /** The predicted class. */
  label: string;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  [property: string]: unknown;
}
