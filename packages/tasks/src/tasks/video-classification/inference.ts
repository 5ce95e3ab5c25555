/* Input, parameter and output types for the video-classification task. */

import type {
  ClassificationOutputElement,
  ClassificationParameters,
  TaskInput,
} from "../common-definitions.js";

export type { ClassificationOutputTransform } from "../common-definitions.js";

/** Request payload for video classification. */
export interface VideoClassificationInput extends TaskInput<unknown, VideoClassificationParameters> {}

/** Optional settings for video classification. */
export interface VideoClassificationParameters extends ClassificationParameters {
  /** Take one frame every this many frames when sampling the video. */
  frame_sampling_rate?: number;
  /** How many frames to generate or sample. */
  num_frames?: number;
}

/** What video classification returns. */
export type VideoClassificationOutput = VideoClassificationOutputElement[];

/** One result of video classification. */
export interface VideoClassificationOutputElement extends ClassificationOutputElement {}
