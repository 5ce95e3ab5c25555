/* Input, parameter and output types for the zero-shot-object-detection task. */

import type { TaskInput } from "../common-definitions.js";
import type { ObjectDetectionOutputElement } from "../object-detection/inference.js";

export type { BoundingBox } from "../common-definitions.js";

/** Request payload for zero shot object detection. */
export interface ZeroShotObjectDetectionInput extends TaskInput<Blob, ZeroShotObjectDetectionParameters> {
  /** Settings for this request; required for this task. */
  parameters: ZeroShotObjectDetectionParameters;
}

/** Optional settings for zero shot object detection. */
export interface ZeroShotObjectDetectionParameters {
  /** The labels to choose from; the model needs no training on them. */
  candidate_labels: string[];
  [property: string]: unknown;
}

/** What zero shot object detection returns. */
export type ZeroShotObjectDetectionOutput = ZeroShotObjectDetectionOutputElement[];

/** One result of zero shot object detection: the same as object detection's. */
export interface ZeroShotObjectDetectionOutputElement extends ObjectDetectionOutputElement {}
