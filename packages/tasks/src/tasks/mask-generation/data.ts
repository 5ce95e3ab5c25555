import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    { description: "COCO 2017 images with instance masks for 80 object classes.", id: "merve/coco2017" },
    {
      description: "BraTS brain MRI scans with tumour segmentation masks.",
      id: "rocky93/BraTS_segmentation",
    },
  ],
  demo: {
    inputs: [{ filename: "mask-generation-input.png", type: "img" }],
    outputs: [{ filename: "mask-generation-output.png", type: "img" }],
  },
  metrics: [
    {
      description:
        "Intersection over Union: overlap of a predicted mask with the true mask divided by their union.",
      id: "Intersection over Union (IoU)",
    },
  ],
  models: [
    {
      description: "SlimSAM: Segment Anything pruned to half its size with little loss in mask quality.",
      id: "Zigeng/SlimSAM-uniform-50",
    },
    {
      description: "SAM 2 large: promptable masks for images and videos, tracked across frames.",
      id: "facebook/sam2-hiera-large",
    },
  ],
  spaces: [
    {
      description: "Text-prompted masks: OWLv2 finds the boxes, SAM 2 turns them into masks.",
      id: "merve/OWLSAM2",
    },
    { description: "Click or draw a box to get masks from SlimSAM.", id: "merve/slimsam" },
    {
      description: "Segment Anything 2 on images and videos with point and box prompts.",
      id: "SkalskiP/segment-anything-model-2",
    },
    {
      description: "Removes an object from a video: SAM masks it, ProPainter fills in the background.",
      id: "SkalskiP/SAM_and_ProPainter",
    },
  ],
  summary:
    "Mask generation produces segmentation masks for the objects in an image, without class labels. Promptable models such as Segment Anything return the mask of whatever a point, a box or nothing at all points to, which makes them a general tool for annotation and editing. The masks can then be labelled, tracked through a video or used to cut objects out.",
  widgetModels: [],
  youtubeId: "",
};

export default taskData;
