import type { TaskDataCustom } from "../types.js";

/**
 * The empty page every task starts from. Tasks without a written page are built from it and keep
 * `isPlaceholder: true`, so front ends can say the page is still to be written instead of showing blanks.
 */
const taskData: TaskDataCustom = {
  datasets: [],
  demo: {
    inputs: [],
    outputs: [],
  },
  isPlaceholder: true,
  metrics: [],
  models: [],
  spaces: [],
  summary: "",
  widgetModels: [],
  youtubeId: undefined,
  /**
   * The most general task this one is a special case of, e.g. text2text-generation for translation.
   * Pages that are not a special case leave it undefined.
   */
  canonicalId: undefined,
};

export default taskData;
