import type { SentenceSimilarityInput, SentenceSimilarityOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { sentenceSimilarityHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type SentenceSimilarityArgs = BaseArgs & SentenceSimilarityInput;

/** Similarity of a source sentence to each of several others. */
export async function sentenceSimilarity(
  args: SentenceSimilarityArgs,
  options?: Options,
): Promise<SentenceSimilarityOutput> {
  return runTask(sentenceSimilarityHelpers, args, { ...options, task: "sentence-similarity" });
}
