/* Input, parameter and output types for the visual-question-answering task. */

import type { ImageQuestion, TaskInput } from "../common-definitions.js";

/** Request payload for visual question answering. */
export interface VisualQuestionAnsweringInput extends TaskInput<
  VisualQuestionAnsweringInputData,
  VisualQuestionAnsweringParameters
> {}

export interface VisualQuestionAnsweringInputData extends ImageQuestion {}

/** Optional settings for visual question answering. */
export interface VisualQuestionAnsweringParameters {
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  [property: string]: unknown;
}

/** What visual question answering returns. */
export type VisualQuestionAnsweringOutput = VisualQuestionAnsweringOutputElement[];

/** One result of visual question answering. */
export interface VisualQuestionAnsweringOutputElement {
  answer?: string;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  [property: string]: unknown;
}
