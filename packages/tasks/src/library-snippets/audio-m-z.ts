// Snippets for speech and audio libraries (ASR, TTS, music generation, speaker diarization).
import type { ModelData } from "../model-data.js";
import { hasTag, py, sh } from "./common.js";
import { exampleText, hoistPythonImports, repoName, shDownload } from "./helpers-m-z.js";
import type { LibrarySnippet } from "./index.js";

const TTS_TEXT = "Hello! This sentence was written as text and spoken by a neural voice.";

function ttsText(model: ModelData): string {
  return model.pipeline_tag === "text-to-speech" ? (exampleText(model) ?? TTS_TEXT) : TTS_TEXT;
}

const mars5Tts: LibrarySnippet = (model) => [
  [
    "# Run from a clone of https://github.com/Camb-ai/MARS5-TTS (pip install -r requirements.txt)",
    "import librosa",
    "import torch",
    "from inference import InferenceConfig, Mars5TTS",
    "",
    `mars5 = Mars5TTS.from_pretrained(${py(model.id)})`,
    "",
    "# a 2-12 second clip of the voice to clone, and what is said in it",
    'wav, _ = librosa.load("reference.wav", sr=mars5.sr, mono=True)',
    "reference = torch.from_numpy(wav)",
    'reference_transcript = "The transcript of reference.wav."',
    "",
    "config = InferenceConfig(deep_clone=True, temperature=0.7, top_k=200)",
    `ar_codes, output_audio = mars5.tts(${py(TTS_TEXT)}, reference, reference_transcript, cfg=config)`,
  ].join("\n"),
];

/** NeMo: ASR models have a stable generic loader; other domains need their collection's class. */
const nemo: LibrarySnippet = (model) => {
  const id = py(model.id);
  if (
    model.pipeline_tag === "automatic-speech-recognition" ||
    hasTag(model, "automatic-speech-recognition")
  ) {
    return [
      [
        "import nemo.collections.asr as nemo_asr",
        "",
        `asr_model = nemo_asr.models.ASRModel.from_pretrained(${id})`,
        "",
        'transcriptions = asr_model.transcribe(["file.wav"])',
        "print(transcriptions[0])",
      ].join("\n"),
    ];
  }
  if (model.pipeline_tag === "text-to-speech" || hasTag(model, "text-to-speech")) {
    return [
      [
        "# NeMo text-to-speech models produce spectrograms; a vocoder turns them into audio.",
        "from nemo.collections.tts.models.base import SpectrogramGenerator",
        "",
        `spec_generator = SpectrogramGenerator.from_pretrained(${id})`,
        `tokens = spec_generator.parse(${py(ttsText(model))})`,
        "spectrogram = spec_generator.generate_spectrogram(tokens=tokens)",
      ].join("\n"),
    ];
  }
  return [
    [
      "# tag did not correspond to a valid NeMo domain: restoring the checkpoint with the generic loader,",
      "# which builds the model class named in the .nemo file's config.",
      "from nemo.core import ModelPT",
      "",
      `model = ModelPT.from_pretrained(${id})`,
    ].join("\n"),
  ];
};

