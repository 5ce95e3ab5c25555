import type { TableQuestionAnsweringInput, TableQuestionAnsweringOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { tableQuestionAnsweringHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type TableQuestionAnsweringArgs = BaseArgs & TableQuestionAnsweringInput;

/** Answers a question about a table (columns of strings). */
export async function tableQuestionAnswering(
  args: TableQuestionAnsweringArgs,
  options?: Options,
): Promise<TableQuestionAnsweringOutput[number]> {
  return runTask(tableQuestionAnsweringHelpers, args, { ...options, task: "table-question-answering" });
}
