import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "MS MARCO: real Bing queries with relevant passages, the standard training set for retrieval embeddings.",
      id: "microsoft/ms_marco",
    },
  ],
  demo: {
    inputs: [
      { label: "Source sentence", content: "How do I reset my password?", type: "text" },
      { label: "Sentences to compare to", content: "Steps to change a forgotten password", type: "text" },
      { label: "", content: "Our office is closed on public holidays", type: "text" },
      { label: "", content: "Recovering access to your account", type: "text" },
    ],
    outputs: [
      {
        data: [
          { label: "Steps to change a forgotten password", score: 0.84 },
          { label: "Recovering access to your account", score: 0.71 },
          { label: "Our office is closed on public holidays", score: 0.08 },
        ],
        type: "chart",
      },
    ],
  },
  metrics: [
    {
      description: "Mean Reciprocal Rank: the average of 1/rank of the first relevant result over queries.",
      id: "Mean Reciprocal Rank",
    },
    {
      description: "Cosine of the angle between two embeddings; 1 means same direction, i.e. same meaning.",
      id: "Cosine Similarity",
    },
  ],
  models: [
    {
      description: "all-mpnet-base-v2: a reliable general-purpose English sentence embedding model.",
      id: "sentence-transformers/all-mpnet-base-v2",
    },
    {
      description:
        "BGE-M3: multilingual embeddings with dense, sparse and multi-vector outputs and 8k-token inputs.",
      id: "BAAI/bge-m3",
    },
    {
      description:
        "KaLM embedding mini instruct: a small multilingual embedding model that takes task instructions.",
      id: "HIT-TMG/KaLM-embedding-multilingual-mini-instruct-v1.5",
    },
  ],
  spaces: [
    {
      description: "Ask questions about a YouTube video by searching its transcript semantically.",
      id: "Gradio-Blocks/Ask_Questions_To_YouTube_Videos",
    },
    {
      description: "Find PubMed abstracts related to a query with sentence embeddings.",
      id: "Gradio-Blocks/pubmed-abstract-retriever",
    },
    {
      description: "Summarises articles and finds the sentences most similar to a query.",
      id: "nickmuchi/article-text-summarizer",
    },
    {
      description: "Semantic search over a corpus with Sentence Transformers.",
      id: "sentence-transformers/Sentence_Transformers_for_semantic_search",
    },
  ],
  summary:
    "Sentence similarity measures how close in meaning two texts are. Models embed each text as a vector and compare the vectors, usually with cosine similarity, so a source sentence can be scored against many candidates at once. It underlies semantic search, duplicate detection, clustering and retrieval for RAG.",
  widgetModels: ["sentence-transformers/all-MiniLM-L6-v2"],
  youtubeId: "VCZq5AkbNEU",
};

export default taskData;
