import type { TaskDataCustom } from "../types.js";

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
      description: "RTMPose: real-time 2D human pose estimation, optimised for mobile chips.",
      id: "qualcomm/RTMPose-Body2d",
    },
    {
      description: "LightGlue with DISK features: finds and matches keypoints between two images.",
      id: "ETH-CVG/lightglue_disk",
    },
  ],
  spaces: [
    {
      description: "Tracks hand keypoints live from a webcam.",
      id: "datasciencedojo/Hand-Keypoint-Detection-Realtime",
    },
    { description: "Match keypoints between two photos with LightGlue.", id: "ETH-CVG/LightGlue" },
  ],
  summary:
    "Keypoint detection locates specific points in an image: body joints for pose estimation, hand or face landmarks, or distinctive corners used to match images. The output is a list of coordinates, each with a label or descriptor and a confidence score. It powers fitness and sports analysis, AR effects, gesture control and 3D reconstruction.",
  widgetModels: [],
  youtubeId: "",
};

export default taskData;
