import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "VACE benchmark: inputs and prompts for evaluating controllable video generation and editing.",
      id: "ali-vilab/VACE-Benchmark",
    },
    {
      description: "Human ratings of generated videos for how well they match a requested visual style.",
      id: "Rapidata/sora-video-generation-style-likert-scoring",
    },
    {
      description: "ChronoMagic: time-lapse videos with captions, for generating videos of change over time.",
      id: "BestWishYsh/ChronoMagic",
    },
  ],
  demo: {
    inputs: [
      { filename: "image-to-video-input.png", type: "img" },
      { label: "Optional Text Prompt", content: "The paper boat drifts slowly downstream", type: "text" },
    ],
    outputs: [{ filename: "image-to-video-output.gif", type: "img" }],
  },
  metrics: [
    {
      description:
        "Fréchet Video Distance: how close generated clips are to real ones in spatio-temporal features.",
      id: "fvd",
    },
    { description: "CLIP score: agreement between the frames and the text prompt.", id: "clip_score" },
    {
      description: "LPIPS: perceptual distance between frames, used for consistency with the input image.",
      id: "lpips",
    },
    {
      description: "How well the subject of the input image keeps its identity across the clip.",
      id: "identity_preservation",
    },
    { description: "How much, and how smoothly, things move in the generated clip.", id: "motion_score" },
  ],
  models: [
    {
      description: "LTX-Video 0.9.7 dev: high-quality image-to-video with a fast DiT backbone.",
      id: "Lightricks/LTX-Video-0.9.7-dev",
    },
    {
      description: "Wan 2.1 VACE 14B: one model for reference-to-video, video editing and animation.",
      id: "Wan-AI/Wan2.1-VACE-14B",
    },
    {
      description: "FramePack F1: next-frame-section prediction that makes long clips on modest GPUs.",
      id: "lllyasviel/FramePack_F1_I2V_HY_20250503",
    },
    {
      description: "LTX-Video 0.9.7 distilled: the same model in few steps, for near real-time generation.",
      id: "Lightricks/LTX-Video-0.9.7-distilled",
    },
    {
      description: "SkyReels V2 I2V: long, cinematic 720p clips from an image.",
      id: "Skywork/SkyReels-V2-I2V-14B-720P",
    },
    {
      description: "HunyuanVideo I2V: Tencent's image-to-video variant of HunyuanVideo.",
      id: "tencent/HunyuanVideo-I2V",
    },
    {
      description: "Wan 2.1 I2V 14B: 720p image-to-video with strong motion.",
      id: "Wan-AI/Wan2.1-I2V-14B-720P",
    },
    {
      description: "The same Wan 2.1 model packaged for the diffusers library.",
      id: "Wan-AI/Wan2.1-I2V-14B-720P-Diffusers",
    },
  ],
  spaces: [
    {
      description: "Animate an image with distilled LTX-Video in seconds.",
      id: "Lightricks/ltx-video-distilled",
    },
    { description: "Generate long clips from one picture with FramePack F1.", id: "linoyts/FramePack-F1" },
    { description: "Another FramePack demo for image-to-video.", id: "lisonallen/framepack-i2v" },
    { description: "Fast Wan 2.1 image-to-video.", id: "multimodalart/wan2-1-fast" },
    {
      description: "Stable Video Diffusion: short clips from a still.",
      id: "multimodalart/stable-video-diffusion",
    },
  ],
  summary:
    "Image-to-video models animate a still image into a short clip, optionally steered by a text prompt that describes the motion. The first frame stays faithful to the input while the model invents plausible movement for the frames that follow. Uses include bringing product shots and illustrations to life, storyboarding and making short loops for social media.",
  widgetModels: [],
  youtubeId: undefined,
};

export default taskData;
