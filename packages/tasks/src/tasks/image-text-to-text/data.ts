import type { TaskDataCustom } from "../index.js";

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
        "OmniParser v2: parses screenshots into interactive elements so an agent can use a graphical interface.",
      id: "microsoft/OmniParser-v2.0",
    },
    {
      description: "Molmo 7B-D: an open vision language model that can point at the objects it talks about.",
      id: "allenai/Molmo-7B-D-0924",
    },
    {
      description:
        "moondream2: a tiny vision language model for captioning, questions and detection on the edge.",
      id: "vikhyatk/moondream2",
    },
    {
      description:
        "Qwen2.5-VL 7B Instruct: strong at documents, charts, long videos and agentic tasks, with grounding.",
      id: "Qwen/Qwen2.5-VL-7B-Instruct",
    },
    {
      description: "Magma 8B: a multimodal agent foundation model for UI navigation and robot manipulation.",
      id: "microsoft/Magma-8B",
    },
    {
      description: "olmOCR: converts PDF page images into clean, reading-order text.",
      id: "allenai/olmOCR-7B-0225-preview",
    },
    {
      description:
        "Granite Vision 3.2 2B: a compact model tuned for visual document understanding in enterprise settings.",
      id: "ibm-granite/granite-vision-3.2-2b",
    },
  ],
  spaces: [
    {
      description: "Leaderboard of vision language models across many multimodal benchmarks.",
      id: "opencompass/open_vlm_leaderboard",
    },
    {
      description:
        "Vision Arena: chat with two anonymous vision language models and vote for the better one.",
      id: "WildVision/vision-arena",
    },
    {
      description: "Chat with Molmo 7B-D about an image, including pointing at objects.",
      id: "akhaliq/Molmo-7B-D-0924",
    },
    { description: "Chat with SmolVLM2 about images and videos.", id: "HuggingFaceTB/SmolVLM2" },
    {
      description: "Ask Qwen2-VL 7B about images, documents and screenshots.",
      id: "GanymedeNil/Qwen2-VL-7B",
    },
    {
      description:
        "ShowUI: a GUI agent that locates the element to click from a screenshot and an instruction.",
      id: "showlab/ShowUI",
    },
    {
      description: "Estimates where people in an image are looking, with moondream.",
      id: "moondream/gaze-demo",
    },
  ],
  summary:
    "Image-text-to-text models, also called vision language models, take images together with a text prompt and generate text. They caption and describe images, answer questions, read documents and charts, and follow multi-turn chat instructions about what they see. Many also ground their answers with boxes or points, which makes them useful for agents that operate user interfaces.",
  widgetModels: ["Qwen/Qwen2-VL-7B-Instruct"],
  youtubeId: "IoGaGfU1CIg",
};

export default taskData;
