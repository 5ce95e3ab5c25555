import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "SQuAD 2.0: 150,000 questions on Wikipedia paragraphs, a third of which have no answer in the text.",
      id: "squad_v2",
    },
    {
      description: "Natural Questions: real Google search questions answered from full Wikipedia pages.",
      id: "natural_questions",
    },
  ],
  demo: {
    inputs: [
      { label: "Question", content: "Which river flows through Paris?", type: "text" },
      {
        label: "Context",
        content: "Paris is the capital of France. The Seine flows through the city from east to west.",
        type: "text",
      },
    ],
    outputs: [{ label: "Answer", content: "The Seine", type: "text" }],
  },
  metrics: [
    {
      description: "Share of predicted answers that exactly match a reference answer after normalisation.",
      id: "exact-match",
    },
    {
      description:
        "Token overlap between predicted and reference answers, as an F1 score; gives partial credit.",
      id: "f1",
    },
  ],
  models: [
    {
      description:
        "RoBERTa base fine-tuned on SQuAD 2.0: a robust extractive QA model that can say there is no answer.",
      id: "deepset/roberta-base-squad2",
    },
    {
      description: "DistilBERT fine-tuned on SQuAD: small and fast extractive question answering.",
      id: "distilbert/distilbert-base-cased-distilled-squad",
    },
    {
      description: "TAPAS fine-tuned on WikiTableQuestions: answers questions about tables.",
      id: "google/tapas-base-finetuned-wtq",
    },
  ],
  spaces: [
    {
      description: "Answers questions from Wikipedia with a retriever and a reader model.",
      id: "deepset/wikipedia-assistant",
    },
  ],
  summary:
    "Question answering models answer a question from a given context. Extractive models return the span of the context that answers it, with its position and a score, while generative models write the answer. It powers FAQ bots, document search and assistants that must cite their source text.",
  widgetModels: ["deepset/roberta-base-squad2"],
  youtubeId: "ajPx5LwJD-I",
};

export default taskData;
