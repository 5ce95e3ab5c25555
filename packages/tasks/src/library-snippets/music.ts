// Library snippets: music and sound: generation, real-time music models, sound extraction and music
// evaluation. One generator per library, keyed by library id; index.ts lists the families.
import {
  commentText,
  hasTag,
  hfDownload,
  py,
  repoName,
  sh,
  shDownload,
  TORCH_DEVICE,
  type LibrarySnippet,
} from "./helpers.js";

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const MUSIC_SNIPPETS: Record<string, LibrarySnippet> = {
  acestep: (model) => [
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
  ],
  "stable-audio-tools": (model) => [
    `import torch
import torchaudio
from einops import rearrange
from stable_audio_tools import get_pretrained_model
from stable_audio_tools.inference.generation import generate_diffusion_cond

${TORCH_DEVICE}

model, model_config = get_pretrained_model(${py(model.id)})
sample_rate = model_config["sample_rate"]
sample_size = model_config["sample_size"]
model = model.to(device)

conditioning = [{"prompt": "128 BPM tech house drum loop", "seconds_start": 0, "seconds_total": 30}]

output = generate_diffusion_cond(
    model,
    steps=100,
    cfg_scale=7,
    conditioning=conditioning,
    sample_size=sample_size,
    device=device,
)

# batch of stereo clips -> one stereo track, peak-normalized 16-bit
output = rearrange(output, "b d n -> d (b n)")
output = output.to(torch.float32).div(torch.max(torch.abs(output))).clamp(-1, 1).mul(32767).to(torch.int16).cpu()
torchaudio.save("output.wav", output, sample_rate)`,
  ],
  // yonghyunk1m/TuneJury README ("Quick start"): a reward score for one (text, audio) pair.
  tunejury: (model) => [
    `git clone https://github.com/yonghyunk1m/TuneJury
cd TuneJury
conda env create -f environment.yml
conda activate tunejury
hf auth login  # the MERT-v1-330M encoder is gated`,
    `from huggingface_hub import hf_hub_download
from tunejury import Scorer

scorer = Scorer.from_pretrained(hf_hub_download(${py(model.id)}, "tunejury.pt"))

# prompt="" scores the audio alone (recommended for prompts unlike arena-style requests)
reward = scorer.score("clip.wav", prompt="a calm piano piece")
print(reward)`,
  ],
  // Stability-AI/stable-audio-3 README and docs/workflows/inference.md: the pipeline loads a model by
  // its preset name ("small" runs on CPU; "medium" needs CUDA and Flash Attention).
  "stable-audio-3": (model) => {
    const preset = repoName(model).includes("small") ? "small" : "medium";
    return [
      `git clone https://github.com/Stability-AI/stable-audio-3.git
cd stable-audio-3
${preset === "medium" ? "uv sync --extra cuda  # and Flash Attention, required by Medium" : "uv sync"}
hf auth login  # the weights are gated: accept the license on the model page first`,
      `# Run with \`uv run python\` inside the repository
import torchaudio
from stable_audio_3 import StableAudioPipeline

# ${py(preset)} is the preset of ${commentText(model.id)}
pipe = StableAudioPipeline.from_pretrained(${py(preset)})
audio = pipe.generate(prompt="120 BPM house loop", duration=30)

# (batch, channels, samples) at the model's sample rate
torchaudio.save("output.wav", audio[0].cpu(), pipe.model.sample_rate)`,
    ];
  },
  audiocraft: (model) => {
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
  },
  "magenta-realtime": (model) => [
    "pip install 'magenta_rt[gpu]'",
    `from magenta_rt import audio, system

# weights are fetched from ${py(model.id)}
mrt = system.MagentaRT()
style = system.embed_style("funky synth bass, upbeat drums")

state = None
chunks = []
for _ in range(10):  # about 20 seconds of music, 2 s per chunk
    state, chunk = mrt.generate_chunk(state=state, style=style)
    chunks.append(chunk)

generated = audio.concatenate(chunks, crossfade_time=mrt.crossfade_length)
generated.write("output.wav")`,
  ],
  // magenta/magenta-realtime docs (installation.md, models.md): the `mrt` CLI generates with MLX on
  // Apple Silicon and JAX elsewhere, and reuses files already pulled into the Hugging Face cache.
  "magenta-realtime-2": (model) => {
    const size = repoName(model).includes("small") ? "mrt2_small" : "mrt2_base";
    const download = `# MusicCoCa (style) and SpectroStream (codec) resources, kept in the Hugging Face cache
mrt models init --use-hf-cache
hf download ${sh(model.id)}`;
    return [
      `# Apple Silicon: real-time capable MLX backend
uv pip install "magenta-rt[mlx]"
${download}

# 4 s of music; --model=mrt2_small is the 230M model that streams on any Apple Silicon Mac
mrt mlx generate --prompt "disco funk" --duration 4.0 --model=${size} --output output.wav`,
      `# Linux with an NVIDIA GPU: JAX backend
uv pip install "magenta-rt" "jax[cuda13]"
${download}

mrt jax generate --prompt "disco funk" --duration 4.0 --model=${size}`,
    ];
  },
  "tencent-song-generation": (model) => [
    `git clone https://github.com/tencent-ailab/SongGeneration.git
cd SongGeneration
pip install -r requirements.txt

${shDownload(model.id, "ckpt")}

# each line of the JSONL holds an id, the structured lyrics and an optional description or prompt audio
sh generate.sh ckpt sample/lyrics.jsonl sample/output`,
  ],
  songbloom: (model) => [
    `git clone https://github.com/Cypress-Yang/SongBloom.git
cd SongBloom
pip install -r requirements.txt

# checkpoints come from ${commentText(model.id)}; each line of the JSONL gives lyrics and a 10 s style prompt
python3 infer.py --input-jsonl example/test.jsonl --dtype bfloat16`,
  ],
  // WangHelin1997/SoloAudio README ("Inference examples"): target sound extraction from a mixture,
  // guided by a text description or by an enrollment clip.
  soloaudio: (model) => [
    `git clone https://github.com/WangHelin1997/SoloAudio.git
cd SoloAudio
conda env create -f env.yml
conda activate soloaudio

${hfDownload(model.id, "pretrained_models")}

# Keep only the sound the text describes
python test_languageTSE.py --output_dir './output-languageTSE/' --mixture './demo/1_mix.wav' --enrollment 'Acoustic guitar'
# Or the sound of a reference clip
python test_audioTSE.py --output_dir './output-audioTSE/' --mixture './demo/1_mix.wav' --enrollment './demo/1_enrollment.wav'`,
  ],
};
