import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "ColPali training set: page images paired with queries, for training visual retrievers.",
      id: "vidore/colpali_train_set",
    },
  ],
  demo: {
    inputs: [
      { filename: "input.png", type: "img" },
      { label: "Question", content: "Which page shows the invoice total?", type: "text" },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "Page 3 (invoice)", score: 0.82 },
          { label: "Page 1 (cover letter)", score: 0.11 },
          { label: "Page 7 (terms)", score: 0.07 },
        ],
      },
    ],
  },
  metrics: [
    {
      description: "nDCG@K: rewards putting the relevant pages near the top of the first K results.",
      id: "Normalized Discounted Cumulative Gain at K",
    },
  ],
  models: [
    {
      description: "ColQwen2: multi-vector page embeddings on a Qwen2-VL backbone, in the ColPali style.",
      id: "vidore/colqwen2-v1.0",
    },
    {
      description: "OmniEmbed: one embedding model for text, images, audio and video documents.",
      id: "Tevatron/OmniEmbed-v0.1",
    },
  ],
  spaces: [
    { description: "The ViDoRe leaderboard of visual document retrievers.", id: "vidore/vidore-leaderboard" },
    {
      description: "Search your own PDFs by page image and answer questions over the hits.",
      id: "vidore/visual-rag-tool",
    },
  ],
  summary:
    "Visual document retrieval finds the pages of a document collection that answer a text query by looking at page images directly, without OCR. Multi-vector models embed each page screenshot and score it against the query tokens, which keeps tables, figures and layout in the search; the pages found can then be handed to a vision-language model to answer the question.",
  widgetModels: [""],
  youtubeId: "",
};

export default taskData;
