import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "NYU Depth V2: indoor RGB-D video from a Kinect sensor, with dense depth maps; the standard indoor benchmark.",
      id: "sayakpaul/nyu_depth_v2",
    },
    {
      description:
        "DA-2K: image pairs with human labels of which point is closer, across eight scene types; tests relative depth on hard cases.",
      id: "depth-anything/DA-2K",
    },
  ],
  demo: {
    inputs: [{ filename: "depth-estimation-input.png", type: "img" }],
    outputs: [{ filename: "depth-estimation-output.png", type: "img" }],
  },
  metrics: [],
  models: [
    {
      description:
        "Depth Anything V2 large: sharp, robust relative depth for any photo, trained on synthetic labels and millions of real images.",
      id: "depth-anything/Depth-Anything-V2-Large",
    },
    {
      description:
        "Lotus: a diffusion-based depth model that predicts fine geometric detail in a single denoising step.",
      id: "jingheya/lotus-depth-g-v1-0",
    },
    {
      description:
        "DepthCrafter: temporally consistent depth for long videos, without flicker between frames.",
      id: "tencent/DepthCrafter",
    },
    {
      description:
        "Apple Depth Pro: metric depth in metres with sharp boundaries and no camera intrinsics needed, in under a second.",
      id: "apple/DepthPro-hf",
    },
  ],
  spaces: [
    {
      description: "Estimates depth with DPT and renders the image as a 3D voxel scene.",
      id: "radames/dpt-depth-estimation-3d-voxels",
    },
    {
      description: "Metric depth and focal length estimation with Apple Depth Pro.",
      id: "akhaliq/depth-pro",
    },
    {
      description: "Depth for every frame of an uploaded video with DepthCrafter.",
      id: "tencent/DepthCrafter",
    },
    {
      description: "Depth estimation for images of people with Meta's Sapiens models.",
      id: "facebook/sapiens-depth",
    },
  ],
  summary:
    "Depth estimation predicts, for every pixel of an image, how far the scene is from the camera. Relative models give the ordering of depths, while metric models give distances in metres. It is used for 3D reconstruction, robotics and AR, and for effects such as background blur or turning a photo into a 3D scene.",
  widgetModels: [""],
  youtubeId: "",
};

export default taskData;
