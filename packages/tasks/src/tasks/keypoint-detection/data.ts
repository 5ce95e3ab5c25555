import type { TaskDataCustom } from "../index.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "HaGRID hand-gesture images annotated with MediaPipe hand landmarks, for hand keypoint models.",
      id: "Vincent-luo/hagrid-mediapipe-hands",
    },
  ],
  demo: {
    inputs: [{ filename: "keypoint-detection-input.png", type: "img" }],
    outputs: [{ filename: "keypoint-detection-output.png", type: "img" }],
  },
  metrics: [],
  models: [
    {
      description:
        "SuperPoint: detects interest points and their descriptors, the classic front end for image matching.",
      id: "magic-leap-community/superpoint",
    },
    {
      description:
        "SuperGlue (outdoor): matches SuperPoint keypoints between two photos of the same outdoor scene.",
      id: "magic-leap-community/superglue_outdoor",
    },
    {
      description:
        "Sapiens 1B pose: high-resolution human pose estimation with 308 body, hand and face keypoints.",
      id: "facebook/sapiens-pose-1b",
    },
    {
      description: "ViTPose+ base: a plain ViT for human pose estimation trained on several pose datasets.",
      id: "usyd-community/vitpose-plus-base",
    },
  ],
  spaces: [
    {
      description: "Tracks hand keypoints live from a webcam.",
      id: "datasciencedojo/Hand-Keypoint-Detection-Realtime",
    },
    { description: "Shows the SuperPoint keypoints found in an uploaded image.", id: "merve/SuperPoint" },
  ],
  summary:
    "Keypoint detection locates specific points in an image: body joints for pose estimation, hand or face landmarks, or distinctive corners used to match images. The output is a list of coordinates, each with a label or descriptor and a confidence score. It powers fitness and sports analysis, AR effects, gesture control and 3D reconstruction.",
  widgetModels: [],
  youtubeId: "",
};

export default taskData;
