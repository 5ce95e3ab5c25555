/** Predictions for each row of a table: a class (`tabularClassification`) or a value (`tabularRegression`). */
import { tabularClassificationHelpers, tabularRegressionHelpers } from "../../providers/index.js";
import type { BaseArgs } from "../../types.js";
import { taskFunction } from "../taskFunction.js";

/** A table's rows, column by column: column name → one string per row. */
interface TableInputs {
  inputs: { data: Record<string, string[]> };
}

export type TabularClassificationArgs = BaseArgs & TableInputs;
/** One prediction per row. */
export type TabularClassificationOutput = number[];
/** Predicts a class for each row of a table. */
export const tabularClassification = /* @__PURE__ */ taskFunction<
  TabularClassificationArgs,
  TabularClassificationOutput
>(tabularClassificationHelpers, "tabular-classification");

export type TabularRegressionArgs = BaseArgs & TableInputs;
/** One prediction per row. */
export type TabularRegressionOutput = number[];
/** Predicts a value for each row of a table. */
export const tabularRegression = /* @__PURE__ */ taskFunction<TabularRegressionArgs, TabularRegressionOutput>(
  tabularRegressionHelpers,
  "tabular-regression",
);
