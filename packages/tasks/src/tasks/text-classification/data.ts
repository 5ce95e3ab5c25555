import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "GLUE: nine English sentence-understanding tasks, including sentiment (SST-2) and entailment (MNLI).",
      id: "nyu-mll/glue",
    },
    {
      description: "SNLI: 570,000 sentence pairs labelled entailment, contradiction or neutral.",
      id: "stanfordnlp/snli",
    },
  ],
  demo: {
    inputs: [
      { label: "Input", content: "The battery lasts all day and the screen is gorgeous.", type: "text" },
    ],
    outputs: [
      {
        data: [
          { label: "POSITIVE", score: 0.998 },
          { label: "NEGATIVE", score: 0.002 },
        ],
        type: "chart",
      },
    ],
  },
  metrics: [
    { description: "Share of texts assigned the correct label.", id: "accuracy" },
    { description: "Share of the texts of a class that the model finds.", id: "recall" },
    { description: "Share of the model's predictions for a class that are correct.", id: "precision" },
    { description: "Harmonic mean of precision and recall; preferred with imbalanced classes.", id: "f1" },
  ],
  models: [
    {
      description: "DistilBERT fine-tuned on SST-2: fast, accurate binary sentiment for English.",
      id: "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
    },
    {
      description: "FinBERT: sentiment of financial news and reports (positive, negative, neutral).",
      id: "ProsusAI/finbert",
    },
    {
      description: "RoBERTa trained on tweets for three-way sentiment of social media posts.",
      id: "cardiffnlp/twitter-roberta-base-sentiment-latest",
    },
    {
      description: "XLM-RoBERTa fine-tuned to identify which of 20 languages a text is written in.",
      id: "papluca/xlm-roberta-base-language-detection",
    },
    {
      description: "Prompt Guard: flags prompt injections and jailbreak attempts sent to an LLM.",
      id: "meta-llama/Prompt-Guard-86M",
    },
  ],
  spaces: [
    {
      description: "Combines sentiment of financial news with stock data to assist trading decisions.",
      id: "IoannisTr/Tech_Stocks_Trading_Assistant",
    },
    {
      description: "Several NLP tasks in one app, including sentiment and emotion classification.",
      id: "miesnerjacob/Multi-task-NLP",
    },
    {
      description: "spaCy pipeline that classifies health effects mentioned in supplement reviews.",
      id: "spacy/healthsea-demo",
    },
  ],
  summary:
    "Text classification assigns a label to a text, such as its sentiment, topic, language or whether it is spam. The model returns a score per label, learnt from labelled examples. It is one of the most used NLP tasks: routing support tickets, moderating content, analysing reviews and guarding LLM inputs.",
  widgetModels: ["distilbert/distilbert-base-uncased-finetuned-sst-2-english"],
  youtubeId: "leNG9fN9FQU",
};

export default taskData;
