/* Input, parameter and output types for the feature-extraction task. */

/** What feature extraction returns. */
export type FeatureExtractionOutput = Array<number[]>;

/** Request payload for feature extraction. */
export interface FeatureExtractionInput {
  inputs: FeatureExtractionInputs;
  /** L2-normalise the embeddings. */
  normalize?: boolean;
  /** Name of a prompt configured with the model, prepended to the input (e.g. "query"). */
  prompt_name?: string;
  /** Truncate inputs longer than the model's maximum length instead of failing. */
  truncate?: boolean;
  /** Which side of the input is cut when truncating. */
  truncation_direction?: FeatureExtractionInputTruncationDirection;
  [property: string]: unknown;
}

export type FeatureExtractionInputs = string[] | string;

export type FeatureExtractionInputTruncationDirection = "left" | "right";
