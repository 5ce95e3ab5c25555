/* Input, parameter and output types for the token-classification task. */

/** Request payload for token classification. */
export interface TokenClassificationInput {
  /** The input text. */
  inputs: string;
  /** Optional settings for this request. */
  parameters?: TokenClassificationParameters;
  [property: string]: unknown;
}

/** Optional settings for token classification. */
export interface TokenClassificationParameters {
  /** How sub-word tokens are merged into entities. */
  aggregation_strategy?: TokenClassificationAggregationStrategy;
  /** Labels to leave out of the results (e.g. "O"). */
  ignore_labels?: string[];
  /** Token overlap between chunks when long inputs are split. */
  stride?: number;
  [property: string]: unknown;
}

export type TokenClassificationAggregationStrategy = "none" | "simple" | "first" | "average" | "max";

/** What token classification returns. */
export type TokenClassificationOutput = TokenClassificationOutputElement[];

/** One result of token classification. */
export interface TokenClassificationOutputElement {
  /** End offset of the span in the input. */
  end: number;
  entity?: string;
  entity_group?: string;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  /** Start offset of the span in the input. */
  start: number;
  word: string;
  [property: string]: unknown;
}
