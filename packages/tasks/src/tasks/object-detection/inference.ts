/* Input, parameter and output types for the object-detection task. */

import type { BoundingBox } from "../common-definitions.js";

export type { BoundingBox };

/** Request payload for object detection. */
export interface ObjectDetectionInput {
  /** The input file (raw bytes or a base64 string on the wire). */
  inputs: Blob;
  /** Optional settings for this request. */
  parameters?: ObjectDetectionParameters;
  [property: string]: unknown;
}

/** Optional settings for object detection. */
export interface ObjectDetectionParameters {
  /** Drop predictions whose score is below this value. */
  threshold?: number;
  [property: string]: unknown;
}

/** What object detection returns. */
export type ObjectDetectionOutput = ObjectDetectionOutputElement[];

/** One result of object detection. */
export interface ObjectDetectionOutputElement {
  /** Where the object is, in pixel coordinates of the input image. */
  box: BoundingBox;
  /** The predicted class. */
  label: string;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  [property: string]: unknown;
}
