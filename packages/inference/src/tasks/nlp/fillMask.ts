import type { FillMaskInput, FillMaskOutput } from "@hubkit/tasks";
import { runTask } from "../../lib/request.js";
import { fillMaskHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type FillMaskArgs = BaseArgs & FillMaskInput;

/** Fills the model's mask token in a text, with the likeliest candidates. */
export async function fillMask(args: FillMaskArgs, options?: Options): Promise<FillMaskOutput> {
  return runTask(fillMaskHelpers, args, { ...options, task: "fill-mask" });
}
