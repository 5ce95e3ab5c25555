import type { TaskDataCustom } from "../index.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Audio-text-to-text models take an audio clip together with a text prompt and answer in text: describe the sounds, answer a question about a recording, or follow spoken instructions. They pair an audio encoder with a language model, which makes them more flexible than a plain speech recognizer. This page is not written yet.",
};

export default taskData;
