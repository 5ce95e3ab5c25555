import type { TaskDataCustom } from "../index.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Visual document retrieval finds the pages of a document collection that answer a text query by looking at page images directly, without OCR. Multi-vector models embed each page screenshot and score it against the query tokens, which keeps tables, figures and layout in the search. This page is not written yet.",
};

export default taskData;
