import type { TaskDataCustom } from "../types.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Voice activity detection finds the segments of an audio stream that contain speech. It is a cheap first step before speech recognition or speaker diarization, and it lets streaming systems skip silence and background noise. This page is not written yet.",
};

export default taskData;
