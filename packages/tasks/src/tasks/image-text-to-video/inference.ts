/* Input, parameter and output types for the image-text-to-video task. */

import type { GeneratedVideoOutput, ImageOrPromptInput } from "../common-definitions.js";
import type { ImageToVideoParameters } from "../image-to-video/inference.js";

export type { TargetSize } from "../common-definitions.js";

/** Request payload for image-and-text-to-video generation. Give an image, a prompt, or both. */
export interface ImageTextToVideoInput extends ImageOrPromptInput<ImageTextToVideoParameters> {}

/** Settings for image-and-text-to-video generation: those of image-to-video. */
export interface ImageTextToVideoParameters extends ImageToVideoParameters {}

/** What image-and-text-to-video generation returns. */
export interface ImageTextToVideoOutput extends GeneratedVideoOutput {}
