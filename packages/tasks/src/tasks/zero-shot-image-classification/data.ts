import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "ImageNet-1k validation set in WebDataset form from the CLIP benchmark suite: the standard test of zero-shot accuracy over 1,000 class names.",
      id: "clip-benchmark/wds_imagenet1k",
    },
    {
      description:
        "ImageNetV2: a fresh test set collected like ImageNet; the drop from ImageNet accuracy shows how robust a zero-shot classifier is to distribution shift.",
      id: "clip-benchmark/wds_imagenetv2",
    },
  ],
  demo: {
    inputs: [
      {
        filename: "image-classification-input.png",
        type: "img",
      },
      {
        label: "Classes",
        content: "cat, dog, rabbit",
        type: "text",
      },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          {
            label: "cat",
            score: 0.912,
          },
          {
            label: "rabbit",
            score: 0.061,
          },
          {
            label: "dog",
            score: 0.027,
          },
        ],
      },
    ],
  },
  metrics: [
    {
      description:
        "Share of images whose true class is among the K labels the model ranks highest; top-1 and top-5 are the usual reports on ImageNet.",
      id: "top-K accuracy",
    },
  ],
  models: [
    {
      description:
        "MEXMA-SigLIP: pairs a multilingual text encoder with the SigLIP image encoder, so labels can be written in 80 languages.",
      id: "visheratin/mexma-siglip",
    },
    {
      description:
        "SigLIP 2 base: Google's sigmoid-loss image–text model with better localisation and multilingual labels than SigLIP; a strong, small default.",
      id: "google/siglip2-base-patch16-224",
    },
    {
      description:
        "mmE5 on Llama 3.2 Vision 11B: a multimodal embedding model that ranks labels against images with instruction-following text encoding.",
      id: "intfloat/mmE5-mllama-11b-instruct",
    },
    {
      description:
        "Jina CLIP v2: multilingual, high-resolution (512×512) CLIP model that also works as a text retriever.",
      id: "jinaai/jina-clip-v2",
    },
    {
      description:
        "BiomedCLIP: trained on 15 million figure–caption pairs from PubMed Central for zero-shot classification of medical images.",
      id: "microsoft/BiomedCLIP-PubMedBERT_256-vit_base_patch16_224",
    },
  ],
  spaces: [
    {
      description: "Finds a text prompt that describes an image by ranking many phrases with CLIP.",
      id: "pharma/CLIP-Interrogator",
    },
    {
      description: "Runs CLIP and SigLIP side by side on the same image and labels to compare their scores.",
      id: "merve/compare_clip_siglip",
    },
    {
      description:
        "Compares SigLIP, NLLB-CLIP and CLIP on candidate labels written in languages other than English.",
      id: "merve/multilingual-zero-shot-image-clf",
    },
  ],
  summary:
    "Zero-shot image classification labels an image with classes given as free text at inference time, with no training on those classes. Models such as CLIP and SigLIP embed the image and each candidate label in a shared space and score how well they match. It lets you build a classifier for a new set of categories in minutes, and is also used for image search and content filtering.",
  widgetModels: ["google/siglip-so400m-patch14-224"],
  youtubeId: "",
};

export default taskData;
