import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Align-Anything: preference data across text, image, audio and video, for aligning omni-modal models.",
      id: "PKU-Alignment/align-anything",
    },
  ],
  demo: {
    inputs: [
      { filename: "any-to-any-input.png", type: "img" },
      {
        label: "Text Prompt",
        content: "Describe this place, then read your description aloud.",
        type: "text",
      },
    ],
    outputs: [
      {
        label: "Generated Text",
        content:
          "A white lighthouse stands on a rocky point under a clear sky, its lamp room ringed by a railing, with calm sea all around.",
        type: "text",
      },
      { filename: "any-to-any-output.wav", type: "audio" },
    ],
  },
  metrics: [],
  models: [
    {
      description:
        "Qwen2.5-Omni 7B: reads text, images, audio and video, and answers in text or natural speech.",
      id: "Qwen/Qwen2.5-Omni-7B",
    },
    {
      description:
        "OmniGen2: one model for image understanding, text-to-image generation and instruction-based editing.",
      id: "OmniGen2/OmniGen2",
    },
    {
      description: "MiniCPM-o 2.6: a compact omni model for vision, speech and live streaming conversation.",
      id: "openbmb/MiniCPM-o-2_6",
    },
    {
      description: "BAGEL: a mixture-of-transformers model that both understands and generates images.",
      id: "ByteDance-Seed/BAGEL-7B-MoT",
    },
  ],
  spaces: [{ description: "Try OmniGen2 on generation and editing prompts.", id: "OmniGen2/OmniGen2" }],
  summary:
    "Any-to-any models accept and produce several modalities through one network: for example text, images and audio in, text and speech out. They are usually large multimodal transformers that share one token space across modalities, so a single checkpoint can caption a photo, answer a question about a recording, edit an image from an instruction or reply with a spoken voice.",
  widgetModels: [],
  youtubeId: "",
};

export default taskData;
