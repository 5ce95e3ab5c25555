import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "COCO 2017 with boxes for 80 everyday object classes; open-vocabulary detectors report their zero-shot AP on its validation split.",
      id: "merve/coco2017",
    },
    {
      description:
        "PASCAL VOC: 20 object classes with bounding boxes; small and quick for checking a zero-shot detector on classes written as text.",
      id: "merve/pascal-voc",
    },
  ],
  demo: {
    inputs: [
      {
        filename: "zero-shot-object-detection-input.png",
        type: "img",
      },
      {
        label: "Classes",
        content: "cat, dog, ball",
        type: "text",
      },
    ],
    outputs: [
      {
        filename: "zero-shot-object-detection-output.png",
        type: "img",
      },
    ],
  },
  metrics: [
    {
      description:
        "Average Precision (AP): the area under the precision–recall curve of one class, counting a box as correct above a chosen IoU with the ground truth.",
      id: "Average Precision",
    },
    {
      description:
        "Mean Average Precision (mAP): AP averaged over all classes; the headline detection number.",
      id: "Mean Average Precision",
    },
    {
      description:
        "APα: AP at an IoU threshold of α, e.g. AP50 is lenient about box placement while AP75 demands tight boxes.",
      id: "APα",
    },
  ],
  models: [
    {
      description:
        "MM Grounding DINO large, trained on all of OpenMMLab's grounding data; an open reproduction that improves on the original Grounding DINO.",
      id: "openmmlab-community/mm_grounding_dino_large_all",
    },
    {
      description:
        "LLMDet: Grounding DINO trained with captions from a large language model, which lifts rare-class accuracy on LVIS.",
      id: "fushh7/LLMDet",
    },
    {
      description:
        "Grounding DINO base: detects any object described by a phrase or a list of names; very strong zero-shot accuracy on COCO and LVIS.",
      id: "IDEA-Research/grounding-dino-base",
    },
    {
      description:
        "OWLv2 base ensemble: open-vocabulary detector trained with self-training on web images; also supports image-guided (one-shot) queries.",
      id: "google/owlv2-base-patch16-ensemble",
    },
  ],
  spaces: [
    {
      description: "Compares several zero-shot object detectors on the same image and prompt.",
      id: "ariG23498/zero-shot-od",
    },
    {
      description:
        "Chains OWLv2 detection with SAM, turning each text-prompted box into a segmentation mask.",
      id: "merve/OWLSAM",
    },
    {
      description: "Type object names, upload an image and see the OWLv2 boxes with their scores.",
      id: "merve/owlv2",
    },
  ],
  summary:
    "Zero-shot object detection finds and boxes objects of classes named in free text at inference time, with no training on those classes. The model matches image regions against the text queries and returns a label, a score and a bounding box for each hit. It is used to search images for a specific object, count items and bootstrap labels for a conventional detector.",
  widgetModels: [],
  youtubeId: "",
};

export default taskData;
