import type { TaskDataCustom } from "../index.js";

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
        "A small Keras model that upscales low-resolution images 3× with an efficient sub-pixel CNN.",
      id: "keras-io/super-resolution",
    },
    {
      description:
        "OminiControl: adds subject-driven and spatial control (edges, depth) to FLUX with a light adapter.",
      id: "Yuanshi/OminiControl",
    },
    {
      description:
        "ControlNet conditioned on Segment Anything masks: generate an image that follows a given layout.",
      id: "mfidabel/controlnet-segment-anything",
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
      description: "Brightens and denoises photos taken in low light.",
      id: "keras-io/low-light-image-enhancement",
    },
    { description: "Applies the style of a painting to a photo.", id: "keras-io/neural-style-transfer" },
    {
      description: "Generates images guided by Segment Anything masks.",
      id: "mfidabel/controlnet-segment-anything",
    },
    {
      description: "ControlNet with many conditions: edges, depth, pose, scribbles and more.",
      id: "hysts/ControlNet",
    },
    {
      description: "ControlNet that controls the brightness pattern of a generated image.",
      id: "ioclab/brightness-controlnet",
    },
    {
      description: "Edit a photo by writing an instruction, e.g. “make it winter”.",
      id: "timbrooks/instruct-pix2pix",
    },
  ],
  summary:
    "Image-to-image models transform an input image into a new image: upscaling it, restoring it, changing its style, filling in a masked region or following an edit instruction. Many are diffusion models conditioned on the input image, optionally with a text prompt. Uses range from photo restoration and super-resolution to design iteration and data augmentation.",
  widgetModels: ["stabilityai/stable-diffusion-2-inpainting"],
  youtubeId: "",
};

export default taskData;
