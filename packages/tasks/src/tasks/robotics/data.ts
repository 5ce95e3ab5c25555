import type { TaskDataCustom } from "../types.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Robotics models map what a robot senses (camera frames, joint states, language instructions) to the actions it should take next. They are trained from demonstrations or by reinforcement learning and are evaluated in simulation or on real hardware. This page is not written yet.",
};

export default taskData;
