import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Video-MME: a multiple-choice benchmark of 900 videos from 11 seconds to an hour long, with questions on perception, reasoning and long-range memory.",
      id: "lmms-lab/Video-MME",
    },
    {
      description:
        "Video-ChatGPT instruction data and evaluation set: human-written questions and answers about ActivityNet videos, used to train and score video chat assistants.",
      id: "lmms-lab/VideoChatGPT",
    },
    {
      description:
        "FineVideo: 43,000 openly licensed YouTube videos with dense scene-level annotations of content, mood and narrative, for training video language models.",
      id: "HuggingFaceFV/finevideo",
    },
  ],
  demo: {
    inputs: [
      {
        filename: "video-text-to-text-input.gif",
        type: "img",
      },
      {
        label: "Text Prompt",
        content: "What is happening in this video?",
        type: "text",
      },
    ],
    outputs: [
      {
        label: "Answer",
        content:
          "A red ball rolls from the left side of a wooden table to the right, slows down and stops next to a blue cup. Nothing else moves in the scene.",
        type: "text",
      },
    ],
  },
  metrics: [],
  models: [
    {
      description:
        "LongVU built on Qwen2-7B: compresses frames adaptively so it can answer questions about videos that last up to an hour.",
      id: "Vision-CAIR/LongVU_Qwen2_7B",
    },
    {
      description:
        "Apollo 7B, from a systematic study of which design choices make video language models work; strong on long-video benchmarks for its size.",
      id: "GoodiesHere/Apollo-LMMs-Apollo-7B-t32",
    },
    {
      description:
        "SmolVLM2 2.2B: a small instruction-tuned model that understands images and videos and runs on a laptop or phone.",
      id: "HuggingFaceTB/SmolVLM2-2.2B-Instruct",
    },
  ],
  spaces: [
    { description: "Chat with Video-LLaVA about an uploaded video or image.", id: "llava-hf/video-llava" },
    {
      description: "Leaderboard ranking open and closed video language models on public video benchmarks.",
      id: "opencompass/openvlm_video_leaderboard",
    },
    {
      description:
        "Finds and cuts the highlights of a long video with SmolVLM2, following a text description.",
      id: "HuggingFaceTB/SmolVLM2-HighlightGenerator",
    },
  ],
  summary:
    "Video-text-to-text models take a video together with a text prompt and answer in text: they describe what happens, answer questions about events and timing, or follow instructions that refer to the clip. They sample frames, encode them with a vision backbone and feed the visual tokens to a language model, so the context length limits how long a video they can follow. Typical uses are video question answering, video chat and searching long recordings for a moment.",
  widgetModels: ["HuggingFaceTB/SmolVLM2-2.2B-Instruct"],
  youtubeId: "",
};

export default taskData;
