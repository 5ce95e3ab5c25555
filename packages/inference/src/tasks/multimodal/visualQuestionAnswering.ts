import type {
  VisualQuestionAnsweringInput,
  VisualQuestionAnsweringInputData,
  VisualQuestionAnsweringOutput,
} from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { visualQuestionAnsweringHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";
import { questionAndImage } from "./utils.js";

export type VisualQuestionAnsweringArgs = BaseArgs &
  VisualQuestionAnsweringInput & { inputs: VisualQuestionAnsweringInputData & { image: Blob } };

/** Answers a question about a picture. */
export async function visualQuestionAnswering(
  args: VisualQuestionAnsweringArgs,
  options?: Options,
): Promise<VisualQuestionAnsweringOutput[number]> {
  const inputs = await questionAndImage("visualQuestionAnswering", args.inputs);
  return runTask(
    visualQuestionAnsweringHelpers,
    { ...args, inputs },
    { ...options, task: "visual-question-answering" },
  );
}
