import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "MS MARCO: real Bing queries with relevant passages; the standard training set for rerankers.",
      id: "microsoft/ms_marco",
    },
  ],
  demo: {
    inputs: [
      { label: "Source sentence", content: "What is the boiling point of water at sea level?", type: "text" },
      {
        label: "Sentences to compare to",
        content: "At sea level, water boils at 100 °C (212 °F).",
        type: "text",
      },
      { label: "", content: "Water covers about 71% of the Earth's surface.", type: "text" },
      { label: "", content: "At high altitude water boils at a lower temperature.", type: "text" },
    ],
    outputs: [
      {
        data: [
          { label: "At sea level, water boils at 100 °C (212 °F).", score: 0.97 },
          { label: "At high altitude water boils at a lower temperature.", score: 0.41 },
          { label: "Water covers about 71% of the Earth's surface.", score: 0.02 },
        ],
        type: "chart",
      },
    ],
  },
  metrics: [
    {
      description:
        "Normalized Discounted Cumulative Gain: rewards relevant documents placed near the top of the ranking.",
      id: "Normalized Discounted Cumulative Gain",
    },
    {
      description: "Mean Reciprocal Rank: the average of 1/rank of the first relevant document.",
      id: "Mean Reciprocal Rank",
    },
    {
      description: "Mean Average Precision: precision averaged over the positions of all relevant documents.",
      id: "Mean Average Precision",
    },
  ],
  models: [
    {
      description: "MiniLM cross-encoder trained on MS MARCO: a fast, accurate English reranker.",
      id: "cross-encoder/ms-marco-MiniLM-L6-v2",
    },
    {
      description: "GTE multilingual reranker: reranks passages in over 70 languages with long inputs.",
      id: "Alibaba-NLP/gte-multilingual-reranker-base",
    },
    {
      description: "GTE reranker on ModernBERT: an English reranker with an 8k-token context.",
      id: "Alibaba-NLP/gte-reranker-modernbert-base",
    },
  ],
  spaces: [],
  summary:
    "Text ranking scores how relevant each candidate text is to a query and orders them. Cross-encoder rerankers read the query and the candidate together, which is slower than comparing embeddings but more accurate, so they usually rerank the top results of a first-stage retriever. It improves search engines, question answering and retrieval for RAG.",
  widgetModels: ["cross-encoder/ms-marco-MiniLM-L6-v2"],
  youtubeId: "",
};

export default taskData;
