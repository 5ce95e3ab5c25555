import type { TaskDataCustom } from "../index.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "RedCaps: 12 million image–caption pairs collected from Reddit, with natural, informal captions.",
      id: "red_caps",
    },
    {
      description: "Conceptual Captions: about 3.3 million web images with cleaned-up alt-text captions.",
      id: "datasets/conceptual_captions",
    },
  ],
  demo: {
    inputs: [{ filename: "savanna.png", type: "img" }],
    outputs: [
      {
        label: "Detailed description",
        content:
          "An elephant walks across a grassy savanna under a clear sky, with an acacia tree in the background.",
        type: "text",
      },
    ],
  },
  metrics: [],
  models: [
    {
      description:
        "BLIP-2 with OPT-2.7b: a frozen image encoder and LLM bridged by a Q-Former for captioning.",
      id: "Salesforce/blip2-opt-2.7b",
    },
    {
      description: "Kosmos-2: captions images and links phrases in the caption to boxes in the image.",
      id: "microsoft/kosmos-2-patch14-224",
    },
    {
      description: "Nougat: converts academic PDF pages, including equations and tables, into Markdown.",
      id: "facebook/nougat-base",
    },
    {
      description: "LLaVA 1.5 7B: a chat model that gives detailed descriptions of images.",
      id: "llava-hf/llava-1.5-7b-hf",
    },
  ],
  spaces: [
    {
      description: "Compares the captions of several captioning models on the same image.",
      id: "nielsr/comparing-captioning-models",
    },
    {
      description: "A ViT-GPT2 image captioning demo from the Flax community week.",
      id: "flax-community/image-captioning",
    },
    { description: "Reads handwritten text lines with TrOCR.", id: "nielsr/TrOCR-handwritten" },
    { description: "BLIP captioning and visual question answering.", id: "Salesforce/BLIP" },
    { description: "BLIP-2 captioning and chat about images.", id: "Salesforce/BLIP2" },
    {
      description: "CapDec: captioning trained with text only, through CLIP's shared embedding space.",
      id: "johko/capdec-image-captioning",
    },
  ],
  summary:
    "Image-to-text models generate text from an image: a caption, a detailed description, or the text written in it (OCR). Encoder-decoder and vision language models are both common. Uses include alt text for accessibility, image search, and digitising handwritten or printed documents.",
  widgetModels: ["Salesforce/blip-image-captioning-large"],
  youtubeId: "",
};

export default taskData;
