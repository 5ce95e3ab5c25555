import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "VIDIT: the same virtual scenes rendered under many light directions and colour temperatures, for relighting.",
      id: "VIDIT",
    },
    {
      description: "CelebA face crops for training image-to-image GANs such as face editing models.",
      id: "huggan/CelebA-faces",
    },
    {
      description:
        "PD12M: 12.4 million public-domain and CC0 images with captions, safe to train image models on.",
      id: "Spawning/PD12M",
    },
  ],
  demo: {
    inputs: [{ filename: "image-to-image-input.png", type: "img" }],
    outputs: [{ filename: "image-to-image-output.png", type: "img" }],
  },
  metrics: [
    {
      description:
        "Peak Signal-to-Noise Ratio (dB) between output and reference; higher means closer pixels.",
      id: "PSNR",
    },
    {
      description:
        "Structural Similarity Index: compares local structure, contrast and brightness; closer to perceived quality than PSNR.",
      id: "SSIM",
    },
    { description: "Inception Score: judges the quality and diversity of generated images.", id: "IS" },
  ],
  models: [
    {
      description: "AuraSR v2: a GAN upscaler that enlarges images 4× with sharp detail.",
      id: "fal/AuraSR-v2",
    },
    {
      description:
        "FLUX.1 Kontext dev: edits an image from a text instruction while keeping characters and style consistent.",
      id: "black-forest-labs/FLUX.1-Kontext-dev",
    },
    {
      description: "IDM-VTON: virtual try-on that dresses a photo of a person in a given garment.",
      id: "yisol/IDM-VTON",
    },
    {
      description: "A FLUX.1 Kontext LoRA that changes the lighting of a photo.",
      id: "kontext-community/relighting-kontext-dev-lora-v3",
    },
    {
      description: "FLUX.1 Fill: inpainting and outpainting with the FLUX.1 model.",
      id: "black-forest-labs/FLUX.1-Fill-dev",
    },
    {
      description: "FLUX.1 Depth LoRA: generates an image that follows the depth map of the input image.",
      id: "black-forest-labs/FLUX.1-Depth-dev-lora",
    },
  ],
  spaces: [
    {
      description: "Edit images with text instructions using FLUX.1 Kontext.",
      id: "black-forest-labs/FLUX.1-Kontext-Dev",
    },
    {
      description: "IC-Light v2: relight a subject to match a new background or light source.",
      id: "lllyasviel/iclight-v2-vary",
    },
    {
      description: "Upscale low-resolution images with a FLUX ControlNet.",
      id: "jasperai/Flux.1-dev-Controlnet-Upscaler",
    },
  ],
  summary:
    "Image-to-image models transform an input image into a new image: upscaling it, restoring it, changing its style, filling in a masked region or following an edit instruction. Many are diffusion models conditioned on the input image, optionally with a text prompt. Uses range from photo restoration and super-resolution to design iteration and data augmentation.",
  widgetModels: ["Qwen/Qwen-Image"],
  youtubeId: "",
};

export default taskData;
