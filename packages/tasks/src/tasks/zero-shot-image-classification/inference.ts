/* Input, parameter and output types for the zero-shot-image-classification task. */

import type { ClassificationOutputElement, TaskInput } from "../common-definitions.js";

/** Request payload for zero shot image classification. */
export interface ZeroShotImageClassificationInput extends TaskInput<
  Blob,
  ZeroShotImageClassificationParameters
> {
  /** Settings for this request; required for this task. */
  parameters: ZeroShotImageClassificationParameters;
}

/** Optional settings for zero shot image classification. */
export interface ZeroShotImageClassificationParameters {
  /** The labels to choose from; the model needs no training on them. */
  candidate_labels: string[];
  /** Sentence built around each label to score it, with {} standing for the label. */
  hypothesis_template?: string;
  [property: string]: unknown;
}

/** What zero shot image classification returns. */
export type ZeroShotImageClassificationOutput = ZeroShotImageClassificationOutputElement[];

/** One result of zero shot image classification. */
export interface ZeroShotImageClassificationOutputElement extends ClassificationOutputElement {}
