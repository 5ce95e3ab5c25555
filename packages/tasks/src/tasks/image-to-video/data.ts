import type { TaskDataCustom } from "../index.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Image-to-video models animate a still image into a short clip, optionally steered by a text prompt that describes the motion. The first frame stays faithful to the input while the model invents plausible movement for the frames that follow. This page is not written yet.",
};

export default taskData;
