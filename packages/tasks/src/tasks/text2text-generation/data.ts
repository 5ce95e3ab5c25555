import type { TaskDataCustom } from "../types.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Text2text generation covers encoder-decoder models that read an input text and write a new one: translation, summarization, paraphrasing or answering a question. One model can do several of these when the task is stated in the prompt. This page is not written yet.",
};

export default taskData;
