import type { QuestionAnsweringInput, QuestionAnsweringOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { questionAnsweringHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type QuestionAnsweringArgs = BaseArgs & QuestionAnsweringInput;

/** Answers a question from a context passage: the best answer span. */
export async function questionAnswering(
  args: QuestionAnsweringArgs,
  options?: Options,
): Promise<QuestionAnsweringOutput[number]> {
  return runTask(questionAnsweringHelpers, args, { ...options, task: "question-answering" });
}
