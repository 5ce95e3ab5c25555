import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Docmatix: 2.4 million images of PDF pages with 9.5 million generated question–answer pairs, for fine-tuning document models.",
      id: "HuggingFaceM4/Docmatix",
    },
    {
      description: "DocVQA: questions about scanned industry documents such as letters, forms and reports.",
      id: "eliolio/docvqa",
    },
  ],
  demo: {
    inputs: [
      { label: "Question", content: "What is the invoice number?", type: "text" },
      { filename: "document-question-answering-input.png", type: "img" },
    ],
    outputs: [{ label: "Answer", content: "INV-2048", type: "text" }],
  },
  metrics: [
    {
      description:
        "Average Normalized Levenshtein Similarity: gives partial credit for answers with small OCR-like spelling differences.",
      id: "anls",
    },
    {
      description: "Share of answers that match a reference answer exactly after normalisation.",
      id: "exact-match",
    },
  ],
  models: [
    {
      description:
        "LayoutLM fine-tuned on SQuAD and DocVQA: extracts the answer span from the OCR words of a document, using their positions.",
      id: "impira/layoutlm-document-qa",
    },
    {
      description: "LayoutLM fine-tuned on invoices: finds fields such as invoice number, dates and totals.",
      id: "impira/layoutlm-invoices",
    },
    {
      description:
        "UDOP large: unifies text, layout and image in one encoder-decoder for document understanding.",
      id: "microsoft/udop-large",
    },
    {
      description:
        "Pix2Struct fine-tuned on DocVQA: answers from the page pixels directly, with no separate OCR step.",
      id: "google/pix2struct-docvqa-large",
    },
  ],
  spaces: [
    {
      description: "Ask questions about uploaded PDFs and images with several document QA models.",
      id: "impira/docquery",
    },
    {
      description: "Pulls key fields out of invoices with a fine-tuned LayoutLM.",
      id: "impira/invoices",
    },
    {
      description: "Runs several document QA models on the same page and question to compare their answers.",
      id: "merve/compare_docvqa_models",
    },
  ],
  summary:
    "Document question answering answers questions about a document image, such as an invoice, a form or a scanned report. Models combine the text on the page with its layout, either from an OCR step or straight from the pixels, and return the answer with a confidence score. It automates data entry, invoice processing and search in scanned archives.",
  widgetModels: ["impira/layoutlm-invoices"],
  youtubeId: "",
};

export default taskData;
