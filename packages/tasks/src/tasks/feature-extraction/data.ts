import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Cleaned Wikipedia articles in many languages; a common corpus for pretraining text encoders.",
      id: "wikipedia",
    },
  ],
  demo: {
    inputs: [{ label: "Input", content: "Embeddings map text to vectors.", type: "text" }],
    outputs: [
      {
        table: [
          ["Dimension 1", "Dimension 2", "Dimension 3"],
          ["0.0412", "-0.1180", "0.2675"],
          ["-0.0936", "0.0521", "0.1893"],
          ["0.1547", "-0.0078", "-0.0614"],
        ],
        type: "tabular",
      },
    ],
  },
  metrics: [],
  models: [
    {
      description:
        "GTE large: a general-purpose English embedding model with strong MTEB retrieval and clustering scores.",
      id: "thenlper/gte-large",
    },
    {
      description:
        "GTE on Qwen1.5 7B: an instruction-aware embedding model built on an LLM, with a 32k-token context.",
      id: "Alibaba-NLP/gte-Qwen1.5-7B-instruct",
    },
  ],
  spaces: [
    {
      description:
        "MTEB leaderboard: compares embedding models on retrieval, clustering, classification and more.",
      id: "mteb/leaderboard",
    },
    {
      description:
        "MTEB Arena: vote for the embedding model that retrieves the better result for your query.",
      id: "mteb/arena",
    },
  ],
  summary:
    "Feature extraction turns a text into a vector of numbers (an embedding) that captures its meaning. The vectors feed semantic search, clustering, deduplication and retrieval-augmented generation, or serve as inputs to a small downstream classifier. Output is one vector per text, or one per token for models without pooling.",
  widgetModels: ["facebook/bart-base"],
};

export default taskData;
