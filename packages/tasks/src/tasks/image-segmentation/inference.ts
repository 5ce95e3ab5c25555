/* Input, parameter and output types for the image-segmentation task. */

import type { TaskInput } from "../common-definitions.js";

/** Request payload for image segmentation. */
export interface ImageSegmentationInput extends TaskInput<Blob, ImageSegmentationParameters> {}

/** Optional settings for image segmentation. */
export interface ImageSegmentationParameters {
  /** Probability cut-off when turning predicted masks into binary ones. */
  mask_threshold?: number;
  /** Drop small disconnected pieces of a mask below this area ratio. */
  overlap_mask_area_threshold?: number;
  /** Kind of segmentation to run (instance, panoptic or semantic). */
  subtask?: ImageSegmentationSubtask;
  /** Drop predictions whose score is below this value. */
  threshold?: number;
  [property: string]: unknown;
}

export type ImageSegmentationSubtask = "instance" | "panoptic" | "semantic";

/** What image segmentation returns. */
export type ImageSegmentationOutput = ImageSegmentationOutputElement[];

/** One result of image segmentation. */
export interface ImageSegmentationOutputElement {
  /** The predicted class. */
  label: string;
  /** The mask as a base64-encoded image. */
  mask: string;
  /** Confidence of this result, between 0 and 1. */
  score?: number;
  [property: string]: unknown;
}