/** Moshi ships three backends; the repository name tells which one a checkpoint is for. */
const moshi: LibrarySnippet = (model) => {
  const id = sh(model.id);
  const name = repoName(model);
  if (name.includes("-mlx")) {
    const quant = name.includes("-q4") ? " -q 4" : name.includes("-q8") ? " -q 8" : "";
    return [
      [
        "# MLX backend (Apple silicon)",
        "pip install moshi_mlx",
        `python -m moshi_mlx.local_web${quant} --hf-repo ${id}`,
      ].join("\n"),
    ];
  }
  if (name.includes("-candle")) {
    return [
      [
        "# Candle (Rust) backend: build the server from https://github.com/kyutai-labs/moshi",
        "git clone https://github.com/kyutai-labs/moshi.git",
        "cd moshi/rust",
        `# set "hf_repo" to ${id} in moshi-backend/config.json, then:`,
        "cargo run --features cuda --bin moshi-backend -r -- --config moshi-backend/config.json standalone",
      ].join("\n"),
    ];
  }
  return [
    [
      "# PyTorch backend: a web UI for full-duplex speech conversation at https://localhost:8998",
      "pip install moshi",
      `python -m moshi.server --hf-repo ${id}`,
    ].join("\n"),
    [
      "import torch",
      "from moshi.models import loaders",
      "",
      `checkpoint = loaders.CheckpointInfo.from_hf_repo(${py(model.id)})`,
      'mimi = checkpoint.get_mimi(device="cuda")  # the streaming audio codec',
      "mimi.set_num_codebooks(8)",
      "",
      "wav = torch.randn(1, 1, 24000 * 10)  # [batch, channels, samples] at 24 kHz",
      "with torch.no_grad():",
      "    codes = mimi.encode(wav.cuda())",
      "    decoded = mimi.decode(codes)",
    ].join("\n"),
  ];
};

/** OpenASR runs speech models packed as .oasr files from its CLI. */
const openasr: LibrarySnippet = (model) => [
  [
    "# Install the openasr CLI: https://github.com/QuintinShaw/openasr",
    shDownload(model.id, "openasr-pack", "*.oasr"),
    'openasr transcribe audio.wav --model-pack "$(ls openasr-pack/*.oasr | head -n 1)" --format text',
  ].join("\n"),
];

/** OuteTTS names its model versions in an enum; the repo name gives version and size. */
function outeTtsEnum(model: ModelData): string | undefined {
  const match = /OuteTTS-(\d+)\.(\d+)-(\d+(?:\.\d+)?)B/i.exec(model.id);
  if (!match) return undefined;
  const [, major, minor, size] = match;
  return `VERSION_${major}_${minor}_SIZE_${size.replace(".", "_")}B`;
}

const outetts: LibrarySnippet = (model) => {
  const gguf = hasTag(model, "gguf");
  const version = outeTtsEnum(model);
  const config = version
    ? [
        `# ${py(model.id)} is outetts.Models.${version}`,
        "config = outetts.ModelConfig.auto_config(",
        `    model=outetts.Models.${version},`,
        `    backend=outetts.Backend.${gguf ? "LLAMACPP" : "HF"},`,
        ...(gguf ? ["    quantization=outetts.LlamaCppQuantization.Q8_0,"] : []),
        ")",
      ]
    : [
        "# The repository name does not give the OuteTTS version: set the interface version to match the model.",
        "config = outetts.ModelConfig(",
        `    model_path=${py(model.id)},`,
        `    tokenizer_path=${py(model.id)},`,
        "    interface_version=outetts.InterfaceVersion.V3,",
        "    backend=outetts.Backend.HF,",
        ")",
      ];
  return [
    ["pip install outetts", ...(gguf ? ["# the llama.cpp backend also needs llama-cpp-python"] : [])].join(
      "\n",
    ),
    [
      "import outetts",
      "",
      ...config,
      "interface = outetts.Interface(config=config)",
      "",
      'speaker = interface.load_default_speaker("EN-FEMALE-1-NEUTRAL")',
      "output = interface.generate(",
      `    config=outetts.GenerationConfig(text=${py(ttsText(model))}, speaker=speaker),`,
      ")",
      'output.save("output.wav")',
    ].join("\n"),
  ];
};

const pocketTts: LibrarySnippet = (model) => [
  [
    "import scipy.io.wavfile",
    "from pocket_tts import TTSModel",
    "",
    `tts_model = TTSModel.load_model(${py(model.id)})`,
    "# the voice to speak with: any short audio prompt, local or on the Hub",
    'voice_state = tts_model.get_state_for_audio_prompt("hf://kyutai/tts-voices/alba-mackenna/casual.wav")',
    `audio = tts_model.generate_audio(voice_state, ${py(ttsText(model))})`,
    'scipy.io.wavfile.write("output.wav", tts_model.sample_rate, audio.numpy())',
  ].join("\n"),
];

