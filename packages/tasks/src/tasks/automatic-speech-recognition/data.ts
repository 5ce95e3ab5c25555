import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Common Voice 17: crowd-sourced read speech in more than 100 languages, with transcripts; the go-to set for multilingual fine-tuning.",
      id: "mozilla-foundation/common_voice_17_0",
    },
    {
      description:
        "Emilia: over 100,000 hours of spontaneous, in-the-wild speech in six languages, extracted from talk shows, debates and podcasts.",
      id: "amphion/Emilia-Dataset",
    },
    {
      description:
        "The English part of Multilingual LibriSpeech: about 44,000 hours of read audiobooks with transcripts.",
      id: "parler-tts/mls_eng",
    },
    {
      description:
        "YODAS: a very large multilingual corpus of YouTube speech with manual and automatic subtitles, covering over 100 languages.",
      id: "espnet/yodas",
    },
  ],
  demo: {
    inputs: [{ filename: "input.flac", type: "audio" }],
    outputs: [
      {
        label: "Transcript",
        content: "Please turn off the lights in the kitchen.",
        type: "text",
      },
    ],
  },
  metrics: [
    {
      description:
        "Word error rate: substitutions, deletions and insertions divided by the number of reference words. Lower is better.",
      id: "wer",
    },
    {
      description:
        "Character error rate: the same count at character level; preferred for languages written without spaces.",
      id: "cer",
    },
  ],
  models: [
    {
      description:
        "Whisper large-v3: robust multilingual transcription and translation to English in about 100 languages, with timestamps.",
      id: "openai/whisper-large-v3",
    },
    {
      description:
        "w2v-BERT 2.0: a speech encoder pretrained on 4.5 million hours in 143 languages; fine-tune it with CTC for low-resource languages.",
      id: "facebook/w2v-bert-2.0",
    },
    {
      description:
        "SeamlessM4T v2 large: one model for speech recognition, speech and text translation in about 100 languages.",
      id: "facebook/seamless-m4t-v2-large",
    },
    {
      description:
        "NVIDIA Canary 1B: transcribes and translates English, German, French and Spanish with very low word error rates.",
      id: "nvidia/canary-1b",
    },
    {
      description:
        "pyannote speaker diarization 3.1: tells who spoke when, to combine with a transcription model.",
      id: "pyannote/speaker-diarization-3.1",
    },
  ],
  spaces: [
    {
      description:
        "Transcribe or translate microphone input, uploaded files or YouTube videos with Whisper large-v3.",
      id: "hf-audio/whisper-large-v3",
    },
    {
      description: "Fast transcription with Moonshine, a small speech model built for live, on-device use.",
      id: "mrfakename/Moonshinex",
    },
    {
      description: "Try SeamlessM4T: speech and text in, translated speech and text out.",
      id: "facebook/seamless_m4t",
    },
    {
      description: "Transcribe and translate audio with NVIDIA Canary 1B.",
      id: "nvidia/canary-1b",
    },
  ],
  summary:
    "Automatic speech recognition (ASR) turns spoken audio into text. Modern models are trained on hundreds of thousands of hours of speech, handle many languages and accents, and can add timestamps or translate while they transcribe. ASR powers captions, meeting notes, voice assistants and the indexing of audio archives.",
  widgetModels: ["openai/whisper-large-v3"],
  youtubeId: "TksaY_FDgnk",
};

export default taskData;
