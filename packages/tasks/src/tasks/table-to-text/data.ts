import type { TaskDataCustom } from "../types.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Table-to-text models turn a structured table into fluent sentences, for example a short report from a sports box score or a product description from a specification sheet. The challenge is to stay faithful to the cells while writing natural prose. This page is not written yet.",
};

export default taskData;
