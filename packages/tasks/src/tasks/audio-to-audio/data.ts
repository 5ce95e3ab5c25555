import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "Speaker x-vectors computed from the CMU ARCTIC recordings; used to pick the target voice in voice conversion and speech synthesis.",
      id: "Matthijs/cmu-arctic-xvectors",
    },
  ],
  demo: {
    inputs: [{ filename: "input.wav", type: "audio" }],
    outputs: [
      { filename: "label-0.wav", type: "audio" },
      { filename: "label-1.wav", type: "audio" },
    ],
  },
  metrics: [
    {
      description:
        "Scale-invariant signal-to-noise ratio improvement (SI-SNRi, in dB): how much cleaner each separated source is than the mixture.",
      id: "snri",
    },
    {
      description:
        "Signal-to-distortion ratio improvement (SDRi, in dB): the gain in overall quality of the separated sources over the mixture.",
      id: "sdri",
    },
  ],
  models: [
    {
      description: "Resemble Enhance: removes noise and restores bandwidth in speech recordings.",
      id: "ResembleAI/resemble-enhance",
    },
    {
      description:
        "SpeechT5 fine-tuned for voice conversion: says the same words in the voice of a target speaker.",
      id: "microsoft/speecht5_vc",
    },
  ],
  spaces: [
    {
      description: "Separates two overlapping speakers in a recording with a SpeechBrain SepFormer model.",
      id: "younver/speechbrain-speech-separation",
    },
    {
      description: "Transfers the style of one music clip onto another with an audio diffusion model.",
      id: "nakas/audio-diffusion_style_transfer",
    },
  ],
  summary:
    "Audio-to-audio models take audio in and return one or more transformed audio signals. The task covers speech enhancement (removing noise), source separation (splitting a mixture into its speakers or instruments) and voice conversion. Outputs are waveforms at the input's sampling rate, one per estimated source.",
  widgetModels: ["speechbrain/sepformer-wham"],
  youtubeId: "iohj7nCCYoM",
};

export default taskData;