const pyannoteAudio: LibrarySnippet = (model) => {
  const id = py(model.id);
  if (hasTag(model, "pyannote-audio-pipeline")) {
    return [
      [
        "from pyannote.audio import Audio, Pipeline",
        "from pyannote.core import Segment",
        "",
        "# gated model: accept its conditions on the Hub, then log in with `huggingface-cli login`",
        `pipeline = Pipeline.from_pretrained(${id})`,
        "",
        "# whole file",
        'output = pipeline("file.wav")',
        "",
        "# only seconds 2 to 5",
        'waveform, sample_rate = Audio().crop("file.wav", Segment(2.0, 5.0))',
        'output = pipeline({"waveform": waveform, "sample_rate": sample_rate})',
      ].join("\n"),
    ];
  }
  return [
    [
      "from pyannote.audio import Inference, Model",
      "from pyannote.core import Segment",
      "",
      "# gated model: accept its conditions on the Hub, then log in with `huggingface-cli login`",
      `model = Model.from_pretrained(${id})`,
      "inference = Inference(model)",
      "",
      "# whole file",
      'output = inference("file.wav")',
      "",
      "# only seconds 2 to 5",
      'output = inference.crop("file.wav", Segment(2.0, 5.0))',
    ].join("\n"),
  ];
};

/** Qwen3-TTS ships three kinds of checkpoints; each has its own generate method. */
const qwen3Tts: LibrarySnippet = (model) => {
  const name = repoName(model);
  const load = [
    "import soundfile as sf",
    "import torch",
    "from qwen_tts import Qwen3TTSModel",
    "",
    "model = Qwen3TTSModel.from_pretrained(",
    `    ${py(model.id)},`,
    '    device_map="cuda:0",',
    "    dtype=torch.bfloat16,",
    ")",
    "",
  ];
  let generate: string[];
  if (name.includes("voicedesign")) {
    generate = [
      "wavs, sr = model.generate_voice_design(",
      `    text=${py(TTS_TEXT)},`,
      '    language="English",',
      '    instruct="A calm, warm middle-aged male voice with a slight British accent.",',
      ")",
    ];
  } else if (name.includes("base")) {
    generate = [
      "# voice cloning from a short reference clip and its transcript",
      "wavs, sr = model.generate_voice_clone(",
      `    text=${py(TTS_TEXT)},`,
      '    language="English",',
      '    ref_audio="reference.wav",',
      '    ref_text="The transcript of reference.wav.",',
      ")",
    ];
  } else {
    generate = [
      "wavs, sr = model.generate_custom_voice(",
      `    text=${py(TTS_TEXT)},`,
      '    language="English",',
      '    speaker="Ryan",',
      ")",
    ];
  }
  return [
    "pip install -U qwen-tts",
    [...load, ...generate, 'sf.write("output.wav", wavs[0], sr)'].join("\n"),
  ];
};

/** speechbrain interface → [module under speechbrain.inference, code using `model`]. */
const SPEECHBRAIN_INTERFACES: Record<string, [string, string[]]> = {
  EncoderClassifier: ["classifiers", ['prediction = model.classify_file("file.wav")', "print(prediction)"]],
  EncoderDecoderASR: ["ASR", ['print(model.transcribe_file("file.wav"))']],
  EncoderASR: ["ASR", ['print(model.transcribe_file("file.wav"))']],
  WhisperASR: ["ASR", ['print(model.transcribe_file("file.wav"))']],
  SpectralMaskEnhancement: ["enhancement", ['enhanced = model.enhance_file("file.wav")']],
  WaveformEnhancement: ["enhancement", ['enhanced = model.enhance_file("file.wav")']],
  SepformerSeparation: ["separation", ['sources = model.separate_file("file.wav")']],
  SpeakerRecognition: [
    "speaker",
    [
      'score, same_speaker = model.verify_files("speaker1.wav", "speaker2.wav")',
      "print(score, same_speaker)",
    ],
  ],
  Tacotron2: ["TTS", ['mel_output, mel_length, alignment = model.encode_text("Mary had a little lamb")']],
  FastSpeech2: [
    "TTS",
    ['mel_output, durations, pitch, energy = model.encode_text(["Mary had a little lamb"])'],
  ],
  HIFIGAN: [
    "vocoders",
    ["# mel_specs: a batch of mel spectrograms", "waveforms = model.decode_batch(mel_specs)"],
  ],
};

