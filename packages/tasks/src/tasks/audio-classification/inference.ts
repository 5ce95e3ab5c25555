/* Input, parameter and output types for the audio-classification task. */

import type {
  ClassificationOutputElement,
  ClassificationParameters,
  TaskInput,
} from "../common-definitions.js";

export type { ClassificationOutputTransform } from "../common-definitions.js";

/** Request payload for audio classification. */
export interface AudioClassificationInput extends TaskInput<Blob, AudioClassificationParameters> {}

/** Optional settings for audio classification. */
export interface AudioClassificationParameters extends ClassificationParameters {}

/** What audio classification returns. */
export type AudioClassificationOutput = AudioClassificationOutputElement[];

/** One result of audio classification. */
export interface AudioClassificationOutputElement extends ClassificationOutputElement {}
