import type { TaskDataCustom } from "../types.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Tabular-to-text models describe rows of tabular data in natural language, for instance summarizing a patient record or explaining a prediction made from a feature table. This page is not written yet.",
};

export default taskData;
