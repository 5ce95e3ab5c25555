/* Input, parameter and output types for the image-to-image task. */

import type { ImageConditionedDiffusionParameters, TaskInput } from "../common-definitions.js";

export type { TargetSize } from "../common-definitions.js";

/** Request payload for image to image. */
export interface ImageToImageInput extends TaskInput<Blob, ImageToImageParameters> {}

/** Optional settings for image to image. */
export interface ImageToImageParameters extends ImageConditionedDiffusionParameters {}

/** What image to image returns. */
export interface ImageToImageOutput {
  image?: unknown;
  [property: string]: unknown;
}
