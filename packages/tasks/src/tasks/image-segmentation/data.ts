import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "ADE20K scene parsing: 20,000 images with pixel labels for 150 classes of objects and stuff.",
      id: "scene_parse_150",
    },
  ],
  demo: {
    inputs: [{ filename: "image-segmentation-input.png", type: "img" }],
    outputs: [{ filename: "image-segmentation-output.png", type: "img" }],
  },
  metrics: [
    {
      description:
        "Average Precision of the predicted masks for one class, over a range of mask IoU thresholds.",
      id: "Average Precision",
    },
    {
      description: "AP averaged over classes: the headline number for instance segmentation.",
      id: "Mean Average Precision",
    },
    {
      description:
        "Mean Intersection over Union of predicted and true pixels per class: the semantic segmentation metric.",
      id: "Mean Intersection over Union",
    },
    { description: "AP at a fixed mask IoU threshold α, e.g. AP50 or AP75.", id: "APα" },
  ],
  models: [
    {
      description:
        "EoMT: an encoder-only ViT that does panoptic segmentation on COCO without a separate decoder.",
      id: "tue-mps/coco_panoptic_eomt_large_640",
    },
    {
      description:
        "RMBG 1.4: background removal that separates the foreground subject from the rest of the image.",
      id: "briaai/RMBG-1.4",
    },
    {
      description:
        "BiRefNet: high-resolution dichotomous segmentation with very fine edges, e.g. hair and fur.",
      id: "ZhengPeng7/BiRefNet",
    },
    {
      description: "Sapiens 1B segmentation: segments human body parts and clothing in 28 classes.",
      id: "facebook/sapiens-seg-1b",
    },
    {
      description:
        "Mask2Former with a Swin-L backbone trained on COCO panoptic: one model for instance, semantic and panoptic masks.",
      id: "facebook/mask2former-swin-large-coco-panoptic",
    },
  ],
  spaces: [
    {
      description: "Open-vocabulary segmentation: segment anything you name in text.",
      id: "facebook/ov-seg",
    },
    {
      description: "Click on an object to get its mask with Segment Anything.",
      id: "jbrinkma/segment-anything",
    },
    {
      description: "Human pose, part segmentation and depth with Meta's Sapiens models.",
      id: "facebook/sapiens-pose",
    },
    {
      description: "Instance segmentation of neuronal cells in microscopy images.",
      id: "rashmi/sartorius-cell-instance-segmentation",
    },
    {
      description: "Segment and track objects through a video with SAM.",
      id: "ArtGAN/Segment-Anything-Video",
    },
    {
      description: "Panoptic segmentation by combining Grounding DINO boxes with SAM masks.",
      id: "segments/panoptic-segment-anything",
    },
  ],
  summary:
    "Image segmentation divides an image into regions by assigning every pixel to a class or an object. Semantic segmentation labels pixels by class, instance segmentation separates individual objects, and panoptic segmentation does both. It is used in autonomous driving, medical imaging, photo editing and background removal.",
  widgetModels: ["nvidia/segformer-b0-finetuned-ade-512-512"],
  youtubeId: "dKE8SIt9C-w",
};

export default taskData;
