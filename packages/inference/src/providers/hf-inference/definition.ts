import { defineListing, defineProvider, defineTasks } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "hf-inference",
  // Lives on the router: a redirected router carries it along (see providerBase).
  baseUrl: "https://router.huggingface.co/hf-inference",
  routed: true,
});

export const tasks = /* @__PURE__ */ defineTasks(definition, {
  tasks: [
    "text-to-image",
    "conversational",
    "text-generation",
    "text-classification",
    "question-answering",
    "audio-classification",
    "automatic-speech-recognition",
    "fill-mask",
    "feature-extraction",
    "image-classification",
    "image-segmentation",
    "document-question-answering",
    "image-to-text",
    "object-detection",
    "audio-to-audio",
    "zero-shot-image-classification",
    "zero-shot-classification",
    "image-to-image",
    "sentence-similarity",
    "table-question-answering",
    "tabular-classification",
    "text-to-speech",
    "token-classification",
    "translation",
    "summarization",
    "visual-question-answering",
    "tabular-regression",
    "text-to-audio",
  ],
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "hf-inference",
});
