// Snippets for speech, music and audio libraries (ids a–l).
import type { LibrarySnippet } from "./index.js";
import { hasTag, nameWithoutNamespace, py, sh } from "./common.js";
import { cloneAndRun, hfDownload, pythonInputFor } from "./helpers-a-l.js";

const acestep: LibrarySnippet = (model) => [
  "pip install git+https://github.com/ace-step/ACE-Step.git",
  `from huggingface_hub import snapshot_download
from acestep.pipeline_ace_step import ACEStepPipeline

checkpoint_dir = snapshot_download(${py(model.id)})
pipeline = ACEStepPipeline(checkpoint_dir=checkpoint_dir, dtype="bfloat16", torch_compile=False)

pipeline(
    audio_duration=30.0,
    prompt="funk, pop, soul, melodic, 105 BPM",
    lyrics="[verse]\\nNeon lights across the sky\\n[chorus]\\nWe keep dancing through the night",
    infer_step=60,
    guidance_scale=15.0,
    save_path="output.wav",
)`,
];

const asteroid: LibrarySnippet = (model) => [
  `from asteroid.models import BaseModel

model = BaseModel.from_pretrained(${py(model.id)})

# Separates the sources of a mixture and writes them next to it (mixture_est1.wav, …)
model.separate("mixture.wav")`,
];

const audiocraft: LibrarySnippet = (model) => {
  const save = `for index, one_wav in enumerate(wav):
    # Saves {index}.wav with loudness normalization
    audio_write(f"{index}", one_wav.cpu(), model.sample_rate, strategy="loudness")`;
  if (hasTag(model, "musicgen")) {
    return [
      `from audiocraft.models import MusicGen
from audiocraft.data.audio import audio_write

model = MusicGen.get_pretrained(${py(model.id)})
model.set_generation_params(duration=8)  # seconds

descriptions = ["happy rock", "energetic EDM", "sad jazz"]
wav = model.generate(descriptions)  # one sample per description
${save}`,
    ];
  }
  if (hasTag(model, "audiogen")) {
    return [
      `from audiocraft.models import AudioGen
from audiocraft.data.audio import audio_write

model = AudioGen.get_pretrained(${py(model.id)})
model.set_generation_params(duration=5)  # seconds

descriptions = ["dog barking", "siren of an emergency vehicle", "footsteps in a corridor"]
wav = model.generate(descriptions)  # one sample per description
${save}`,
    ];
  }
  if (hasTag(model, "magnet")) {
    return [
      `from audiocraft.models import MAGNeT
from audiocraft.data.audio import audio_write

model = MAGNeT.get_pretrained(${py(model.id)})

descriptions = ["disco beat", "energetic EDM", "funky groove"]
wav = model.generate(descriptions)  # one sample per description
${save}`,
    ];
  }
  return [
    `# ⚠️ Type of model unknown: the model is not tagged musicgen, audiogen or magnet.
# Pick the matching class from audiocraft.models (MusicGen, AudioGen, MAGNeT); MusicGen shown here.
from audiocraft.models import MusicGen

model = MusicGen.get_pretrained(${py(model.id)})
wav = model.generate(["happy rock"])`,
  ];
};

const audioseal: LibrarySnippet = (model) => [
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
];

const chatTts: LibrarySnippet = (model) => [
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
];

const chatterbox: LibrarySnippet = (model) => {
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
};

const cosyvoice: LibrarySnippet = (model) => {
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
};

const dia: LibrarySnippet = (model) => [
  `import soundfile as sf
from dia.model import Dia

model = Dia.from_pretrained(${py(model.id)})

# [S1] and [S2] mark the two speakers; non-verbal cues go in parentheses
text = "[S1] Dia is an open weights text to dialogue model. [S2] You get full control over scripts and voices. [S1] Wow. Amazing. (laughs)"
output = model.generate(text)

sf.write("dialogue.mp3", output, 44100)`,
];

