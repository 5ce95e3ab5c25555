/* Input, parameter and output types for the object-detection task. */

import type { BoundingBox, ClassificationOutputElement, TaskInput } from "../common-definitions.js";

export type { BoundingBox };

/** Request payload for object detection. */
export interface ObjectDetectionInput extends TaskInput<Blob, ObjectDetectionParameters> {}

/** Optional settings for object detection. */
export interface ObjectDetectionParameters {
  /** Drop predictions whose score is below this value. */
  threshold?: number;
  [property: string]: unknown;
}

/** What object detection returns. */
export type ObjectDetectionOutput = ObjectDetectionOutputElement[];

/** One result of object detection. */
export interface ObjectDetectionOutputElement extends ClassificationOutputElement {
  /** Where the object is, in pixel coordinates of the input image. */
  box: BoundingBox;
}
