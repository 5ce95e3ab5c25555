import type { TaskDataCustom } from "../types.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Time series forecasting predicts the next values of one or more series from their history, for example energy demand, sales or sensor readings. Pretrained forecasting models can give zero-shot forecasts with uncertainty ranges for series they have never seen. This page is not written yet.",
};

export default taskData;
