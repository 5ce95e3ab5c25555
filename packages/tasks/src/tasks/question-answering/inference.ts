/* Input, parameter and output types for the question-answering task. */

import type { AnswerSpan, AnswerSpanParameters, TaskInput } from "../common-definitions.js";

/** Request payload for question answering. */
export interface QuestionAnsweringInput extends TaskInput<
  QuestionAnsweringInputData,
  QuestionAnsweringParameters
> {}

export interface QuestionAnsweringInputData {
  context: string;
  question: string;
  [property: string]: unknown;
}

/** Optional settings for question answering. */
export interface QuestionAnsweringParameters extends AnswerSpanParameters {
  /** Snap answer spans to word boundaries (off for languages without spaces). */
  align_to_words?: boolean;
}

/** What question answering returns. */
export type QuestionAnsweringOutput = QuestionAnsweringOutputElement[];

/** One result of question answering. */
export interface QuestionAnsweringOutputElement extends AnswerSpan {}
