/* Input, parameter and output types for the image-text-to-image task. */

import type {
  GeneratedImageOutput,
  ImageConditionedDiffusionParameters,
  ImageOrPromptInput,
} from "../common-definitions.js";

export type { TargetSize } from "../common-definitions.js";

/** Request payload for image-and-text-to-image generation. Give an image, a prompt, or both. */
export interface ImageTextToImageInput extends ImageOrPromptInput<ImageTextToImageParameters> {}

/** Settings for image-and-text-to-image generation. */
export interface ImageTextToImageParameters extends ImageConditionedDiffusionParameters {
  /** Random seed, for reproducible output. */
  seed?: number;
}

/** What image-and-text-to-image generation returns. */
export interface ImageTextToImageOutput extends GeneratedImageOutput {}
