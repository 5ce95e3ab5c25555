// Library snippets: speech: recognition, synthesis and voice cloning, diarization, spoken dialogue. One
// generator per library, keyed by library id; index.ts lists the families.
import { type ModelData } from "../model-data.js";
import {
  commentText,
  cloneAndRun,
  exampleText,
  hasTag,
  hfDownload,
  hoistPythonImports,
  type LibrarySnippet,
  nameWithoutNamespace,
  py,
  pythonInputFor,
  repoName,
  sh,
  shDownload,
} from "./helpers.js";

// README of github.com/SWivid/Habibi-TTS: the pip package's CLI uses the Unified model of the Habibi
// suite by default; the reference clip and its transcript set the voice.
const HABIBI_SUITE = "SWivid/Habibi-TTS";

const TTS_TEXT = "Hello! This sentence was written as text and spoken by a neural voice.";

function ttsText(model: ModelData): string {
  return model.pipeline_tag === "text-to-speech" ? (exampleText(model) ?? TTS_TEXT) : TTS_TEXT;
}

/** OuteTTS names its model versions in an enum; the repo name gives version and size. */
function outeTtsEnum(model: ModelData): string | undefined {
  const match = /OuteTTS-(\d+)\.(\d+)-(\d+(?:\.\d+)?)B/i.exec(model.id);
  if (!match) return undefined;
  const [, major, minor, size] = match;
  return `VERSION_${major}_${minor}_SIZE_${size.replace(".", "_")}B`;
}

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

function pythonSafeDir(modelId: string): string {
  return modelId.replace(/[^\w.-]/g, "_");
}

