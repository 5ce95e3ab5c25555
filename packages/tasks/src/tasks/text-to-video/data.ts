import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "MSR-VTT clips with CLIP embeddings: 10,000 web videos, each with 20 captions.",
      id: "iejMac/CLIP-MSR-VTT",
    },
    {
      description:
        "UCF101: 13,320 clips of 101 human actions, used to evaluate class-conditional video generation.",
      id: "quchenyuan/UCF101-ZIP",
    },
    {
      description: "Kinetics: hundreds of thousands of YouTube clips of human actions.",
      id: "nateraw/kinetics",
    },
    {
      description: "Something-Something v2: people performing basic actions with everyday objects.",
      id: "HuggingFaceM4/something_something_v2",
    },
    { description: "WebVid: millions of stock-footage videos with captions.", id: "HuggingFaceM4/webvid" },
    {
      description: "DiDeMo clips with CLIP embeddings: videos with moment-level descriptions.",
      id: "iejMac/CLIP-DiDeMo",
    },
  ],
  demo: {
    inputs: [{ label: "Input", content: "A paper boat drifting down a stream in the rain", type: "text" }],
    outputs: [{ filename: "text-to-video-output.gif", type: "img" }],
  },
  metrics: [
    {
      description: "Inception Score computed on video frames: quality and diversity of generated content.",
      id: "is",
    },
    { description: "Fréchet Inception Distance of frames: how close they look to real frames.", id: "fid" },
    {
      description: "Fréchet Video Distance: compares spatio-temporal features of generated and real videos.",
      id: "fvd",
    },
    {
      description: "CLIPSIM: average CLIP similarity between the prompt and the generated frames.",
      id: "clipsim",
    },
  ],
  models: [
    {
      description: "HunyuanVideo: a 13B open video model with high visual quality and motion.",
      id: "tencent/HunyuanVideo",
    },
    {
      description: "LTX-Video: a real-time-capable DiT video model that generates 24 fps clips quickly.",
      id: "Lightricks/LTX-Video",
    },
    {
      description:
        "Cosmos 7B Text2World: generates physically plausible world videos for robotics and driving.",
      id: "nvidia/Cosmos-1.0-Diffusion-7B-Text2World",
    },
    {
      description: "LTX-Video 0.9.8 13B distilled: long, high-quality clips in few steps.",
      id: "Lightricks/LTX-Video-0.9.8-13B-distilled",
    },
  ],
  spaces: [
    {
      description: "Generate videos from text or images with VideoCrafter.",
      id: "VideoCrafter/VideoCrafter",
    },
    { description: "Generate videos with Wan 2.1.", id: "Wan-AI/Wan2.1" },
    {
      description: "Pyramid Flow: efficient generation of long, high-resolution videos.",
      id: "Pyramid-Flow/pyramid-flow",
    },
  ],
  summary:
    "Text-to-video models generate a short video clip from a text description. They extend image diffusion models with temporal layers so that motion stays coherent across frames. Uses include storyboarding, marketing, education and synthetic data for robotics.",
  widgetModels: ["Wan-AI/Wan2.2-TI2V-5B"],
  youtubeId: undefined,
};

export default taskData;
