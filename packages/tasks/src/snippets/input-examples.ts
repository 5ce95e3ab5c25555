/*
 * Example inputs per task, as structured values. `getModelInputSnippet` turns them into the code
 * fragments snippets embed; snippet generators may also read them directly.
 *
 * File names refer to the demo files every snippet expects next to it (cats.jpg, cat.png,
 * sample1.flac). Texts are ours, except where they must match what users of the reference see in
 * fixtures: the tabular fish measurements and the two chat examples.
 */
import type { ChatCompletionInputMessage } from "../tasks/chat-completion/inference.js";
import type { WidgetType } from "../pipelines.js";

/** Stands for the model's mask token in the fill-mask example. */
export const MASK_TOKEN_PLACEHOLDER = "<mask>";

export type ModelInputExample =
  /** A text prompt. `candidateLabels` is set for zero-shot tasks, whose requests need labels. */
  | { type: "text"; text: string; candidateLabels?: string[] }
  /** The name of a local image or audio file the snippet reads and sends. */
  | { type: "file"; filename: string; mediaType: "image" | "audio"; candidateLabels?: string[] }
  /** A JSON object sent as the `inputs` of the request. */
  | { type: "json"; value: Record<string, unknown> }
  /** Column name → values, one value per row. Sent as a JSON string. */
  | { type: "tabular"; data: Record<string, (string | number)[]> }
  /** A chat conversation, for conversational models. */
  | { type: "messages"; messages: ChatCompletionInputMessage[] };

const IMAGE = { type: "file", filename: "cats.jpg", mediaType: "image" } as const;
const AUDIO = { type: "file", filename: "sample1.flac", mediaType: "audio" } as const;

/**
 * Example input for every task with an inference route. "conversational" is a text chat;
 * "image-text-to-text" a chat with an image. Fill-mask text contains MASK_TOKEN_PLACEHOLDER.
 */
export const INPUT_EXAMPLES: Partial<Record<WidgetType, ModelInputExample>> = {
  "audio-classification": AUDIO,
  "audio-to-audio": AUDIO,
  "automatic-speech-recognition": AUDIO,
  "depth-estimation": IMAGE,
  "document-question-answering": {
    type: "json",
    value: { image: "cat.png", question: "What does the text in this image say?" },
  },
  "feature-extraction": { type: "text", text: "The quick brown fox jumps over the lazy dog." },
  "fill-mask": {
    type: "text",
    text: `Machine learning models learn patterns from ${MASK_TOKEN_PLACEHOLDER}.`,
  },
  "image-classification": IMAGE,
  "image-feature-extraction": IMAGE,
  "image-segmentation": IMAGE,
  "image-to-image": {
    type: "json",
    value: { image: "cat.png", prompt: "Make it look like a watercolour painting." },
  },
  "image-to-text": IMAGE,
  "image-to-video": {
    type: "json",
    value: { image: "cat.png", prompt: "The cat slowly turns its head and blinks." },
  },
  "image-text-to-image": {
    type: "json",
    value: { image: "cat.png", prompt: "Give the cat a small red scarf." },
  },
  "image-text-to-video": {
    type: "json",
    value: { image: "cat.png", prompt: "The cat stretches, then walks out of the frame." },
  },
  "object-detection": IMAGE,
  "question-answering": {
    type: "json",
    value: {
      question: "Which sea does the Thames flow into?",
      context:
        "The Thames rises in the Cotswolds, flows through Oxford and London, and empties into the North Sea.",
    },
  },
  "sentence-similarity": {
    type: "json",
    value: {
      source_sentence: "A man is playing a guitar.",
      sentences: [
        "Someone is playing an instrument.",
        "A woman is slicing an onion.",
        "The guitar is being played by a man.",
      ],
    },
  },
  summarization: {
    type: "text",
    text:
      "The Great Barrier Reef, off the coast of Queensland in north-eastern Australia, is the largest coral " +
      "reef system on Earth. It stretches for more than 2,300 kilometres and is made up of nearly 3,000 " +
      "individual reefs and some 900 islands. The reef is built by billions of tiny organisms called coral " +
      "polyps and is home to thousands of species of fish, molluscs and sea turtles. It was declared a " +
      "World Heritage Site in 1981, and rising sea temperatures have caused several mass bleaching events since.",
  },
  // Cells are strings: table question answering models tokenise every cell as text.
  "table-question-answering": {
    type: "json",
    value: {
      query: "Which city has the largest population?",
      table: {
        City: ["Tokyo", "Delhi", "Shanghai"],
        Country: ["Japan", "India", "China"],
        "Population (millions)": ["37.4", "32.9", "29.2"],
      },
    },
  },
  "tabular-classification": {
    type: "tabular",
    data: {
      Height: [11.52, 12.48],
      Length1: [23.2, 24.0],
      Length2: [25.4, 26.3],
      Species: ["Bream", "Bream"],
    },
  },
  "tabular-regression": {
    type: "tabular",
    data: {
      Height: [11.52, 12.48],
      Length1: [23.2, 24.0],
      Length2: [25.4, 26.3],
      Species: ["Bream", "Bream"],
    },
  },
  "text-classification": { type: "text", text: "This restaurant exceeded all my expectations." },
  "text-generation": {
    type: "text",
    text: "The three things every beginner should know about bread baking are",
  },
  "text-to-audio": { type: "text", text: "gentle rain on a tin roof with distant thunder" },
  "text-to-image": { type: "text", text: "A red fox reading a book under an oak tree, watercolour" },
  "text-to-speech": {
    type: "text",
    text: "Hello! This sentence was read aloud by a speech synthesis model.",
  },
  "text-to-video": { type: "text", text: "A sailboat gliding across a calm lake at sunset" },
  "text2text-generation": { type: "text", text: "Translate English to German: Where is the train station?" },
  "token-classification": { type: "text", text: "My name is Amelia and I work at the Louvre in Paris." },
  translation: { type: "text", text: "Je voudrais réserver une table pour deux personnes ce soir." },
  "visual-question-answering": {
    type: "json",
    value: { image: "cat.png", question: "What animal is in this picture?" },
  },
  "zero-shot-classification": {
    type: "text",
    text: "I ordered a laptop two weeks ago and it still has not arrived.",
    candidateLabels: ["delivery", "billing", "product quality"],
  },
  "zero-shot-image-classification": { ...IMAGE, candidateLabels: ["cat", "dog", "llama"] },
  "zero-shot-object-detection": { ...IMAGE, candidateLabels: ["cat", "remote control"] },
  conversational: {
    type: "messages",
    messages: [{ role: "user", content: "What is the capital of France?" }],
  },
  "image-text-to-text": {
    type: "messages",
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: "Describe this image in one sentence." },
          {
            type: "image_url",
            image_url: {
              url: "https://cdn.britannica.com/61/93061-050-99147DCE/Statue-of-Liberty-Island-New-York-Bay.jpg",
            },
          },
        ],
      },
    ],
  },
};
