import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [],
  demo: {
    inputs: [
      { filename: "image-text-to-video-input.png", type: "img" },
      { label: "Input", content: "The ball rolls to the right across the floor", type: "text" },
    ],
    outputs: [{ filename: "image-text-to-video-output.gif", type: "img" }],
  },
  metrics: [
    {
      description: "Fréchet Video Distance: compares generated and real clips in spatio-temporal features.",
      id: "fvd",
    },
    { description: "CLIPSIM: average CLIP similarity between the prompt and the frames.", id: "clipsim" },
  ],
  models: [
    {
      description: "LTX-Video: fast DiT video model that turns an image and a prompt into a clip.",
      id: "Lightricks/LTX-Video",
    },
  ],
  spaces: [
    {
      description: "Image-and-prompt to video with distilled LTX-Video.",
      id: "Lightricks/ltx-video-distilled",
    },
  ],
  summary:
    "Image-text-to-video models start from an image and a text prompt and generate a video: the image fixes how the scene looks, the prompt says what happens in it. They are used to animate concept art, to make product videos from a photo and to control the opening frame of a generated shot.",
  widgetModels: ["Lightricks/LTX-Video"],
  youtubeId: undefined,
};

export default taskData;
