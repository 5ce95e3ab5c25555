/* Input, parameter and output types for the sentence-similarity task. */

import type { TaskInput } from "../common-definitions.js";

/** What sentence similarity returns. */
export type SentenceSimilarityOutput = number[];

/** Request payload for sentence similarity. */
export interface SentenceSimilarityInput extends TaskInput<
  SentenceSimilarityInputData,
  { [key: string]: unknown }
> {}

export interface SentenceSimilarityInputData {
  sentences: string[];
  source_sentence: string;
  [property: string]: unknown;
}
