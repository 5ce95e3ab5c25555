import type { TaskDataCustom } from "../types.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Text-to-audio models generate sound from a text description: music, sound effects or speech. Text-to-speech is the special case where the audio is a voice reading the text. This page is not written yet.",
};

export default taskData;
