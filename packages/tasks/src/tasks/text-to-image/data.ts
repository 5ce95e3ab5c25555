import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    { description: "RedCaps: 12 million image–caption pairs from Reddit.", id: "red_caps" },
    {
      description: "Conceptual Captions: about 3.3 million web images with cleaned alt-text captions.",
      id: "conceptual_captions",
    },
    {
      description: "PD12M: 12.4 million public-domain and CC0 images with captions, safe for training.",
      id: "Spawning/PD12M",
    },
  ],
  demo: {
    inputs: [
      { label: "Input", content: "A lighthouse on a rocky coast at sunset, oil painting", type: "text" },
    ],
    outputs: [{ filename: "image.png", type: "img" }],
  },
  metrics: [
    { description: "Inception Score: judges the quality and diversity of generated images.", id: "IS" },
    {
      description:
        "Fréchet Inception Distance: compares generated and real image feature statistics. Lower is better.",
      id: "FID",
    },
    {
      description:
        "R-Precision: how often the prompt is retrieved from the generated image among distractor captions.",
      id: "R-Precision",
    },
  ],
  models: [
    {
      description: "FLUX.1 Krea dev: photorealistic images with a natural, less synthetic look.",
      id: "black-forest-labs/FLUX.1-Krea-dev",
    },
    {
      description: "Qwen-Image: strong at rendering text, including Chinese, inside the images it makes.",
      id: "Qwen/Qwen-Image",
    },
    {
      description: "SDXL-Lightning: SDXL distilled to a few steps for near-instant images.",
      id: "ByteDance/SDXL-Lightning",
    },
    {
      description: "Hyper-SD: LoRAs that let Stable Diffusion and FLUX sample in one to eight steps.",
      id: "ByteDance/Hyper-SD",
    },
  ],
  spaces: [
    {
      description: "Generate images with Stable Diffusion 3 Medium.",
      id: "stabilityai/stable-diffusion-3-medium",
    },
    { description: "Turns a story idea into comic panels.", id: "jbilcke-hf/ai-comic-factory" },
    { description: "Try and combine community LoRAs on FLUX.", id: "multimodalart/flux-lora-lab" },
    {
      description: "Fast SDXL generation in a few steps with LCM-LoRA.",
      id: "latent-consistency/lcm-lora-for-sdxl",
    },
    { description: "Browse and apply SDXL LoRAs for different styles.", id: "multimodalart/LoraTheExplorer" },
    {
      description: "Stable Diffusion with ControlNet conditions in one web UI.",
      id: "ArtGAN/Stable-Diffusion-ControlNet-WebUI",
    },
    {
      description: "InstantID: generate stylised portraits that keep a person's identity from one photo.",
      id: "InstantX/InstantID",
    },
  ],
  summary:
    "Text-to-image models generate an image from a text description. Most current models are diffusion or flow models that start from noise and refine it step by step under the guidance of the prompt. They are used for illustration, concept art, marketing visuals and synthetic training data.",
  widgetModels: ["black-forest-labs/FLUX.1-dev"],
  youtubeId: "",
};

export default taskData;
