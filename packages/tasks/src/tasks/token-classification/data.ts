import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "CoNLL-2003: English news with person, location, organisation and miscellaneous entities.",
      id: "eriktks/conll2003",
    },
    {
      description: "WikiANN: named entities in 282 languages, built from Wikipedia links.",
      id: "unimelb-nlp/wikiann",
    },
  ],
  demo: {
    inputs: [
      {
        label: "Input",
        content: "Ada Lovelace worked with Charles Babbage in London on the Analytical Engine.",
        type: "text",
      },
    ],
    outputs: [
      {
        text: "Ada Lovelace worked with Charles Babbage in London on the Analytical Engine.",
        tokens: [
          { type: "PERSON", start: 0, end: 12 },
          { type: "PERSON", start: 25, end: 40 },
          { type: "LOCATION", start: 44, end: 50 },
          { type: "MISC", start: 58, end: 75 },
        ],
        type: "text-with-tokens",
      },
    ],
  },
  metrics: [
    {
      description: "Share of tokens with the correct tag; inflated by the many non-entity tokens.",
      id: "accuracy",
    },
    { description: "Share of true entities the model finds, with exact boundaries and type.", id: "recall" },
    { description: "Share of predicted entities that are correct.", id: "precision" },
    { description: "Entity-level F1, the standard NER metric.", id: "f1" },
  ],
  models: [
    {
      description: "BERT base fine-tuned on CoNLL-2003: a widely used English NER model.",
      id: "dslim/bert-base-NER",
    },
    {
      description: "XLM-RoBERTa large fine-tuned on English CoNLL-2003; transfers to other languages.",
      id: "FacebookAI/xlm-roberta-large-finetuned-conll03-english",
    },
    {
      description: "Recognises diseases, drugs, symptoms and other medical entities in clinical text.",
      id: "blaze999/Medical-NER",
    },
    { description: "Flair's English NER model with contextual string embeddings.", id: "flair/ner-english" },
  ],
  spaces: [
    {
      description: "Visualise the output of any spaCy pipeline: entities, dependencies and spans.",
      id: "spacy/gradio_pipeline_visualizer",
    },
  ],
  summary:
    "Token classification assigns a label to each token of a text. Named entity recognition tags people, places and organisations, and part-of-speech tagging labels grammatical roles. Outputs are spans with a type, a score and character offsets, used for information extraction, anonymisation and search indexing.",
  widgetModels: ["FacebookAI/xlm-roberta-large-finetuned-conll03-english"],
  youtubeId: "wVHdVlPScxA",
};

export default taskData;
