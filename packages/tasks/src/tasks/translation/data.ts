import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  canonicalId: "text-generation",
  datasets: [
    {
      description: "OPUS Books: aligned sentences from copyright-free books in many language pairs.",
      id: "Helsinki-NLP/opus_books",
    },
    {
      description: "CodeXGLUE code-to-code translation between Java and C#.",
      id: "google/code_x_glue_cc_code_to_code_trans",
    },
  ],
  demo: {
    inputs: [{ label: "Input", content: "The museum opens at nine in the morning.", type: "text" }],
    outputs: [{ label: "Output", content: "Le musée ouvre à neuf heures du matin.", type: "text" }],
  },
  metrics: [
    { description: "BLEU: n-gram overlap between the translation and one or more references.", id: "bleu" },
    {
      description: "SacreBLEU: BLEU with standardised tokenisation, so scores are comparable across papers.",
      id: "sacrebleu",
    },
  ],
  models: [
    {
      description:
        "NLLB-200 1.3B: translates directly between any pair of 200 languages, including low-resource ones.",
      id: "facebook/nllb-200-1.3B",
    },
    {
      description:
        "T5 base: a text-to-text model that translates English to French, German and Romanian via a task prefix.",
      id: "google-t5/t5-base",
    },
  ],
  spaces: [
    { description: "Translate between 100 languages with M2M100.", id: "Iker/Translate-100-languages" },
    { description: "Translate with NLLB-200.", id: "Geonmo/nllb-translation-demo" },
  ],
  summary:
    "Translation converts a text from one language into another while keeping its meaning. Multilingual encoder-decoder models handle hundreds of language pairs, usually with the source and target languages given as parameters. It is used for localisation, cross-lingual search and communication.",
  widgetModels: ["facebook/mbart-large-50-many-to-many-mmt"],
  youtubeId: "1JvfrvZgi6c",
};

export default taskData;
