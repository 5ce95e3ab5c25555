import { runTask } from "../../lib/request.js";
import { tabularClassificationHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type TabularClassificationArgs = BaseArgs & {
  /** The table's rows, column by column: column name → one string per row. */
  inputs: { data: Record<string, string[]> };
};

/** One prediction per row. */
export type TabularClassificationOutput = number[];

/** Predicts a class for each row of a table. */
export async function tabularClassification(
  args: TabularClassificationArgs,
  options?: Options,
): Promise<TabularClassificationOutput> {
  return runTask(tabularClassificationHelpers, args, { ...options, task: "tabular-classification" });
}
