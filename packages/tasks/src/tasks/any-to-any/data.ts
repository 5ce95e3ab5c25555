import type { TaskDataCustom } from "../index.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Any-to-any models accept and produce several modalities through one network: for example text, images and audio in, text and speech out. They are usually large multimodal transformers that share one token space across modalities, so a single checkpoint can caption, answer, transcribe or talk back. This page is not written yet.",
};

export default taskData;
