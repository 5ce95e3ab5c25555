/* Input, parameter and output types for the document-question-answering task. */

import type { AnswerSpan, AnswerSpanParameters, ImageQuestion, TaskInput } from "../common-definitions.js";

/** Request payload for document question answering. */
export interface DocumentQuestionAnsweringInput extends TaskInput<
  DocumentQuestionAnsweringInputData,
  DocumentQuestionAnsweringParameters
> {}

export interface DocumentQuestionAnsweringInputData extends ImageQuestion {}

/** Optional settings for document question answering. */
export interface DocumentQuestionAnsweringParameters extends AnswerSpanParameters {
  /** Language hint for the OCR step. */
  lang?: string;
  /** Words and their boxes from your own OCR, so the model skips its OCR step. */
  word_boxes?: WordBox[];
}

export type WordBox = number[] | string;

/** What document question answering returns. */
export type DocumentQuestionAnsweringOutput = DocumentQuestionAnsweringOutputElement[];

/** One result of document question answering. */
export interface DocumentQuestionAnsweringOutputElement extends AnswerSpan {}
