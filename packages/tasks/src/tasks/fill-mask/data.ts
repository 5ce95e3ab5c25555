import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "Cleaned Wikipedia articles; a standard pretraining corpus for masked language models.",
      id: "wikipedia",
    },
    {
      description:
        "C4: the Colossal Clean Crawled Corpus, hundreds of gigabytes of filtered English web text.",
      id: "c4",
    },
  ],
  demo: {
    inputs: [{ label: "Input", content: "The capital of Italy is <mask>.", type: "text" }],
    outputs: [
      {
        data: [
          { label: "Rome", score: 0.92 },
          { label: "Milan", score: 0.03 },
          { label: "Florence", score: 0.02 },
        ],
        type: "chart",
      },
    ],
  },
  metrics: [
    {
      description:
        "Cross-entropy between the predicted token distribution and the true masked token. Lower is better.",
      id: "cross_entropy",
    },
    {
      description:
        "Perplexity: the exponential of the cross-entropy, roughly how many tokens the model hesitates between.",
      id: "perplexity",
    },
  ],
  models: [
    {
      description:
        "ModernBERT large: an encoder with an 8k-token context and modern architecture, faster and stronger than BERT-style models.",
      id: "answerdotai/ModernBERT-large",
    },
    {
      description: "XLM-RoBERTa base: a multilingual masked language model trained on 100 languages.",
      id: "FacebookAI/xlm-roberta-base",
    },
  ],
  spaces: [],
  summary:
    "Fill-mask models predict the word hidden behind a mask token in a sentence, returning the most likely candidates with scores. Masked language modelling is how encoder models such as BERT are pretrained, so this task shows what such a model has learnt. The same models are then fine-tuned for classification, entity recognition or retrieval.",
  widgetModels: ["distilroberta-base"],
  youtubeId: "mqElG5QJWUg",
};

export default taskData;
