import { InferenceClientInputError } from "../../errors.js";
import { base64FromBinary } from "../../utils/base64.js";

/** `{question, image}` with the image as base64, question first (as the servers expect). */
export async function questionAndImage(
  task: string,
  inputs: { question?: unknown; image?: unknown } | undefined,
): Promise<{ question: string; image: string }> {
  if (!(inputs?.image instanceof Blob)) {
    throw new InferenceClientInputError(`${task}: inputs.image must be a Blob`);
  }
  if (typeof inputs.question !== "string") {
    throw new InferenceClientInputError(`${task}: inputs.question must be a string`);
  }
  return { question: inputs.question, image: await base64FromBinary(inputs.image) };
}
