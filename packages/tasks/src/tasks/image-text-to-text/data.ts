import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "LLaVA Instruct 150K: GPT-generated conversations about COCO images for visual instruction tuning.",
      id: "liuhaotian/LLaVA-Instruct-150K",
    },
    {
      description:
        "Interleaved image–text textbook data built from instructional videos, for pretraining vision language models.",
      id: "DAMO-NLP-SG/multimodal_textbook",
    },
    {
      description:
        "The Cauldron: 50 vision-language datasets converted to one chat format, used to fine-tune Idefics2.",
      id: "HuggingFaceM4/the_cauldron",
    },
    {
      description:
        "WebSight: synthetic website screenshots paired with their HTML/CSS code, for screenshot-to-code models.",
      id: "HuggingFaceM4/WebSight",
    },
  ],
  demo: {
    inputs: [
      { filename: "image-text-to-text-input.png", type: "img" },
      { label: "Text Prompt", content: "Describe the weather in this picture.", type: "text" },
    ],
    outputs: [
      {
        label: "Answer",
        content:
          "It is a sunny day: the sun shines in a clear blue sky over a green hill with a single tree.",
        type: "text",
      },
    ],
  },
  metrics: [],
  models: [
    {
      description: "SmolVLM Instruct: a 2B-parameter vision language model that runs on modest hardware.",
      id: "HuggingFaceTB/SmolVLM-Instruct",
    },
    {
      description:
        "GLM-4.5V: a mixture-of-experts vision-language model that reasons over images, video and screens.",
      id: "zai-org/GLM-4.5V",
    },
    {
      description: "dots.ocr: one small VLM for layout detection and multilingual document OCR.",
      id: "rednote-hilab/dots.ocr",
    },
    {
      description: "Qwen2.5-VL 3B: a compact vision-language model for documents, charts and visual agents.",
      id: "Qwen/Qwen2.5-VL-3B-Instruct",
    },
    {
      description: "Magma 8B: a multimodal agent foundation model for UI navigation and robot manipulation.",
      id: "microsoft/Magma-8B",
    },
  ],
  spaces: [
    {
      description: "Leaderboard of vision language models across many multimodal benchmarks.",
      id: "opencompass/open_vlm_leaderboard",
    },
    {
      description: "Compare how vision-language models locate and describe objects.",
      id: "sergiopaniego/vlm_object_understanding",
    },
    {
      description: "Try several OCR-capable vision-language models on your own documents.",
      id: "prithivMLmods/Multimodal-OCR",
    },
  ],
  summary:
    "Image-text-to-text models, also called vision language models, take images together with a text prompt and generate text. They caption and describe images, answer questions, read documents and charts, and follow multi-turn chat instructions about what they see. Many also ground their answers with boxes or points, which makes them useful for agents that operate user interfaces.",
  widgetModels: ["zai-org/GLM-4.5V"],
  youtubeId: "IoGaGfU1CIg",
};

export default taskData;
