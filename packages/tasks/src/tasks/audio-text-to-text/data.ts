import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "AF-Think: audio question-answer pairs with short reasoning chains, for training audio reasoning.",
      id: "nvidia/AF-Think",
    },
    {
      description: "QualiSpeech: speech clips annotated with natural-language descriptions of their quality.",
      id: "tsinghua-ee/QualiSpeech",
    },
  ],
  demo: {
    inputs: [
      { filename: "audio.wav", type: "audio" },
      {
        label: "Text Prompt",
        content: "What word is repeated in this recording, and how many times?",
        type: "text",
      },
    ],
    outputs: [{ label: "Generated Text", content: 'The word "up" is spoken three times.', type: "text" }],
  },
  metrics: [],
  models: [
    {
      description:
        "Ultravox: a small speech-native assistant that feeds audio straight into a Llama 3.2 language model.",
      id: "fixie-ai/ultravox-v0_5-llama-3_2-1b",
    },
    {
      description:
        "Qwen2-Audio Instruct: chats about speech, sounds and music, or follows spoken instructions.",
      id: "Qwen/Qwen2-Audio-7B-Instruct",
    },
    {
      description: "Voxtral Small: transcription, translation and question answering over long audio.",
      id: "mistralai/Voxtral-Small-24B-2507",
    },
    {
      description:
        "Audio Flamingo 3: reasons over speech, sounds and music, including clips several minutes long.",
      id: "nvidia/audio-flamingo-3",
    },
  ],
  spaces: [
    { description: "Ask a model questions about an uploaded recording.", id: "iamomtiwari/ATTT" },
    {
      description: "Talk to Qwen2-Audio in real time over WebRTC.",
      id: "freddyaboulton/talk-to-qwen-webrtc",
    },
  ],
  summary:
    "Audio-text-to-text models take an audio clip together with a text prompt and answer in text: describe the sounds, answer a question about a recording, summarise a meeting or follow spoken instructions. They pair an audio encoder with a language model, which makes them more flexible than a plain speech recognizer: the prompt decides what to do with the audio.",
  widgetModels: [],
  youtubeId: "",
};

export default taskData;
