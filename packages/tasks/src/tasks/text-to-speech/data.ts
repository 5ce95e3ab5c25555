import type { TaskDataCustom } from "../types.js";

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
      description: "Kitten TTS nano: a tiny model that speaks clearly on a CPU.",
      id: "KittenML/kitten-tts-nano-0.1",
    },
    {
      description: "Chatterbox: expressive speech with voice cloning and emotion control.",
      id: "ResembleAI/chatterbox",
    },
    {
      description: "Fish Speech 1.5: multilingual TTS with zero-shot voice cloning.",
      id: "fishaudio/fish-speech-1.5",
    },
    {
      description: "Dia: realistic two-speaker dialogue, with laughs and pauses.",
      id: "nari-labs/Dia-1.6B-0626",
    },
  ],
  spaces: [
    { description: "Synthesise speech with Kokoro's voices.", id: "hexgrad/Kokoro-TTS" },
    { description: "Text to speech and voice cloning with Fish Speech.", id: "fishaudio/fish-speech-1" },
    { description: "Clone a voice and read any text with Chatterbox.", id: "ResembleAI/Chatterbox" },
    { description: "Vote between anonymous speech models in the TTS Arena.", id: "TTS-AGI/TTS-Arena-V2" },
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
