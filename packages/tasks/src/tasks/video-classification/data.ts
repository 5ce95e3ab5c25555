import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Kinetics-400: about 300,000 ten-second YouTube clips of 400 human actions, from archery to yoga.",
      id: "kinetics400",
    },
  ],
  demo: {
    inputs: [{ filename: "video-classification-input.gif", type: "img" }],
    outputs: [
      {
        data: [
          { label: "Bouncing ball", score: 0.81 },
          { label: "Juggling", score: 0.12 },
          { label: "Dribbling basketball", score: 0.07 },
        ],
        type: "chart",
      },
    ],
  },
  metrics: [
    { description: "Share of videos assigned the correct class.", id: "accuracy" },
    { description: "Share of the videos of a class that the model finds.", id: "recall" },
    { description: "Share of the model's predictions for a class that are correct.", id: "precision" },
    { description: "Harmonic mean of precision and recall.", id: "f1" },
  ],
  models: [
    {
      description: "ViViT: a video vision transformer fine-tuned on Kinetics-400 for action recognition.",
      id: "google/vivit-b-16x2-kinetics400",
    },
    {
      description: "X-CLIP: extends CLIP to video, for zero-shot and few-shot action recognition.",
      id: "microsoft/xclip-base-patch32",
    },
  ],
  spaces: [
    {
      description: "LaViLa: narrates egocentric videos and recognises the actions in them.",
      id: "nateraw/lavila",
    },
    { description: "Classify an uploaded video with VideoMAE models.", id: "fcakyon/video-classification" },
  ],
  summary:
    "Video classification assigns a label to a whole video clip, most often the action being performed. Models sample frames and look at how things change over time, which distinguishes, say, opening a door from closing it. It is used for content moderation, sports analytics, video search and monitoring.",
  widgetModels: [],
  youtubeId: "",
};

export default taskData;
