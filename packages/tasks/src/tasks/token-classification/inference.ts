/* Input, parameter and output types for the token-classification task. */

import type { ScoredSpan, TaskInput } from "../common-definitions.js";

/** Request payload for token classification. */
export interface TokenClassificationInput extends TaskInput<string, TokenClassificationParameters> {}

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
export interface TokenClassificationOutputElement extends ScoredSpan {
  entity?: string;
  entity_group?: string;
  word: string;
}