/** The repository the WhisperKit CLI downloads its Core ML variants from when given only --model. */
const WHISPERKIT_DEFAULT_REPO = "argmaxinc/whisperkit-coreml";

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const SPEECH_SNIPPETS: Record<string, LibrarySnippet> = {
  chatterbox: (model) => {
    const multilingual = /multilingual/i.test(model.id) || hasTag(model, "multilingual");
    const modelClass = multilingual ? "ChatterboxMultilingualTTS" : "ChatterboxTTS";
    const module = multilingual ? "chatterbox.mtl_tts" : "chatterbox.tts";
    const generate = multilingual
      ? `wav = model.generate(text, language_id="en")`
      : `wav = model.generate(text)`;
    return [
      "pip install chatterbox-tts",
      `import torchaudio
from huggingface_hub import snapshot_download
from ${module} import ${modelClass}

model = ${modelClass}.from_local(snapshot_download(${py(model.id)}), device="cuda")

text = "Ezreal and Jinx teamed up with Ahri to take down the enemy's Nexus in an epic late-game pentakill."
${generate}
torchaudio.save("output.wav", wav, model.sr)

# To clone a voice, pass a short reference recording
${generate.replace(")", ', audio_prompt_path="reference.wav")')}
torchaudio.save("output-cloned.wav", wav, model.sr)`,
    ];
  },
  /** Qwen3-TTS ships three kinds of checkpoints; each has its own generate method. */
  qwen3_tts: (model) => {
    const name = repoName(model);
    let generate: string;
    if (name.includes("voicedesign")) {
      generate = `wavs, sr = model.generate_voice_design(
    text=${py(TTS_TEXT)},
    language="English",
    instruct="A calm, warm middle-aged male voice with a slight British accent.",
)`;
    } else if (name.includes("base")) {
      generate = `# voice cloning from a short reference clip and its transcript
wavs, sr = model.generate_voice_clone(
    text=${py(TTS_TEXT)},
    language="English",
    ref_audio="reference.wav",
    ref_text="The transcript of reference.wav.",
)`;
    } else {
      generate = `wavs, sr = model.generate_custom_voice(
    text=${py(TTS_TEXT)},
    language="English",
    speaker="Ryan",
)`;
    }
    return [
      "pip install -U qwen-tts",
      `import soundfile as sf
import torch
from qwen_tts import Qwen3TTSModel

model = Qwen3TTSModel.from_pretrained(
    ${py(model.id)},
    device_map="cuda:0",
    dtype=torch.bfloat16,
)

${generate}
sf.write("output.wav", wavs[0], sr)`,
    ];
  },
  cosyvoice: (model) => {
    const v2 = /cosyvoice2/i.test(model.id);
    const cls = v2 ? "CosyVoice2" : "CosyVoice";
    return [
      `git clone --recursive https://github.com/FunAudioLLM/CosyVoice.git
cd CosyVoice
pip install -r requirements.txt
${hfDownload(model.id, `pretrained_models/${nameWithoutNamespace(model.id)}`)}`,
      `# Run from the CosyVoice folder (it needs third_party/Matcha-TTS on the path)
import sys
sys.path.append("third_party/Matcha-TTS")

import torchaudio
from cosyvoice.cli.cosyvoice import ${cls}
from cosyvoice.utils.file_utils import load_wav

cosyvoice = ${cls}(${py(`pretrained_models/${nameWithoutNamespace(model.id)}`)}, load_jit=False, load_trt=False, fp16=False)

# Zero-shot voice cloning from a 16 kHz reference clip and its transcript
prompt_speech_16k = load_wav("./asset/zero_shot_prompt.wav", 16000)
for index, output in enumerate(
    cosyvoice.inference_zero_shot(
        "Hello, this voice was cloned from a few seconds of audio.",
        "希望你以后能够做的比我还好呦。",
        prompt_speech_16k,
        stream=False,
    )
):
    torchaudio.save(f"zero_shot_{index}.wav", output["tts_speech"], cosyvoice.sample_rate)`,
    ];
  },
  "index-tts": (model) => {
    const v2 = /indextts-?2/i.test(model.id);
    const download = `# Download the checkpoint into ./checkpoints, where the config points
snapshot_download(${py(model.id)}, local_dir="checkpoints")`;
    if (v2) {
      return [
        `from huggingface_hub import snapshot_download
from indextts.infer_v2 import IndexTTS2

${download}

tts = IndexTTS2(cfg_path="checkpoints/config.yaml", model_dir="checkpoints", use_fp16=False)
tts.infer(spk_audio_prompt="reference_voice.wav", text="Hello, how are you?", output_path="output.wav")`,
      ];
    }
    return [
      `from huggingface_hub import snapshot_download
from indextts.infer import IndexTTS

${download}

tts = IndexTTS(model_dir="checkpoints", cfg_path="checkpoints/config.yaml")
# The reference recording sets the voice
tts.infer("reference_voice.wav", "Hello, how are you?", "output.wav")`,
    ];
  },
  "dia-tts": (model) => [
    `import soundfile as sf
from dia.model import Dia

model = Dia.from_pretrained(${py(model.id)})

# [S1] and [S2] mark the two speakers; non-verbal cues go in parentheses
text = "[S1] Dia is an open weights text to dialogue model. [S2] You get full control over scripts and voices. [S1] Wow. Amazing. (laughs)"
output = model.generate(text)

sf.write("dialogue.mp3", output, 44100)`,
  ],
  chat_tts: (model) => [
    `import ChatTTS
import torch
import torchaudio
from huggingface_hub import snapshot_download

chat = ChatTTS.Chat()
chat.load(source="custom", custom_path=snapshot_download(${py(model.id)}), compile=False)

texts = ["Hello, this is ChatTTS speaking."]
wavs = chat.infer(texts)

# ChatTTS generates 24 kHz audio
torchaudio.save("output.wav", torch.from_numpy(wavs[0]).unsqueeze(0), 24000)`,
  ],
  "pocket-tts": (model) => [
    `import scipy.io.wavfile
from pocket_tts import TTSModel

tts_model = TTSModel.load_model(${py(model.id)})
# the voice to speak with: any short audio prompt, local or on the Hub
voice_state = tts_model.get_state_for_audio_prompt("hf://kyutai/tts-voices/alba-mackenna/casual.wav")
audio = tts_model.generate_audio(voice_state, ${py(ttsText(model))})
scipy.io.wavfile.write("output.wav", tts_model.sample_rate, audio.numpy())`,
  ],
  /** NeMo: ASR models have a stable generic loader; other domains need their collection's class. */
  nemo: (model) => {
    const id = py(model.id);
    if (
      model.pipeline_tag === "automatic-speech-recognition" ||
      hasTag(model, "automatic-speech-recognition")
    ) {
      return [
        `import nemo.collections.asr as nemo_asr

asr_model = nemo_asr.models.ASRModel.from_pretrained(${id})

transcriptions = asr_model.transcribe(["file.wav"])
print(transcriptions[0])`,
      ];
    }
    if (model.pipeline_tag === "text-to-speech" || hasTag(model, "text-to-speech")) {
      return [
        `# NeMo text-to-speech models produce spectrograms; a vocoder turns them into audio.
from nemo.collections.tts.models.base import SpectrogramGenerator

spec_generator = SpectrogramGenerator.from_pretrained(${id})
tokens = spec_generator.parse(${py(ttsText(model))})
spectrogram = spec_generator.generate_spectrogram(tokens=tokens)`,
      ];
    }
    return [
      `# tag did not correspond to a valid NeMo domain: restoring the checkpoint with the generic loader,
# which builds the model class named in the .nemo file's config.
from nemo.core import ModelPT

model = ModelPT.from_pretrained(${id})`,
    ];
  },
  "f5-tts": (model) => [
    "pip install f5-tts",
    `import glob

from huggingface_hub import snapshot_download
from f5_tts.api import F5TTS

checkpoint_dir = snapshot_download(${py(model.id)})
checkpoint = sorted(glob.glob(f"{checkpoint_dir}/**/*.safetensors", recursive=True))[0]
# \`model\` names the architecture the checkpoint was trained with (F5TTS_v1_Base, F5TTS_Base, E2TTS_Base)
tts = F5TTS(model="F5TTS_v1_Base", ckpt_file=checkpoint)

wav, sample_rate, spectrogram = tts.infer(
    ref_file="reference.wav",
    ref_text="The transcript of the reference recording.",
    gen_text="Text you want to hear in the reference voice.",
    file_wave="output.wav",
)`,
  ],
  outetts: (model) => {
    const gguf = hasTag(model, "gguf");
    const version = outeTtsEnum(model);
    const config = version
      ? `# ${py(model.id)} is outetts.Models.${version}
config = outetts.ModelConfig.auto_config(
    model=outetts.Models.${version},
    backend=outetts.Backend.${gguf ? "LLAMACPP" : "HF"},${gguf ? "\n    quantization=outetts.LlamaCppQuantization.Q8_0," : ""}
)`
      : `# The repository name does not give the OuteTTS version: set the interface version to match the model.
config = outetts.ModelConfig(
    model_path=${py(model.id)},
    tokenizer_path=${py(model.id)},
    interface_version=outetts.InterfaceVersion.V3,
    backend=outetts.Backend.HF,
)`;
    return [
      `pip install outetts${gguf ? "\n# the llama.cpp backend also needs llama-cpp-python" : ""}`,
      `import outetts

${config}
interface = outetts.Interface(config=config)

speaker = interface.load_default_speaker("EN-FEMALE-1-NEUTRAL")
output = interface.generate(
    config=outetts.GenerationConfig(text=${py(ttsText(model))}, speaker=speaker),
)
output.save("output.wav")`,
    ];
  },
  espnet: (model) => {
    const isTts = hasTag(model, "text-to-speech") || model.pipeline_tag === "text-to-speech";
    const isAsr =
      hasTag(model, "automatic-speech-recognition") || model.pipeline_tag === "automatic-speech-recognition";
    const tts = `import soundfile
from espnet2.bin.tts_inference import Text2Speech

model = Text2Speech.from_pretrained(${py(model.id)})

output = model(${isTts ? pythonInputFor(model, "The answer to the universe is 42") : py("The answer to the universe is 42")})
soundfile.write("speech.wav", output["wav"].numpy(), model.fs)`;
    const asr = `import soundfile
from espnet2.bin.asr_inference import Speech2Text

model = Speech2Text.from_pretrained(${py(model.id)})

speech, rate = soundfile.read("speech.wav")
text, *_ = model(speech)[0]
print(text)`;
    if (isTts) {
      return [tts];
    }
    if (isAsr) {
      return [asr];
    }
    return [
      `# ⚠️ Type of model unknown: it must be text-to-speech or automatic-speech-recognition.
# For a speech recognition model:
${asr}`,
      `# For a text-to-speech model:
${tts}`,
    ];
  },
  "habibi-tts": (model) => [
    `pip install habibi-tts

# Arabic speech in the voice of reference.wav (Unified model of ${HABIBI_SUITE}).
# --dialect sets the dialect ID (MSA, SAU, UAE, ALG, IRQ, EGY, MAR, OMN, TUN, LEV, SDN, LBY)
# instead of inferring it from the reference.${
      model.id === HABIBI_SUITE
        ? ""
        : `\n# For ${commentText(model.id)}, habibi-tts_infer-cli --help lists the options that select another checkpoint.`
    }
habibi-tts_infer-cli \\
  --ref_audio reference.wav \\
  --ref_text 'النص المنطوق في التسجيل المرجعي.' \\
  --gen_text 'مرحبا، كيف حالك اليوم؟' \\
  --dialect MSA`,
  ],
  /** Moshi ships three backends; the repository name tells which one a checkpoint is for. */
  moshi: (model) => {
    const id = sh(model.id);
    const name = repoName(model);
    if (name.includes("-mlx")) {
      const quant = name.includes("-q4") ? " -q 4" : name.includes("-q8") ? " -q 8" : "";
      return [
        `# MLX backend (Apple silicon)
pip install moshi_mlx
python -m moshi_mlx.local_web${quant} --hf-repo ${id}`,
      ];
    }
    if (name.includes("-candle")) {
      return [
        `# Candle (Rust) backend: build the server from https://github.com/kyutai-labs/moshi
git clone https://github.com/kyutai-labs/moshi.git
cd moshi/rust
# set "hf_repo" to ${id} in moshi-backend/config.json, then:
cargo run --features cuda --bin moshi-backend -r -- --config moshi-backend/config.json standalone`,
      ];
    }
    return [
      `# PyTorch backend: a web UI for full-duplex speech conversation at https://localhost:8998
pip install moshi
python -m moshi.server --hf-repo ${id}`,
      `import torch
from moshi.models import loaders

checkpoint = loaders.CheckpointInfo.from_hf_repo(${py(model.id)})
mimi = checkpoint.get_mimi(device="cuda")  # the streaming audio codec
mimi.set_num_codebooks(8)

wav = torch.randn(1, 1, 24000 * 10)  # [batch, channels, samples] at 24 kHz
with torch.no_grad():
    codes = mimi.encode(wav.cuda())
    decoded = mimi.decode(codes)`,
    ];
  },

  speechbrain: (model) => {
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
        `${why}
# Loading the model's hyperparams.yaml with the generic interface; use the task's class for its helpers.
from speechbrain.inference.interfaces import Pretrained

model = Pretrained.from_hparams(source=${id}, savedir=${savedir})`,
      ];
    }
    const [module, usage] = known;
    let code = `from speechbrain.inference.${module} import ${speechbrainInterface}

model = ${speechbrainInterface}.from_hparams(source=${id}, savedir=${savedir})
${usage.join("\n")}`;
    const vocoderInterface = settings?.vocoder_interface;
    const vocoderId = settings?.vocoder_model_id;
    if (module === "TTS" && vocoderInterface && vocoderId) {
      const vocoderModule = VOCODER_MODULES[vocoderInterface] ?? "vocoders";
      code += `

# turn the spectrogram into audio with the model's vocoder
import torchaudio
from speechbrain.inference.${vocoderModule} import ${vocoderInterface}

vocoder = ${vocoderInterface}.from_hparams(source=${py(vocoderId)}, savedir=${py(`pretrained_models/${pythonSafeDir(vocoderId)}`)})
waveforms = vocoder.decode_batch(mel_output)
torchaudio.save("output.wav", waveforms.squeeze(1), 22050)`;
    }
    return [hoistPythonImports(code)];
  },
  "kimi-audio": (model) => [
    "pip install git+https://github.com/MoonshotAI/Kimi-Audio.git",
    `import soundfile as sf
from kimia_infer.api.kimia import KimiAudio

model = KimiAudio(model_path=${py(model.id)}, load_detokenizer=True)

sampling_params = {
    "audio_temperature": 0.8,
    "audio_top_k": 10,
    "text_temperature": 0.0,
    "text_top_k": 5,
}

# Speech recognition
messages_asr = [
    {"role": "user", "message_type": "text", "content": "Please transcribe the following audio:"},
    {"role": "user", "message_type": "audio", "content": "asr_example.wav"},
]
_, text = model.generate(messages_asr, **sampling_params, output_type="text")
print(text)

# Spoken conversation: audio in, audio and text out
messages_conversation = [{"role": "user", "message_type": "audio", "content": "qa_example.wav"}]
wav, text = model.generate(messages_conversation, **sampling_params, output_type="both")
sf.write("output_audio.wav", wav.cpu().view(-1).numpy(), 24000)
print(text)`,
  ],
  "mars5-tts": (model) => [
    `# Run from a clone of https://github.com/Camb-ai/MARS5-TTS (pip install -r requirements.txt)
import librosa
import torch
from inference import InferenceConfig, Mars5TTS

mars5 = Mars5TTS.from_pretrained(${py(model.id)})

# a 2-12 second clip of the voice to clone, and what is said in it
wav, _ = librosa.load("reference.wav", sr=mars5.sr, mono=True)
reference = torch.from_numpy(wav)
reference_transcript = "The transcript of reference.wav."

config = InferenceConfig(deep_clone=True, temperature=0.7, top_k=200)
ar_codes, output_audio = mars5.tts(${py(TTS_TEXT)}, reference, reference_transcript, cfg=config)`,
  ],
  dia2: (model) => [
    `from dia2 import Dia2, GenerationConfig, SamplingConfig

dia = Dia2.from_repo(${py(model.id)}, device="cuda", dtype="bfloat16")
config = GenerationConfig(
    cfg_scale=2.0,
    audio=SamplingConfig(temperature=0.8, top_k=50),
    use_cuda_graph=True,
)
result = dia.generate("[S1] Hello Dia2! [S2] Hi, nice to meet you.", config=config, output_wav="hello.wav", verbose=True)`,
  ],
  imstoucan: (model) => [
    `# Run inside a clone of https://github.com/DigitalPhonetics/IMS-Toucan (pip install -r requirements.txt)
from huggingface_hub import snapshot_download
from InferenceInterfaces.ToucanTTSInterface import ToucanTTSInterface

# The interface looks for its checkpoints in Models/
snapshot_download(${py(model.id)}, local_dir="Models/ToucanTTS_Meta")

tts = ToucanTTSInterface(device="cpu")
tts.set_language("eng")
tts.read_to_file(text_list=["Hello world, this is IMS Toucan."], file_location="output.wav")`,
  ],
  asteroid: (model) => [
    `from asteroid.models import BaseModel

model = BaseModel.from_pretrained(${py(model.id)})

# Separates the sources of a mixture and writes them next to it (mixture_est1.wav, …)
model.separate("mixture.wav")`,
  ],
  supertonic: (model) => [
    "pip install supertonic",
    `from supertonic import TTS

# downloads the ONNX voices from the Hub (${py(model.id)}) on first use
tts = TTS(auto_download=True)
style = tts.get_voice_style(voice_name="M1")

wav, duration = tts.synthesize(${py(ttsText(model))}, voice_style=style)
tts.save_audio(wav, "output.wav")`,
  ],
  // Piper (OHF-Voice/piper1-gpl): each voice is an .onnx file with its .onnx.json config; the piper module
  // speaks text into a WAV file.
  piper: (model) => [
    `pip install piper-tts
${hfDownload(model.id, "piper-voices", ["*.onnx", "*.onnx.json"])}

# pick one voice of the repository and speak with it
VOICE=$(find piper-voices -name '*.onnx' | head -n 1)
python3 -m piper -m "$VOICE" -f welcome.wav -- 'Welcome aboard. The next stop is the harbour.'`,
  ],
  k2: (model) => [
    `# k2 checkpoints are icefall recipes' exported models; clone the repository with Git LFS
git lfs install
git clone ${sh(`https://huggingface.co/${model.id}`)}

# Decode with sherpa-onnx (if the repository has exported ONNX files) or with the icefall recipe
pip install sherpa-onnx
ls ${sh(nameWithoutNamespace(model.id))}`,
  ],
  kittentts: (model) => [
    `import soundfile as sf
from kittentts import KittenTTS

model = KittenTTS(${py(model.id)})
audio = model.generate("This high quality TTS model works without a GPU.")

# KittenTTS generates 24 kHz audio
sf.write("output.wav", audio, 24000)`,
  ],
  tensorflowtts: (model) => {
    const id = py(model.id);
    if (hasTag(model, "text-to-mel")) {
      return [
        `import tensorflow as tf
from tensorflow_tts.inference import AutoProcessor, TFAutoModel

processor = AutoProcessor.from_pretrained(${id})
text_to_mel = TFAutoModel.from_pretrained(${id})

input_ids = processor.text_to_sequence(${py(TTS_TEXT)})
# Tacotron2 returns (decoder output, mel outputs, stop tokens, alignments)
outputs = text_to_mel.inference(
    input_ids=tf.expand_dims(tf.convert_to_tensor(input_ids, dtype=tf.int32), 0),
    input_lengths=tf.convert_to_tensor([len(input_ids)], tf.int32),
    speaker_ids=tf.convert_to_tensor([0], dtype=tf.int32),
)`,
      ];
    }
    if (hasTag(model, "mel-to-wav")) {
      return [
        `from tensorflow_tts.inference import TFAutoModel

vocoder = TFAutoModel.from_pretrained(${id})
# mel_outputs: [batch, frames, 80] mel spectrograms from a text-to-mel model
audios = vocoder.inference(mel_outputs)`,
      ];
    }
    return [
      `from tensorflow_tts.inference import TFAutoModel

model = TFAutoModel.from_pretrained(${id})`,
    ];
  },
  /** OpenASR runs speech models packed as .oasr files from its CLI. */
  openasr: (model) => [
    `# Install the openasr CLI: https://github.com/QuintinShaw/openasr
${shDownload(model.id, "openasr-pack", "*.oasr")}
openasr transcribe audio.wav --model-pack "$(ls openasr-pack/*.oasr | head -n 1)" --format text`,
  ],
  voicecraft: (model) => [
    `# Run from a clone of https://github.com/jasonppy/VoiceCraft
from models.voicecraft import VoiceCraft

model = VoiceCraft.from_pretrained(${py(model.id)})
# see inference_tts.ipynb / inference_speech_editing.ipynb in the repository for the decoding loop`,
  ],
  "glm-tts": (model) => [
    cloneAndRun(model, {
      repoUrl: "https://github.com/zai-org/GLM-TTS.git",
      localDir: "ckpt",
      note: "GLM-TTS runs from its repository; see its README for the inference options.",
      run: "python glmtts_inference.py --data=example_zh --exp_name=_test --use_cache",
    }),
  ],
  vui: (model) => [
    "pip install git+https://github.com/fluxions-ai/vui",
    `import torchaudio
from vui.inference import render
from vui.model import Vui

# the default checkpoint comes from ${py(model.id)}
model = Vui.from_pretrained().cuda()
waveform = render(model, ${py(TTS_TEXT)})
torchaudio.save("output.wav", waveform[0].cpu(), 22050)`,
  ],
  voxcpm: (model) => [
    "pip install voxcpm",
    `import soundfile as sf
from voxcpm import VoxCPM

model = VoxCPM.from_pretrained(${py(model.id)})

wav = model.generate(
    text=${py(ttsText(model))},
    prompt_wav_path=None,  # a reference clip to clone a voice
    prompt_text=None,  # and its transcript
    cfg_value=2.0,
    inference_timesteps=10,
)
sf.write("output.wav", wav, model.tts_model.sample_rate)`,
  ],
  /** Rev's Reverb: the ASR model runs with the repository's WeNet scripts, the diarization models with pyannote. */
  reverb: (model) => {
    const clone = "git clone https://github.com/revdotcom/reverb.git\ncd reverb";
    if (/diariz/i.test(model.id)) {
      return [
        `${clone}
pip install -r diarization/requirements.txt
cd diarization

# writes one RTTM file of speaker turns per audio file
python infer_pyannote3.0.py audio.wav --out-dir diarization_output --lstm-model ${sh(model.id)}`,
      ];
    }
    return [
      `${clone}
pip install -r asr/requirements.txt

# config.yaml and the checkpoint (reverb_asr_v1.pt)
hf download ${sh(model.id)} --local-dir reverb-asr

# verbatimicity: 1.0 keeps every spoken word (fillers, repetitions), 0.0 gives a clean transcript
cd asr
export PYTHONPATH="$(pwd):$PYTHONPATH"
python wenet/bin/recognize_wav.py --config ../reverb-asr/config.yaml \\
  --checkpoint "$(ls ../reverb-asr/*.pt | head -n 1)" \\
  --audio audio.wav \\
  --modes ctc_prefix_beam_search attention_rescoring \\
  --gpu 0 \\
  --verbatimicity 1.0 \\
  --result_dir output`,
    ];
  },

  whisperkit: (model) => {
    const install = "# macOS: install the CLI with Homebrew\nbrew install whisperkit-cli\n";
    if (model.id !== WHISPERKIT_DEFAULT_REPO) {
      // The CLI has no option naming another repository: download it and point --model-path at a variant.
      return [
        `${install}
# Core ML models (AudioEncoder, TextDecoder, MelSpectrogram) of a converted Whisper checkpoint
hf download ${sh(model.id)} --local-dir whisperkit-models

# the models sit at the root or, one variant per folder, below it (the first folder is used here)
model_dir=whisperkit-models
[ -d "$model_dir/AudioEncoder.mlmodelc" ] || model_dir="$(ls -d whisperkit-models/*/ | head -n 1)"
whisperkit-cli transcribe --model-path "$model_dir" --audio-path audio.wav`,
      ];
    }
    return [
      `${install}
# the CLI downloads the chosen variant from ${commentText(model.id)}, e.g. large-v3
whisperkit-cli transcribe --model "large-v3" --audio-path audio.wav

# distilled variants
whisperkit-cli transcribe --model "large-v3" --model-prefix "distil" --audio-path audio.wav --verbose

# every option
whisperkit-cli transcribe --help`,
    ];
  },

  zonos: (model) => [
    "pip install git+https://github.com/Zyphra/Zonos.git",
    `import torchaudio
from zonos.conditioning import make_cond_dict
from zonos.model import Zonos

model = Zonos.from_pretrained(${py(model.id)}, device="cuda")

# a 5-10 second clip of the voice to clone
wav, sampling_rate = torchaudio.load("speaker.wav")
speaker = model.make_speaker_embedding(wav, sampling_rate)

cond_dict = make_cond_dict(text=${py(ttsText(model))}, speaker=speaker, language="en-us")
codes = model.generate(model.prepare_conditioning(cond_dict))

audio = model.autoencoder.decode(codes).cpu()
torchaudio.save("output.wav", audio[0], model.autoencoder.sampling_rate)`,
  ],
  // WangHelin1997/SSR-Speech README ("Inference examples", English zero-shot TTS). The environment pins
  // huggingface_hub 0.22, which has no `hf` command: the download runs the current CLI through uvx.
  "ssr-speech": (model) => [
    `git clone https://github.com/WangHelin1997/SSR-Speech.git
cd SSR-Speech
conda create -n ssr python=3.9.16 && conda activate ssr
(cd audiocraft && pip install .)
pip install xformers==0.0.22 torchaudio torch tensorboard==2.16.2 phonemizer==3.2.1 \\
  datasets==2.16.0 torchmetrics==0.11.1 huggingface_hub==0.22.2
conda install -c conda-forge montreal-forced-aligner=2.2.17 openfst=1.8.2 kaldi=5.5.1068  # and apt-get install ffmpeg espeak-ng

# MFA models, the watermarking Encodec and the English model
uvx --from huggingface_hub hf download ${sh(model.id)} --local-dir pretrained_models

# Zero-shot TTS: the transcript of the prompt audio, then the text to speak in that voice
python inference.py \\
  --use_downloaded_mfa \\
  --mfa_dict_path "./pretrained_models/english_us_arpa.dict" \\
  --mfa_path "./pretrained_models/english_us_arpa.zip" \\
  --seed 2024 --sub_amount 0.01 --top_p 0.8 --stop_repetition 2 --sample_batch_size 1 --cfg_coef 1.5 \\
  --aug_text --use_watermark --tts --language 'en' \\
  --model_path "./pretrained_models/English_10k/e830M/best_bundle.pth" \\
  --codec_path "./pretrained_models/WMEncodec/checkpoint.th" \\
  --orig_audio "./demo/5895_34622_000026_000002.wav" \\
  --orig_transcript "Gwynplaine had, besides, for his work and for his feats of strength, round his neck and over his shoulders, an esclavine of leather." \\
  --target_transcript "Gwynplaine had, besides, for his work and for his feats of strength, a voice that carried across the whole fair." \\
  --temp_folder "./demo/temp" --output_dir "./demo/generated_tts" --savename "gwynplaine"`,
  ],
  "mini-omni2": (model) => [
    `git clone https://github.com/gpt-omni/mini-omni2.git
cd mini-omni2
pip install -r requirements.txt

# the checkpoint (${commentText(model.id)}) is downloaded on first run
python3 inference_vision.py`,
  ],
  vibevoice: (model) => [
    `# pip install git+https://github.com/microsoft/VibeVoice
import soundfile as sf
import torch
from vibevoice.modular.modeling_vibevoice_inference import VibeVoiceForConditionalGenerationInference
from vibevoice.processor.vibevoice_processor import VibeVoiceProcessor

processor = VibeVoiceProcessor.from_pretrained(${py(model.id)})
model = VibeVoiceForConditionalGenerationInference.from_pretrained(
    ${py(model.id)}, torch_dtype=torch.bfloat16
).to("cuda").eval()
model.set_ddpm_inference_steps(num_steps=10)

# one reference clip (24 kHz mono) per speaker
script = "Speaker 1: Did you try the new model?\\nSpeaker 2: Yes, it sounds remarkably natural."
inputs = processor(text=[script], voice_samples=[["speaker1.wav", "speaker2.wav"]], return_tensors="pt").to("cuda")
outputs = model.generate(**inputs, cfg_scale=1.3, tokenizer=processor.tokenizer)
processor.save_audio(outputs.speech_outputs[0], output_path="output.wav")`,
  ],
  audioseal: (model) => [
    `# Watermark generator
import torch
from audioseal import AudioSeal

generator = AudioSeal.load_generator(${py(model.id)})

# A batch of audio: (batch, channels, samples) at 16 kHz
sample_rate = 16000
wav = torch.randn(1, 1, sample_rate * 2)

watermark = generator.get_watermark(wav, sample_rate)
watermarked_audio = wav + watermark`,
    `# Watermark detector
from audioseal import AudioSeal

detector = AudioSeal.load_detector(${py(model.id)})

# probability that the audio is watermarked, and the decoded message bits
result, message = detector.detect_watermark(watermarked_audio, sample_rate)
print(result, message)`,
  ],
  "pyannote-audio": (model) => {
    const id = py(model.id);
    if (hasTag(model, "pyannote-audio-pipeline")) {
      return [
        `from pyannote.audio import Audio, Pipeline
from pyannote.core import Segment

# gated model: accept its conditions on the Hub, then log in with \`hf auth login\`
pipeline = Pipeline.from_pretrained(${id})

# whole file
output = pipeline("file.wav")

# only seconds 2 to 5
waveform, sample_rate = Audio().crop("file.wav", Segment(2.0, 5.0))
output = pipeline({"waveform": waveform, "sample_rate": sample_rate})`,
      ];
    }
    return [
      `from pyannote.audio import Inference, Model
from pyannote.core import Segment

# gated model: accept its conditions on the Hub, then log in with \`hf auth login\`
model = Model.from_pretrained(${id})
inference = Inference(model)

# whole file
output = inference("file.wav")

# only seconds 2 to 5
output = inference.crop("file.wav", Segment(2.0, 5.0))`,
    ];
  },
  // Montreal Forced Aligner docs: `mfa align CORPUS DICTIONARY ACOUSTIC_MODEL OUTPUT` aligns a folder of
  // recordings with their transcripts (.lab or .txt next to each .wav) and writes TextGrids.
  "montreal-forced-aligner": (model) => [
    `conda install -c conda-forge montreal-forced-aligner
${hfDownload(model.id, "mfa-models")}

DICTIONARY=$(find mfa-models -name '*.dict' | head -n 1)
ACOUSTIC_MODEL=$(find mfa-models -name '*.zip' | head -n 1)
mfa align ./corpus "$DICTIONARY" "$ACOUSTIC_MODEL" ./aligned`,
  ],
};
