import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "COCO 2017: 118,000 training images with boxes for 80 everyday object classes.",
      id: "merve/coco2017",
    },
    {
      description: "PASCAL VOC: boxes for 20 classes of people, animals, vehicles and household objects.",
      id: "merve/pascal-voc",
    },
  ],
  demo: {
    inputs: [{ filename: "object-detection-input.png", type: "img" }],
    outputs: [{ filename: "object-detection-output.png", type: "img" }],
  },
  metrics: [
    {
      description:
        "Average Precision: area under the precision–recall curve of one class at a given box IoU threshold.",
      id: "Average Precision",
    },
    {
      description: "AP averaged over all classes (and, on COCO, over IoU thresholds 0.5 to 0.95).",
      id: "Mean Average Precision",
    },
    { description: "AP at a single IoU threshold α, e.g. AP50 (lenient) or AP75 (strict).", id: "APα" },
  ],
  models: [
    {
      description:
        "DETR with a ResNet-50 backbone: end-to-end detection with a transformer and no anchor boxes.",
      id: "facebook/detr-resnet-50",
    },
    {
      description: "DAB-DETR: DETR with dynamic anchor box queries, converging faster and more accurately.",
      id: "IDEA-Research/dab-detr-resnet-50",
    },
    {
      description:
        "RT-DETRv2 R50: a real-time transformer detector that rivals YOLO models in speed and accuracy.",
      id: "PekingU/rtdetr_v2_r50vd",
    },
    {
      description: "WALDO 3.0: detects vehicles, people and buildings in drone and aerial imagery.",
      id: "StephanST/WALDO30",
    },
  ],
  spaces: [
    { description: "Detect objects in real time with RF-DETR.", id: "Roboflow/RF-DETR" },
    {
      description: "Run DETR and YOLOS on your own images.",
      id: "Gradio-Blocks/Object-Detection-With-DETR-and-YOLOS",
    },
    { description: "Real-time detection with YOLOv12.", id: "sunsmarterjieleaf/yolov12" },
    { description: "Track and segment any object through a video.", id: "VIPLab/Track-Anything" },
    { description: "Detect and track objects in videos with RT-DETR.", id: "merve/RT-DETR-tracking-coco" },
  ],
  summary:
    "Object detection finds the objects of known classes in an image and returns a bounding box, a label and a confidence score for each. Unlike classification it handles many objects per image and says where they are. It is used in autonomous driving, retail shelf analysis, surveillance, counting and tracking.",
  widgetModels: ["facebook/detr-resnet-50"],
  youtubeId: "WdAeKSOpxhw",
};

export default taskData;
