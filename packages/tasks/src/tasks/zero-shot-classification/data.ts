import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "GLUE: nine sentence and sentence-pair tasks, including the MNLI and RTE entailment sets that NLI-based zero-shot classifiers are trained on.",
      id: "nyu-mll/glue",
    },
    {
      description:
        "MultiNLI: 433,000 premise–hypothesis pairs across ten genres labelled entailment, neutral or contradiction; the standard training set for zero-shot classifiers.",
      id: "nyu-mll/multi_nli",
    },
    {
      description:
        "FEVER: claims checked against Wikipedia as supported, refuted or not enough information, often added to NLI training to make classifiers more robust.",
      id: "fever/fever",
    },
  ],
  demo: {
    inputs: [
      {
        label: "Text Input",
        content: "The new update drains my phone battery in two hours and the app keeps crashing.",
        type: "text",
      },
      {
        label: "Candidate Labels",
        content: "BUG REPORT, FEATURE REQUEST, PRAISE",
        type: "text",
      },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          {
            label: "BUG REPORT",
            score: 0.94,
          },
          {
            label: "FEATURE REQUEST",
            score: 0.05,
          },
          {
            label: "PRAISE",
            score: 0.01,
          },
        ],
      },
    ],
  },
  metrics: [
    {
      description:
        "Share of texts whose highest-scoring candidate label is the correct one; meaningful when every text has exactly one true label.",
      id: "accuracy",
    },
    {
      description:
        "Harmonic mean of precision and recall, computed per label and averaged; the better choice with multi_label=true or imbalanced labels.",
      id: "f1",
    },
  ],
  models: [
    {
      description:
        "BART-large fine-tuned on MultiNLI: the reference NLI zero-shot classifier, reliable for English text and any set of labels.",
      id: "facebook/bart-large-mnli",
    },
    {
      description:
        "ModernBERT-large trained on a broad mix of NLI and classification data; handles long inputs (8k tokens) and is fast on modern GPUs.",
      id: "MoritzLaurer/ModernBERT-large-zeroshot-v2.0",
    },
    {
      description:
        "GLiClass on ModernBERT: scores all candidate labels in a single forward pass instead of one pass per label, so it stays fast with many labels.",
      id: "knowledgator/gliclass-modern-base-v2.0-init",
    },
  ],
  spaces: [
    {
      description:
        "Classic zero-shot topic classification demo: paste a text, type your labels, get a score for each.",
      id: "joeddav/zero-shot-demo",
    },
    {
      description:
        "Sandbox for the GLiClass models: try single- and multi-label classification with your own labels.",
      id: "knowledgator/GLiClass_SandBox",
    },
    {
      description: "Zero-shot text classification running fully in the browser with Transformers.js.",
      id: "Xenova/zero-shot-classification-demo",
    },
  ],
  summary:
    "Zero-shot classification assigns a text to labels that are chosen at inference time, with no training examples for them. Most models recast the task as natural language inference: each label becomes a hypothesis such as “This text is about {label}.” and the model scores how strongly the text entails it. It is the quickest way to route tickets, tag content or prototype a classifier before any data is labelled.",
  widgetModels: ["facebook/bart-large-mnli"],
};

export default taskData;
