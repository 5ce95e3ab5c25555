/* Input, parameter and output types for the image-classification task. */

import type {
  ClassificationOutputElement,
  ClassificationParameters,
  TaskInput,
} from "../common-definitions.js";

export type { ClassificationOutputTransform } from "../common-definitions.js";

/** Request payload for image classification. */
export interface ImageClassificationInput extends TaskInput<Blob, ImageClassificationParameters> {}

/** Optional settings for image classification. */
export interface ImageClassificationParameters extends ClassificationParameters {}

/** What image classification returns. */
export type ImageClassificationOutput = ImageClassificationOutputElement[];

/** One result of image classification. */
export interface ImageClassificationOutputElement extends ClassificationOutputElement {}
