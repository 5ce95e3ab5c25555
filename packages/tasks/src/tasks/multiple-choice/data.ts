import type { TaskDataCustom } from "../types.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Multiple choice models pick the right answer among a fixed set of candidates, given a question and optionally a context passage. Each (question, candidate) pair is scored and the candidate with the highest score wins. This page is not written yet.",
};

export default taskData;
