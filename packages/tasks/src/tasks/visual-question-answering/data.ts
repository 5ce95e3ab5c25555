import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "VQA v2: open-ended questions about COCO images, each with ten human answers; balanced so that the image, not language priors, decides the answer.",
      id: "Graphcore/vqa",
    },
    {
      description:
        "TextVQA: questions that can only be answered by reading the text in the image, such as signs, labels and brand names.",
      id: "facebook/textvqa",
    },
  ],
  demo: {
    inputs: [
      {
        filename: "elephant.png",
        type: "img",
      },
      {
        label: "Question",
        content: "What animal is standing in the grass?",
        type: "text",
      },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          {
            label: "elephant",
            score: 0.962,
          },
          {
            label: "elephants",
            score: 0.021,
          },
          {
            label: "rhino",
            score: 0.007,
          },
        ],
      },
    ],
  },
  isPlaceholder: false,
  metrics: [
    {
      description:
        "VQA accuracy: an answer counts as fully correct when at least three of the ten annotators gave it, which tolerates some disagreement between people.",
      id: "accuracy",
    },
    {
      description:
        "Wu-Palmer similarity gives partial credit to answers that are semantically close in WordNet, e.g. “puppy” for “dog”, instead of scoring them as plain misses.",
      id: "wu-palmer similarity",
    },
  ],
  models: [
    {
      description:
        "DePlot turns a chart or plot into its underlying data table, so a language model can then answer numeric questions about it.",
      id: "google/deplot",
    },
    {
      description:
        "MatCha: Pix2Struct pretrained on chart derendering and math reasoning; the base to fine-tune for questions about charts and infographics.",
      id: "google/matcha-base",
    },
    {
      description:
        "Pix2Struct fine-tuned on OCR-VQA: answers questions about book covers by reading their text.",
      id: "google/pix2struct-ocrvqa-large",
    },
    {
      description:
        "ViLT fine-tuned on VQA v2: a small, fast transformer that scores a fixed vocabulary of answers, ideal for natural photos.",
      id: "dandelin/vilt-b32-finetuned-vqa",
    },
  ],
  spaces: [
    {
      description: "Try the Pix2Struct checkpoints on charts, documents, screenshots and book covers.",
      id: "merve/pix2struct",
    },
    {
      description: "Ask ViLT questions about your own images and see its top answers with scores.",
      id: "nielsr/vilt-vqa",
    },
    {
      description: "BLIP demo for both image captioning and open-ended visual question answering.",
      id: "Salesforce/BLIP",
    },
    {
      description:
        "Builds a text-to-image prompt for a picture by asking a VQA model a series of questions about it.",
      id: "vumichien/Img2Prompt",
    },
  ],
  summary:
    "Visual question answering answers a natural-language question about an image: what an object is, how many there are, what a sign says or which value a chart shows. Classic models pick the answer from a fixed vocabulary and return a score per candidate, while generative models write the answer freely. It powers accessibility tools for blind and low-vision users, product search and the reading of charts and documents.",
  widgetModels: ["dandelin/vilt-b32-finetuned-vqa"],
  youtubeId: "",
};

export default taskData;
