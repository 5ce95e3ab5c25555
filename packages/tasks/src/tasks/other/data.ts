import type { TaskDataCustom } from "../types.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Models that do not fit any of the listed tasks land here: custom heads, research prototypes, or tools whose outputs are not covered by a standard pipeline. Check each model card to learn what it expects and returns. This page is not written yet.",
};

export default taskData;
