import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  canonicalId: "text-generation",
  datasets: [
    {
      description:
        "MLSUM: 1.5 million news articles with summaries in French, German, Spanish, Russian and Turkish.",
      id: "mlsum",
    },
    { description: "SAMSum: 16,000 messenger-style dialogues with human-written summaries.", id: "samsum" },
  ],
  demo: {
    inputs: [
      {
        label: "Input",
        content:
          "The city council voted on Tuesday to convert the old railway depot into a public library. Construction starts in spring and should take two years. The project is funded by a regional grant and private donations, and the building will keep its original brick facade.",
        type: "text",
      },
    ],
    outputs: [
      {
        label: "Output",
        content:
          "The council approved turning the old railway depot into a library; the two-year, grant-funded works start in spring.",
        type: "text",
      },
    ],
  },
  metrics: [
    {
      description:
        "ROUGE: n-gram and longest-common-subsequence overlap between generated and reference summaries.",
      id: "rouge",
    },
  ],
  models: [
    {
      description: "BART large fine-tuned on CNN/Daily Mail: solid abstractive summaries of news articles.",
      id: "facebook/bart-large-cnn",
    },
    { description: "T5 fine-tuned to summarise medical texts.", id: "Falconsai/medical_summarization" },
  ],
  spaces: [
    {
      description: "Summarises long documents in chunks with long-context models.",
      id: "pszemraj/summarize-long-text",
    },
    {
      description: "Summarises terms-of-service documents with DistilBART.",
      id: "ml6team/distilbart-tos-summarizer-tosdr",
    },
    {
      description: "Summarises uploaded documents with a choice of models.",
      id: "pszemraj/document-summarization",
    },
    {
      description: "Checks generated summaries for facts that are not in the source.",
      id: "ml6team/post-processing-summarization",
    },
  ],
  summary:
    "Summarization produces a shorter version of a document that keeps its key information. Extractive methods select sentences from the text, while abstractive models write new sentences. It is used for news digests, meeting and chat recaps, and quickly triaging long reports.",
  widgetModels: ["facebook/bart-large-cnn"],
  youtubeId: "yHnr5Dk2zCI",
};

export default taskData;
