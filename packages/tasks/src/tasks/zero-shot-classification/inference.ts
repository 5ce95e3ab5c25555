/* Input, parameter and output types for the zero-shot-classification task. */

import type { ClassificationOutputElement, TaskInput } from "../common-definitions.js";

/** Request payload for zero shot classification. */
export interface ZeroShotClassificationInput extends TaskInput<string, ZeroShotClassificationParameters> {
  /** Settings for this request; required for this task. */
  parameters: ZeroShotClassificationParameters;
}

/** Optional settings for zero shot classification. */
export interface ZeroShotClassificationParameters {
  /** The labels to choose from; the model needs no training on them. */
  candidate_labels: string[];
  /** Sentence built around each label to score it, with {} standing for the label. */
  hypothesis_template?: string;
  /** Score each label on its own, so several can be true at once. */
  multi_label?: boolean;
  [property: string]: unknown;
}

/** What zero shot classification returns. */
export type ZeroShotClassificationOutput = ZeroShotClassificationOutputElement[];

/** One result of zero shot classification. */
export interface ZeroShotClassificationOutputElement extends ClassificationOutputElement {}
