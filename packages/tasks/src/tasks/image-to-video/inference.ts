/* Input, parameter and output types for the image-to-video task. */

import type {
  GeneratedVideoOutput,
  ImageConditionedDiffusionParameters,
  TaskInput,
} from "../common-definitions.js";

export type { TargetSize } from "../common-definitions.js";

/** Request payload for image-to-video generation. */
export interface ImageToVideoInput extends TaskInput<Blob, ImageToVideoParameters> {}

/** Settings for image-to-video generation. */
export interface ImageToVideoParameters extends ImageConditionedDiffusionParameters {
  /** How many video frames to generate. */
  num_frames?: number;
  /** Random seed, for reproducible output. */
  seed?: number;
}

/** What image-to-video generation returns. */
export interface ImageToVideoOutput extends GeneratedVideoOutput {}
