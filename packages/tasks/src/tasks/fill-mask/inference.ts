/* Input, parameter and output types for the fill-mask task. */

import type { TaskInput } from "../common-definitions.js";

/** Request payload for fill mask. */
export interface FillMaskInput extends TaskInput<string, FillMaskParameters> {}

/** Optional settings for fill mask. */
export interface FillMaskParameters {
  /** Restrict predictions to these tokens. */
  targets?: string[];
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  [property: string]: unknown;
}

/** What fill mask returns. */
export type FillMaskOutput = FillMaskOutputElement[];

/** One result of fill mask. */
export interface FillMaskOutputElement {
  /** Confidence of this result, between 0 and 1. */
  score: number;
  sequence: string;
  token: number;
  tokenStr: unknown;
  token_str?: string;
  [property: string]: unknown;
}
