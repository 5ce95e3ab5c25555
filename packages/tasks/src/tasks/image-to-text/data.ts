import type { TaskDataCustom } from "../types.js";

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
      description: "olmOCR: turns scanned pages and PDFs into clean plain text in reading order.",
      id: "allenai/olmOCR-7B-0725",
    },
    {
      description: "JoyCaption Beta One: detailed captions in many styles, made for building training data.",
      id: "fancyfeast/llama-joycaption-beta-one-hf-llava",
    },
  ],
  spaces: [
    { description: "Turn an image into SVG code with OmniSVG.", id: "multimodalart/OmniSVG-3B" },
    {
      description: "Convert document images to Markdown with a reasoning OCR model.",
      id: "numind/NuMarkdown-8B-Thinking",
    },
    { description: "Caption images in many styles with JoyCaption.", id: "fancyfeast/joy-caption-beta-one" },
  ],
  summary:
    "Image-to-text models generate text from an image: a caption, a detailed description, or the text written in it (OCR). Encoder-decoder and vision language models are both common. Uses include alt text for accessibility, image search, and digitising handwritten or printed documents.",
  widgetModels: ["Salesforce/blip-image-captioning-large"],
  youtubeId: "",
};

export default taskData;
