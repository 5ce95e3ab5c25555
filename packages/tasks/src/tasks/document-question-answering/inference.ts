/* Input, parameter and output types for the document-question-answering task. */

/** Request payload for document question answering. */
export interface DocumentQuestionAnsweringInput {
  inputs: DocumentQuestionAnsweringInputData;
  /** Optional settings for this request. */
  parameters?: DocumentQuestionAnsweringParameters;
  [property: string]: unknown;
}

export interface DocumentQuestionAnsweringInputData {
  image: unknown;
  question: string;
  [property: string]: unknown;
}

/** Optional settings for document question answering. */
export interface DocumentQuestionAnsweringParameters {
  /** Token overlap between chunks when the context is split to fit the model. */
  doc_stride?: number;
  /** Allow an empty answer when the context does not contain one. */
  handle_impossible_answer?: boolean;
  /** Language hint for the OCR step. */
  lang?: string;
  /** Longest answer the model may return, in tokens. */
  max_answer_len?: number;
  /** Longest question after tokenisation; longer ones are truncated. */
  max_question_len?: number;
  /** Longest chunk (context plus question) fed to the model, in tokens. */
  max_seq_len?: number;
  /** How many of the highest-scoring results to return. */
  top_k?: number;
  /** Words and their boxes from your own OCR, so the model skips its OCR step. */
  word_boxes?: WordBox[];
  [property: string]: unknown;
}

export type WordBox = number[] | string;

/** What document question answering returns. */
export type DocumentQuestionAnsweringOutput = DocumentQuestionAnsweringOutputElement[];

/** One result of document question answering. */
export interface DocumentQuestionAnsweringOutputElement {
  answer: string;
  /** End offset of the span in the input. */
  end: number;
  /** Confidence of this result, between 0 and 1. */
  score: number;
  /** Start offset of the span in the input. */
  start: number;
  [property: string]: unknown;
}
