/* Input, parameter and output types for the sentence-similarity task. */

/** What sentence similarity returns. */
export type SentenceSimilarityOutput = number[];

/** Request payload for sentence similarity. */
export interface SentenceSimilarityInput {
  inputs: SentenceSimilarityInputData;
  parameters?: {
    [key: string]: unknown;
  };
  [property: string]: unknown;
}

export interface SentenceSimilarityInputData {
  sentences: string[];
  source_sentence: string;
  [property: string]: unknown;
}