const dia2: LibrarySnippet = (model) => [
  `from dia2 import Dia2, GenerationConfig, SamplingConfig

dia = Dia2.from_repo(${py(model.id)}, device="cuda", dtype="bfloat16")
config = GenerationConfig(
    cfg_scale=2.0,
    audio=SamplingConfig(temperature=0.8, top_k=50),
    use_cuda_graph=True,
)
result = dia.generate("[S1] Hello Dia2! [S2] Hi, nice to meet you.", config=config, output_wav="hello.wav", verbose=True)`,
];

const espnet: LibrarySnippet = (model) => {
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
};

const f5tts: LibrarySnippet = (model) => [
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
];

const glmTts: LibrarySnippet = (model) => [
  cloneAndRun(model, {
    repoUrl: "https://github.com/zai-org/GLM-TTS.git",
    localDir: "ckpt",
    note: "GLM-TTS runs from its repository; see its README for the inference options.",
    run: ["python glmtts_inference.py --data=example_zh --exp_name=_test --use_cache"],
  }),
];

// README of github.com/SWivid/Habibi-TTS: the pip package's CLI uses the Unified model of the Habibi
// suite by default; the reference clip and its transcript set the voice.
const HABIBI_SUITE = "SWivid/Habibi-TTS";

const habibiTts: LibrarySnippet = (model) => [
  `pip install habibi-tts

# Arabic speech in the voice of reference.wav (Unified model of ${HABIBI_SUITE}).
# --dialect sets the dialect ID (MSA, SAU, UAE, ALG, IRQ, EGY, MAR, OMN, TUN, LEV, SDN, LBY)
# instead of inferring it from the reference.${
    model.id === HABIBI_SUITE
      ? ""
      : `\n# For ${model.id}, habibi-tts_infer-cli --help lists the options that select another checkpoint.`
  }
habibi-tts_infer-cli \\
  --ref_audio reference.wav \\
  --ref_text 'النص المنطوق في التسجيل المرجعي.' \\
  --gen_text 'مرحبا، كيف حالك اليوم؟' \\
  --dialect MSA`,
];

const imsToucan: LibrarySnippet = (model) => [
  `# Run inside a clone of https://github.com/DigitalPhonetics/IMS-Toucan (pip install -r requirements.txt)
from huggingface_hub import snapshot_download
from InferenceInterfaces.ToucanTTSInterface import ToucanTTSInterface

# The interface looks for its checkpoints in Models/
snapshot_download(${py(model.id)}, local_dir="Models/ToucanTTS_Meta")

tts = ToucanTTSInterface(device="cpu")
tts.set_language("eng")
tts.read_to_file(text_list=["Hello world, this is IMS Toucan."], file_location="output.wav")`,
];

const indexTts: LibrarySnippet = (model) => {
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
};

const kimiAudio: LibrarySnippet = (model) => [
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
];

const kittentts: LibrarySnippet = (model) => [
  `import soundfile as sf
from kittentts import KittenTTS

model = KittenTTS(${py(model.id)})
audio = model.generate("This high quality TTS model works without a GPU.")

# KittenTTS generates 24 kHz audio
sf.write("output.wav", audio, 24000)`,
];

const k2: LibrarySnippet = (model) => [
  `# k2 checkpoints are icefall recipes' exported models; clone the repository with Git LFS
git lfs install
git clone ${sh(`https://huggingface.co/${model.id}`)}

# Decode with sherpa-onnx (if the repository has exported ONNX files) or with the icefall recipe
pip install sherpa-onnx
ls ${sh(nameWithoutNamespace(model.id))}`,
];

export const AUDIO_SNIPPETS_A_TO_L: Partial<Record<string, LibrarySnippet>> = {
  acestep,
  asteroid,
  audiocraft,
  audioseal,
  chat_tts: chatTts,
  chatterbox,
  cosyvoice,
  "dia-tts": dia,
  dia2,
  espnet,
  "f5-tts": f5tts,
  "glm-tts": glmTts,
  "habibi-tts": habibiTts,
  imstoucan: imsToucan,
  "index-tts": indexTts,
  "kimi-audio": kimiAudio,
  kittentts,
  k2,
};
