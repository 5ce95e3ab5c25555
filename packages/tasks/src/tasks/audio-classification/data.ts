import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "SUPERB: a benchmark suite of speech tasks, including keyword spotting, speaker identification, intent and emotion classification.",
      id: "s3prl/superb",
    },
    {
      description:
        "AudioSet: about two million 10-second YouTube clips labelled with 527 sound classes, from speech and music to engines and barking dogs.",
      id: "agkphysics/AudioSet",
    },
  ],
  demo: {
    inputs: [{ filename: "audio.wav", type: "audio" }],
    outputs: [
      {
        data: [
          { label: "Up", score: 0.87 },
          { label: "Down", score: 0.08 },
          { label: "Go", score: 0.05 },
        ],
        type: "chart",
      },
    ],
  },
  metrics: [
    { description: "Share of clips assigned the correct class.", id: "accuracy" },
    {
      description:
        "Share of the clips of a class that the model finds; matters when missing a sound is costly.",
      id: "recall",
    },
    {
      description:
        "Share of the model's predictions for a class that are correct; matters when false alarms are costly.",
      id: "precision",
    },
    {
      description: "Harmonic mean of precision and recall; the usual summary when classes are imbalanced.",
      id: "f1",
    },
  ],
  models: [
    {
      description:
        "SpeechBrain x-vector model trained on Google Speech Commands: recognises short spoken keywords such as “yes”, “stop” or “left”.",
      id: "speechbrain/google_speech_command_xvector",
    },
    {
      description:
        "wav2vec2 XLS-R fine-tuned to recognise emotions (angry, calm, happy, sad, …) in English speech.",
      id: "ehcalabres/wav2vec2-lg-xlsr-en-speech-emotion-recognition",
    },
    {
      description:
        "Meta's MMS language identification model: tells which of 126 languages is spoken in a clip.",
      id: "facebook/mms-lid-126",
    },
  ],
  spaces: [
    {
      description: "Classifies uploaded or recorded audio into sound categories and shows the top labels.",
      id: "kurianbenoy/audioclassification",
    },
  ],
  summary:
    "Audio classification assigns one or more labels to an audio clip: which command was spoken, which language, which emotion, or which sound is present. Models usually turn the waveform into a spectrogram or learned features and return a score per class. Typical uses are keyword spotting on devices, language identification before transcription and sound-event monitoring.",
  widgetModels: ["MIT/ast-finetuned-audioset-10-10-0.4593"],
  youtubeId: "KWwzcmG98Ds",
};

export default taskData;
