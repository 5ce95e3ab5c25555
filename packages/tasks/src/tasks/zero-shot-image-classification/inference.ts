/* Input, parameter and output types for the zero-shot-image-classification task. */

/** Request payload for zero shot image classification. */
export interface ZeroShotImageClassificationInput {
  /** The input file (raw bytes or a base64 string on the wire). */
  inputs: Blob;
  /** Settings for this request; required for this task. */
  parameters: ZeroShotImageClassificationParameters;
  [property: string]: unknown;
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
export interface ZeroShotImageClassificationOutputElement {
  /** The predicted class. */
  label: string;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  [property: string]: unknown;
}
