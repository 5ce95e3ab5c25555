import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "WikiTableQuestions: complex questions over Wikipedia tables that need lookups, counting and comparison.",
      id: "wikitablequestions",
    },
    { description: "WikiSQL: questions paired with SQL queries over Wikipedia tables.", id: "wikisql" },
  ],
  demo: {
    inputs: [
      {
        table: [
          ["City", "Country", "Population (millions)"],
          ["Tokyo", "Japan", "37.2"],
          ["Delhi", "India", "32.9"],
          ["Shanghai", "China", "29.2"],
        ],
        type: "tabular",
      },
      { label: "Question", content: "Which city has the largest population?", type: "text" },
    ],
    outputs: [{ label: "Result", content: "Tokyo", type: "text" }],
  },
  metrics: [
    {
      description: "Share of questions whose predicted answer (the denotation) equals the reference answer.",
      id: "Denotation Accuracy",
    },
  ],
  models: [
    {
      description:
        "TAPEX base: a BART model pretrained to execute SQL over tables, fine-tunable for table QA.",
      id: "microsoft/tapex-base",
    },
    {
      description:
        "TAPAS base fine-tuned on WikiTableQuestions: selects cells and an aggregation such as SUM or COUNT.",
      id: "google/tapas-base-finetuned-wtq",
    },
  ],
  spaces: [{ description: "Ask questions about an uploaded CSV table.", id: "katanaml/table-query" }],
  summary:
    "Table question answering answers a natural-language question from the contents of a table. Models select the relevant cells and, when needed, an aggregation such as a sum, an average or a count. It lets people query spreadsheets and databases without writing SQL.",
  widgetModels: ["google/tapas-base-finetuned-wtq"],
};

export default taskData;
