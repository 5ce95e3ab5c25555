import { runTask } from "../../lib/request.js";
import { tabularRegressionHelpers } from "../../providers/index.js";
import type { BaseArgs, Options } from "../../types.js";

export type TabularRegressionArgs = BaseArgs & {
  /** The table's rows, column by column: column name → one string per row. */
  inputs: { data: Record<string, string[]> };
};

/** One prediction per row. */
export type TabularRegressionOutput = number[];

/** Predicts a value for each row of a table. */
export async function tabularRegression(
  args: TabularRegressionArgs,
  options?: Options,
): Promise<TabularRegressionOutput> {
  return runTask(tabularRegressionHelpers, args, { ...options, task: "tabular-regression" });
}