const VOCODER_MODULES: Record<string, string> = { HIFIGAN: "vocoders", DiffWaveVocoder: "vocoders" };

const speechbrain: LibrarySnippet = (model) => {
  const settings = model.config?.speechbrain;
  const speechbrainInterface = settings?.speechbrain_interface;
  const id = py(model.id);
  const savedir = py(`pretrained_models/${pythonSafeDir(model.id)}`);
  const known = speechbrainInterface ? SPEECHBRAIN_INTERFACES[speechbrainInterface] : undefined;
  if (!speechbrainInterface || !known) {
    const why = speechbrainInterface
      ? `# ⚠️ interface in config.json invalid: ${JSON.stringify(speechbrainInterface)} is not a speechbrain inference class.`
      : "# ⚠️ interface not specified in config.json (speechbrain_interface).";
    return [
      [
        why,
        "# Loading the model's hyperparams.yaml with the generic interface; use the task's class for its helpers.",
        "from speechbrain.inference.interfaces import Pretrained",
        "",
        `model = Pretrained.from_hparams(source=${id}, savedir=${savedir})`,
      ].join("\n"),
    ];
  }
  const [module, usage] = known;
  const code = [
    `from speechbrain.inference.${module} import ${speechbrainInterface}`,
    "",
    `model = ${speechbrainInterface}.from_hparams(source=${id}, savedir=${savedir})`,
    ...usage,
  ];
  const vocoderInterface = settings?.vocoder_interface;
  const vocoderId = settings?.vocoder_model_id;
  if (module === "TTS" && vocoderInterface && vocoderId) {
    const vocoderModule = VOCODER_MODULES[vocoderInterface] ?? "vocoders";
    code.push(
      "",
      "# turn the spectrogram into audio with the model's vocoder",
      "import torchaudio",
      `from speechbrain.inference.${vocoderModule} import ${vocoderInterface}`,
      "",
      `vocoder = ${vocoderInterface}.from_hparams(source=${py(vocoderId)}, savedir=${py(`pretrained_models/${pythonSafeDir(vocoderId)}`)})`,
      "waveforms = vocoder.decode_batch(mel_output)",
      'torchaudio.save("output.wav", waveforms.squeeze(1), 22050)',
    );
  }
  return [hoistPythonImports(code.join("\n"))];
};

function pythonSafeDir(modelId: string): string {
  return modelId.replace(/[^\w.-]/g, "_");
}

const stableAudioTools: LibrarySnippet = (model) => [
  [
    "import torch",
    "import torchaudio",
    "from einops import rearrange",
    "from stable_audio_tools import get_pretrained_model",
    "from stable_audio_tools.inference.generation import generate_diffusion_cond",
    "",
    'device = "cuda" if torch.cuda.is_available() else "cpu"',
    "",
    `model, model_config = get_pretrained_model(${py(model.id)})`,
    'sample_rate = model_config["sample_rate"]',
    'sample_size = model_config["sample_size"]',
    "model = model.to(device)",
    "",
    'conditioning = [{"prompt": "128 BPM tech house drum loop", "seconds_start": 0, "seconds_total": 30}]',
    "",
    "output = generate_diffusion_cond(",
    "    model,",
    "    steps=100,",
    "    cfg_scale=7,",
    "    conditioning=conditioning,",
    "    sample_size=sample_size,",
    "    device=device,",
    ")",
    "",
    "# batch of stereo clips -> one stereo track, peak-normalized 16-bit",
    'output = rearrange(output, "b d n -> d (b n)")',
    "output = output.to(torch.float32).div(torch.max(torch.abs(output))).clamp(-1, 1).mul(32767).to(torch.int16).cpu()",
    'torchaudio.save("output.wav", output, sample_rate)',
  ].join("\n"),
];

