/* Input, parameter and output types for the table-question-answering task. */

import type { TaskInput } from "../common-definitions.js";

/** Request payload for table question answering. */
export interface TableQuestionAnsweringInput extends TaskInput<
  TableQuestionAnsweringInputData,
  TableQuestionAnsweringParameters
> {}

export interface TableQuestionAnsweringInputData {
  question: string;
  table: {
    [key: string]: string[];
  };
  [property: string]: unknown;
}

/** Optional settings for table question answering. */
export interface TableQuestionAnsweringParameters {
  /** Padding strategy for the encoded inputs. */
  padding?: Padding;
  /** Run queries one by one, needed for conversational table models. */
  sequential?: boolean;
  /** How to truncate inputs that are too long for the model. */
  truncation?: boolean;
  [property: string]: unknown;
}

export type Padding = "do_not_pad" | "longest" | "max_length";

/** What table question answering returns. */
export type TableQuestionAnsweringOutput = TableQuestionAnsweringOutputElement[];

/** One result of table question answering. */
export interface TableQuestionAnsweringOutputElement {
  aggregator?: string;
  answer: string;
  cells: string[];
  coordinates: Array<number[]>;
  [property: string]: unknown;
}
