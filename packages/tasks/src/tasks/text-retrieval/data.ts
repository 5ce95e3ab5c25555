import type { TaskDataCustom } from "../types.js";
import placeholder from "../placeholder/data.js";

// No page has been written for this task yet: it keeps the placeholder's empty lists and only says what it is.
const taskData: TaskDataCustom = {
  ...placeholder,
  summary:
    "Text retrieval finds the passages of a large collection that are relevant to a query. Dense bi-encoders embed queries and documents into one vector space so that a nearest-neighbour search returns the best candidates, which a reranker can then reorder. This page is not written yet.",
};

export default taskData;