const supertonic: LibrarySnippet = (model) => [
  "pip install supertonic",
  [
    "from supertonic import TTS",
    "",
    `# downloads the ONNX voices from the Hub (${py(model.id)}) on first use`,
    "tts = TTS(auto_download=True)",
    'style = tts.get_voice_style(voice_name="M1")',
    "",
    `wav, duration = tts.synthesize(${py(ttsText(model))}, voice_style=style)`,
    'tts.save_audio(wav, "output.wav")',
  ].join("\n"),
];

const tensorflowtts: LibrarySnippet = (model) => {
  const id = py(model.id);
  if (hasTag(model, "text-to-mel")) {
    return [
      [
        "import tensorflow as tf",
        "from tensorflow_tts.inference import AutoProcessor, TFAutoModel",
        "",
        `processor = AutoProcessor.from_pretrained(${id})`,
        `text_to_mel = TFAutoModel.from_pretrained(${id})`,
        "",
        `input_ids = processor.text_to_sequence(${py(TTS_TEXT)})`,
        "# Tacotron2 returns (decoder output, mel outputs, stop tokens, alignments)",
        "outputs = text_to_mel.inference(",
        "    input_ids=tf.expand_dims(tf.convert_to_tensor(input_ids, dtype=tf.int32), 0),",
        "    input_lengths=tf.convert_to_tensor([len(input_ids)], tf.int32),",
        "    speaker_ids=tf.convert_to_tensor([0], dtype=tf.int32),",
        ")",
      ].join("\n"),
    ];
  }
  if (hasTag(model, "mel-to-wav")) {
    return [
      [
        "from tensorflow_tts.inference import TFAutoModel",
        "",
        `vocoder = TFAutoModel.from_pretrained(${id})`,
        "# mel_outputs: [batch, frames, 80] mel spectrograms from a text-to-mel model",
        "audios = vocoder.inference(mel_outputs)",
      ].join("\n"),
    ];
  }
  return [
    [
      "from tensorflow_tts.inference import TFAutoModel",
      "",
      `model = TFAutoModel.from_pretrained(${id})`,
    ].join("\n"),
  ];
};

const voicecraft: LibrarySnippet = (model) => [
  [
    "# Run from a clone of https://github.com/jasonppy/VoiceCraft",
    "from models.voicecraft import VoiceCraft",
    "",
    `model = VoiceCraft.from_pretrained(${py(model.id)})`,
    "# see inference_tts.ipynb / inference_speech_editing.ipynb in the repository for the decoding loop",
  ].join("\n"),
];

const voxcpm: LibrarySnippet = (model) => [
  "pip install voxcpm",
  [
    "import soundfile as sf",
    "from voxcpm import VoxCPM",
    "",
    `model = VoxCPM.from_pretrained(${py(model.id)})`,
    "",
    "wav = model.generate(",
    `    text=${py(ttsText(model))},`,
    "    prompt_wav_path=None,  # a reference clip to clone a voice",
    "    prompt_text=None,  # and its transcript",
    "    cfg_value=2.0,",
    "    inference_timesteps=10,",
    ")",
    'sf.write("output.wav", wav, model.tts_model.sample_rate)',
  ].join("\n"),
];

const vui: LibrarySnippet = (model) => [
  "pip install git+https://github.com/fluxions-ai/vui",
  [
    "import torchaudio",
    "from vui.inference import render",
    "from vui.model import Vui",
    "",
    `# the default checkpoint comes from ${py(model.id)}`,
    "model = Vui.from_pretrained().cuda()",
    `waveform = render(model, ${py(TTS_TEXT)})`,
    'torchaudio.save("output.wav", waveform[0].cpu(), 22050)',
  ].join("\n"),
];

