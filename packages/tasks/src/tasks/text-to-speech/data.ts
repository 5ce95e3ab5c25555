import type { TaskDataCustom } from "../index.js";

const taskData: TaskDataCustom = {
  canonicalId: "text-to-audio",
  datasets: [
    {
      description:
        "10,000 hours of English audiobooks from Multilingual LibriSpeech, annotated for Parler-TTS training.",
      id: "parler-tts/mls_eng_10k",
    },
    {
      description: "LibriTTS-R: restored, high-quality LibriTTS speech for training natural TTS voices.",
      id: "mythicinfinity/libritts_r",
    },
    {
      description: "Multilingual LibriSpeech: read audiobooks in eight languages.",
      id: "facebook/multilingual_librispeech",
    },
  ],
  demo: {
    inputs: [{ label: "Input", content: "Up! Up, up! Turn up the volume.", type: "text" }],
    outputs: [{ filename: "audio.wav", type: "audio" }],
  },
  metrics: [
    {
      description:
        "Mel Cepstral Distortion: the spectral distance between synthesised and reference speech. Lower is better.",
      id: "mel cepstral distortion",
    },
  ],
  models: [
    {
      description:
        "Parler-TTS large: controls the voice, pace and recording conditions with a text description.",
      id: "parler-tts/parler-tts-large-v1",
    },
    {
      description: "F5-TTS: flow-matching TTS that clones a voice from a short reference clip.",
      id: "SWivid/F5-TTS",
    },
    {
      description: "Fish Speech 1.5: multilingual TTS with zero-shot voice cloning.",
      id: "fishaudio/fish-speech-1.5",
    },
    {
      description: "OuteTTS 0.1: a small language-model-based TTS built on a 350M-parameter LLM.",
      id: "OuteAI/OuteTTS-0.1-350M",
    },
    {
      description: "Kokoro 82M: a tiny, fast TTS model with natural-sounding voices.",
      id: "hexgrad/Kokoro-82M",
    },
  ],
  spaces: [
    { description: "Synthesise speech with Kokoro's voices.", id: "hexgrad/Kokoro-TTS" },
    { description: "Text to speech and voice cloning with Fish Speech.", id: "fishaudio/fish-speech-1" },
    { description: "Clone a voice from a reference clip with E2 and F5 TTS.", id: "mrfakename/E2-F5-TTS" },
    {
      description: "Describe the speaking style in words and let Parler-TTS read your text.",
      id: "parler-tts/parler-tts-expresso",
    },
    {
      description: "Turns a text into a two-voice podcast with Kokoro.",
      id: "ngxson/kokoro-podcast-generator",
    },
  ],
  summary:
    "Text-to-speech (TTS) models read a text aloud in a natural-sounding voice. Modern models control speaker identity, emotion and pace, and many can clone a voice from a few seconds of reference audio. TTS is used for voice assistants, audiobooks, accessibility and dubbing.",
  widgetModels: ["suno/bark"],
  youtubeId: "NW62DpzJ274",
};

export default taskData;
