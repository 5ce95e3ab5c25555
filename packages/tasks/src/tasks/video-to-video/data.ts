import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "VIRESET: videos with masks and captions for instruction-guided video editing.",
      id: "suimu/VIRESET",
    },
    {
      description: "LongV-EVAL: long videos for evaluating video generation and editing over time.",
      id: "zhangsh2001/LongV-EVAL",
    },
    {
      description: "Before-and-after samples of video restoration with SeedVR.",
      id: "Iceclear/SeedVR_VideoDemos",
    },
  ],
  demo: {
    inputs: [{ filename: "input.gif", type: "img" }],
    outputs: [{ filename: "output.gif", type: "img" }],
  },
  metrics: [],
  models: [
    {
      description: "Lucy Edit Dev: edits videos from text instructions while keeping motion and identity.",
      id: "decart-ai/Lucy-Edit-Dev",
    },
    {
      description: "Shape-for-Motion: edits objects in a video through an editable 3D proxy.",
      id: "LeoLau/Shape-for-Motion",
    },
    {
      description:
        "Cosmos Transfer 2.5: turns control videos (depth, edges, segmentation) into realistic footage.",
      id: "nvidia/Cosmos-Transfer2.5-2B",
    },
    {
      description: "SeedVR2 packaged for ComfyUI: one-step video restoration and upscaling.",
      id: "numz/SeedVR2_comfyUI",
    },
  ],
  spaces: [
    { description: "Edit a video with a text instruction using Lucy Edit.", id: "decart-ai/lucy-edit-dev" },
    { description: "Restore and upscale a low-quality video with SeedVR2.", id: "ByteDance-Seed/SeedVR2-3B" },
  ],
  summary:
    "Video-to-video models take a video and return a changed one: restore and upscale old footage, change the style, replace an object following an instruction, or render realistic video from control signals such as depth maps. The hard part is consistency: every frame must change in the same way so the result does not flicker.",
  widgetModels: [],
  youtubeId: "",
};

export default taskData;
