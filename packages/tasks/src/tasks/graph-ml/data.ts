import type { TaskDataCustom } from "../types.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Graph machine learning covers models that learn from nodes, edges and their attributes: classifying molecules, predicting links in a social or knowledge graph, or regressing a property of a whole graph. Graph transformers and message-passing networks are the usual families. This page is not written yet.",
};

export default taskData;