const vibevoice: LibrarySnippet = (model) => [
  [
    "# pip install git+https://github.com/microsoft/VibeVoice",
    "import soundfile as sf",
    "import torch",
    "from vibevoice.modular.modeling_vibevoice_inference import VibeVoiceForConditionalGenerationInference",
    "from vibevoice.processor.vibevoice_processor import VibeVoiceProcessor",
    "",
    `processor = VibeVoiceProcessor.from_pretrained(${py(model.id)})`,
    "model = VibeVoiceForConditionalGenerationInference.from_pretrained(",
    `    ${py(model.id)}, torch_dtype=torch.bfloat16`,
    ').to("cuda").eval()',
    "model.set_ddpm_inference_steps(num_steps=10)",
    "",
    "# one reference clip (24 kHz mono) per speaker",
    'script = "Speaker 1: Did you try the new model?\\nSpeaker 2: Yes, it sounds remarkably natural."',
    'inputs = processor(text=[script], voice_samples=[["speaker1.wav", "speaker2.wav"]], return_tensors="pt").to("cuda")',
    "outputs = model.generate(**inputs, cfg_scale=1.3, tokenizer=processor.tokenizer)",
    'processor.save_audio(outputs.speech_outputs[0], output_path="output.wav")',
  ].join("\n"),
];

/** Rev's Reverb: the ASR model runs with the repository's WeNet scripts, the diarization models with pyannote. */
const reverb: LibrarySnippet = (model) => {
  const clone = ["git clone https://github.com/revdotcom/reverb.git", "cd reverb"];
  if (/diariz/i.test(model.id)) {
    return [
      [
        ...clone,
        "pip install -r diarization/requirements.txt",
        "cd diarization",
        "",
        "# writes one RTTM file of speaker turns per audio file",
        `python infer_pyannote3.0.py audio.wav --out-dir diarization_output --lstm-model ${sh(model.id)}`,
      ].join("\n"),
    ];
  }
  return [
    [
      ...clone,
      "pip install -r asr/requirements.txt",
      "",
      "# config.yaml and the checkpoint (reverb_asr_v1.pt)",
      `hf download ${sh(model.id)} --local-dir reverb-asr`,
      "",
      "# verbatimicity: 1.0 keeps every spoken word (fillers, repetitions), 0.0 gives a clean transcript",
      "cd asr",
      'export PYTHONPATH="$(pwd):$PYTHONPATH"',
      "python wenet/bin/recognize_wav.py --config ../reverb-asr/config.yaml \\",
      '  --checkpoint "$(ls ../reverb-asr/*.pt | head -n 1)" \\',
      "  --audio audio.wav \\",
      "  --modes ctc_prefix_beam_search attention_rescoring \\",
      "  --gpu 0 \\",
      "  --verbatimicity 1.0 \\",
      "  --result_dir output",
    ].join("\n"),
  ];
};

/** The repository the WhisperKit CLI downloads its Core ML variants from when given only --model. */
const WHISPERKIT_DEFAULT_REPO = "argmaxinc/whisperkit-coreml";

const whisperkit: LibrarySnippet = (model) => {
  const install = ["# macOS: install the CLI with Homebrew", "brew install whisperkit-cli", ""];
  if (model.id !== WHISPERKIT_DEFAULT_REPO) {
    // The CLI has no option naming another repository: download it and point --model-path at a variant.
    return [
      [
        ...install,
        "# Core ML models (AudioEncoder, TextDecoder, MelSpectrogram) of a converted Whisper checkpoint",
        `hf download ${sh(model.id)} --local-dir whisperkit-models`,
        "",
        "# the models sit at the root or, one variant per folder, below it (the first folder is used here)",
        "model_dir=whisperkit-models",
        '[ -d "$model_dir/AudioEncoder.mlmodelc" ] || model_dir="$(ls -d whisperkit-models/*/ | head -n 1)"',
        'whisperkit-cli transcribe --model-path "$model_dir" --audio-path audio.wav',
      ].join("\n"),
    ];
  }
  return [
    [
      ...install,
      `# the CLI downloads the chosen variant from ${model.id}, e.g. large-v3`,
      'whisperkit-cli transcribe --model "large-v3" --audio-path audio.wav',
      "",
      "# distilled variants",
      'whisperkit-cli transcribe --model "large-v3" --model-prefix "distil" --audio-path audio.wav --verbose',
      "",
      "# every option",
      "whisperkit-cli transcribe --help",
    ].join("\n"),
  ];
};

