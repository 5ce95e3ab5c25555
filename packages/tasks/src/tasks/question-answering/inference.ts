/* Input, parameter and output types for the question-answering task. */

/** Request payload for question answering. */
export interface QuestionAnsweringInput {
  inputs: QuestionAnsweringInputData;
  /** Optional settings for this request. */
  parameters?: QuestionAnsweringParameters;
  [property: string]: unknown;
}

export interface QuestionAnsweringInputData {
  context: string;
  question: string;
  [property: string]: unknown;
}

/** Optional settings for question answering. */
export interface QuestionAnsweringParameters {
  /** Snap answer spans to word boundaries (off for languages without spaces). */
  align_to_words?: boolean;
  /** Token overlap between chunks when the context is split to fit the model. */
  doc_stride?: number;
  /** Allow an empty answer when the context does not contain one. */
  handle_impossible_answer?: boolean;
  /** Longest answer the model may return, in tokens. */
  max_answer_len?: number;
  /** Longest question after tokenisation; longer ones are truncated. */
  max_question_len?: number;
  /** Longest chunk (context plus question) fed to the model, in tokens. */
  max_seq_len?: number;
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  [property: string]: unknown;
}

/** What question answering returns. */
export type QuestionAnsweringOutput = QuestionAnsweringOutputElement[];

/** One result of question answering. */
export interface QuestionAnsweringOutputElement {
  answer: string;
  /** End offset of the span in the input. */
  end: number;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  /** Start offset of the span in the input. */
  start: number;
  [property: string]: unknown;
}
