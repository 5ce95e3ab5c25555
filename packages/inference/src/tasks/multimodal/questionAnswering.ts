/** Questions about an image: a document's (`documentQuestionAnswering`) or a picture's (`visualQuestionAnswering`). */
import type {
  DocumentQuestionAnsweringInput,
  DocumentQuestionAnsweringInputData,
  DocumentQuestionAnsweringOutput,
  VisualQuestionAnsweringInput,
  VisualQuestionAnsweringInputData,
  VisualQuestionAnsweringOutput,
} from "@hubkit/tasks";
import { documentQuestionAnsweringHelpers, visualQuestionAnsweringHelpers } from "../../providers/index.js";
import type { BaseArgs, RequestArgs } from "../../types.js";
import { taskFunction } from "../taskFunction.js";
import { questionAndImage } from "./utils.js";

/** The arguments with `inputs` as `{question, image}`, the image read into base64 (`name` is the function's, for errors). */
const withQuestionAndImage =
  (name: string) =>
  async (args: BaseArgs & { inputs: { question?: unknown; image?: unknown } }): Promise<RequestArgs> => ({
    ...args,
    inputs: await questionAndImage(name, args.inputs),
  });

export type DocumentQuestionAnsweringArgs = BaseArgs &
  DocumentQuestionAnsweringInput & { inputs: DocumentQuestionAnsweringInputData & { image: Blob } };
/** Answers a question about a document image (invoice, form, scan). */
export const documentQuestionAnswering = /* @__PURE__ */ taskFunction<
  DocumentQuestionAnsweringArgs,
  DocumentQuestionAnsweringOutput[number]
>(
  documentQuestionAnsweringHelpers,
  "document-question-answering",
  /* @__PURE__ */ withQuestionAndImage("documentQuestionAnswering"),
);

export type VisualQuestionAnsweringArgs = BaseArgs &
  VisualQuestionAnsweringInput & { inputs: VisualQuestionAnsweringInputData & { image: Blob } };
/** Answers a question about a picture. */
export const visualQuestionAnswering = /* @__PURE__ */ taskFunction<
  VisualQuestionAnsweringArgs,
  VisualQuestionAnsweringOutput[number]
>(
  visualQuestionAnsweringHelpers,
  "visual-question-answering",
  /* @__PURE__ */ withQuestionAndImage("visualQuestionAnswering"),
);
