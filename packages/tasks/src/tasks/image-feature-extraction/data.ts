import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "ImageNet-1k: 1.28 million training images in 1,000 classes; the usual pretraining set for image encoders.",
      id: "imagenet-1k",
    },
  ],
  demo: {
    inputs: [{ filename: "mask-generation-input.png", type: "img" }],
    outputs: [
      {
        table: [
          ["Dimension 1", "Dimension 2", "Dimension 3"],
          ["0.2136", "-0.0487", "0.1142"],
          ["-0.1359", "0.0793", "0.0218"],
          ["0.0671", "0.1925", "-0.0934"],
        ],
        type: "tabular",
      },
    ],
  },
  metrics: [],
  models: [
    {
      description:
        "DINOv2 ViT-L/14 in timm: self-supervised features that work well frozen for retrieval, depth and segmentation.",
      id: "timm/vit_large_patch14_dinov2.lvd142m",
    },
    {
      description:
        "MambaVision tiny: a hybrid Mamba–transformer backbone with a good accuracy to throughput trade-off.",
      id: "nvidia/MambaVision-T-1K",
    },
    {
      description:
        "DINO ViT-B/16: self-supervised features whose attention maps segment objects without labels.",
      id: "facebook/dino-vitb16",
    },
    {
      description:
        "AIMv2 large, distilled: an autoregressively pretrained vision encoder with strong multimodal features.",
      id: "apple/aimv2-large-patch14-336-distilled",
    },
    {
      description:
        "InternViT 6B: a very large vision encoder used as the image tower of InternVL chat models.",
      id: "OpenGVLab/InternViT-6B-448px-V1-2",
    },
  ],
  spaces: [
    {
      description: "Compares timm backbones on accuracy, throughput and parameter count before picking one.",
      id: "timm/leaderboard",
    },
  ],
  summary:
    "Image feature extraction turns an image into a vector (an embedding) that describes its content. The vectors power image similarity search, deduplication and clustering, or serve as frozen inputs to a light classifier or detector head. Self-supervised encoders such as DINOv2 give features that transfer well to many tasks.",
  widgetModels: [],
};

export default taskData;