const zonos: LibrarySnippet = (model) => [
  "pip install git+https://github.com/Zyphra/Zonos.git",
  [
    "import torchaudio",
    "from zonos.conditioning import make_cond_dict",
    "from zonos.model import Zonos",
    "",
    `model = Zonos.from_pretrained(${py(model.id)}, device="cuda")`,
    "",
    "# a 5-10 second clip of the voice to clone",
    'wav, sampling_rate = torchaudio.load("speaker.wav")',
    "speaker = model.make_speaker_embedding(wav, sampling_rate)",
    "",
    `cond_dict = make_cond_dict(text=${py(ttsText(model))}, speaker=speaker, language="en-us")`,
    "codes = model.generate(model.prepare_conditioning(cond_dict))",
    "",
    "audio = model.autoencoder.decode(codes).cpu()",
    'torchaudio.save("output.wav", audio[0], model.autoencoder.sampling_rate)',
  ].join("\n"),
];

const magentaRealtime: LibrarySnippet = (model) => [
  "pip install 'magenta_rt[gpu]'",
  [
    "from magenta_rt import audio, system",
    "",
    `# weights are fetched from ${py(model.id)}`,
    "mrt = system.MagentaRT()",
    'style = system.embed_style("funky synth bass, upbeat drums")',
    "",
    "state = None",
    "chunks = []",
    "for _ in range(10):  # about 20 seconds of music, 2 s per chunk",
    "    state, chunk = mrt.generate_chunk(state=state, style=style)",
    "    chunks.append(chunk)",
    "",
    "generated = audio.concatenate(chunks, crossfade_time=mrt.crossfade_length)",
    'generated.write("output.wav")',
  ].join("\n"),
];

const songbloom: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/Cypress-Yang/SongBloom.git",
    "cd SongBloom",
    "pip install -r requirements.txt",
    "",
    `# checkpoints come from ${sh(model.id)}; each line of the JSONL gives lyrics and a 10 s style prompt`,
    "python3 infer.py --input-jsonl example/test.jsonl --dtype bfloat16",
  ].join("\n"),
];

const tencentSongGeneration: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/tencent-ailab/SongGeneration.git",
    "cd SongGeneration",
    "pip install -r requirements.txt",
    "",
    shDownload(model.id, "ckpt"),
    "",
    "# each line of the JSONL holds an id, the structured lyrics and an optional description or prompt audio",
    "sh generate.sh ckpt sample/lyrics.jsonl sample/output",
  ].join("\n"),
];

const miniOmni2: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/gpt-omni/mini-omni2.git",
    "cd mini-omni2",
    "pip install -r requirements.txt",
    "",
    `# the checkpoint (${sh(model.id)}) is downloaded on first run`,
    "python3 inference_vision.py",
  ].join("\n"),
];

export const AUDIO_FAMILY_M_TO_Z: Record<string, LibrarySnippet> = {
  "mars5-tts": mars5Tts,
  nemo,
  moshi,
  openasr,
  outetts,
  "pocket-tts": pocketTts,
  "pyannote-audio": pyannoteAudio,
  qwen3_tts: qwen3Tts,
  speechbrain,
  "stable-audio-tools": stableAudioTools,
  supertonic,
  tensorflowtts,
  voicecraft,
  voxcpm,
  vui,
  vibevoice,
  reverb,
  whisperkit,
  zonos,
  "magenta-realtime": magentaRealtime,
  songbloom,
  "tencent-song-generation": tencentSongGeneration,
  "mini-omni2": miniOmni2,
};
