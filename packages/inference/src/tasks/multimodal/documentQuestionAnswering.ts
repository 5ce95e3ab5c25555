import type {
  DocumentQuestionAnsweringInput,
  DocumentQuestionAnsweringInputData,
  DocumentQuestionAnsweringOutput,
} from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { documentQuestionAnsweringHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";
import { questionAndImage } from "./utils.js";

export type DocumentQuestionAnsweringArgs = BaseArgs &
  DocumentQuestionAnsweringInput & { inputs: DocumentQuestionAnsweringInputData & { image: Blob } };

/** Answers a question about a document image (invoice, form, scan). */
export async function documentQuestionAnswering(
  args: DocumentQuestionAnsweringArgs,
  options?: Options,
): Promise<DocumentQuestionAnsweringOutput[number]> {
  const inputs = await questionAndImage("documentQuestionAnswering", args.inputs);
  return runTask(
    documentQuestionAnsweringHelpers,
    { ...args, inputs },
    { ...options, task: "document-question-answering" },
  );
}
