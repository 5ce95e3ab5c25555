// Library snippets: video generation, animation and restoration: text/image-to-video models, talking heads
// and avatars, frame interpolation. One generator per library, keyed by library id; index.ts lists the
// families.
import { type ModelData } from "../model-data.js";
import {
  commentText,
  DIFFUSERS_INSTALL,
  cloneAndRun,
  hfDownload,
  nameWithoutNamespace,
  promptOf,
  py,
  repoName,
  researchRepo,
  sh,
  shDownload,
  type LibrarySnippet,
} from "./helpers.js";

/** Cosmos 1.0 diffusion world models: their size and input type, from the repository name. */
const COSMOS_DIFFUSION = /^Cosmos-1\.0-Diffusion-(7B|14B)-(Text2World|Video2World)$/;

// Lightricks/LTX-2 README ("Quick Start"): the distilled pipeline needs the distilled checkpoint, the x2
// spatial upscaler and the Gemma 3 text encoder. The official repository's
// file names are known; for other repositories the first distilled checkpoint is used.
const LTX_OFFICIAL = "Lightricks/LTX-2.3";
const LTX_DISTILLED = "ltx-2.3-22b-distilled-1.1.safetensors";
const LTX_UPSCALER = "ltx-2.3-spatial-upscaler-x2-1.1.safetensors";

const VIDEO_PROMPT = "A golden retriever running through shallow waves at sunset, slow motion";

/** Wan 2.2's generate.py names its tasks after the checkpoint (T2V-A14B → t2v-A14B, …). */
function wanTask(model: ModelData): string | undefined {
  const match = /Wan2\.2-([A-Za-z0-9]+)-([A-Za-z0-9.]+)/.exec(model.id);
  if (!match) return undefined;
  return `${match[1].toLowerCase()}-${match[2]}`;
}

const H3_PROMPT =
  "integrated_multimodal_description: [Shot 1] Cinematic medium shot, slowly pushing in. A lighthouse keeper " +
  "in a yellow raincoat climbs the spiral stairs of a stone lighthouse at dusk, holding an oil lantern whose " +
  "warm light flickers on the wet walls. At the top she opens a small window and looks out at a stormy sea." +
  "\noverall_soundscape: Heavy rain on glass, waves crashing against rocks, footsteps on metal stairs, the " +
  "creak of the window hinge.\nnon_diegetic_music: Sparse, slow piano with a low cello drone.";

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const VIDEO_SNIPPETS: Record<string, LibrarySnippet> = {
  /** LongCat-Video-Avatar 1.5 runs the distilled avatar-v1.5 variant of the demo script. */
  "longcat-video-avatar-1.5": (model) => {
    const name = nameWithoutNamespace(model.id);
    const v15 = /1\.5/.test(name);
    return [
      `git clone https://github.com/meituan-longcat/LongCat-Video.git
cd LongCat-Video
pip install -r requirements.txt

# The avatar model runs on top of the LongCat-Video base model: download both
${hfDownload("meituan-longcat/LongCat-Video", "weights/LongCat-Video")}
${hfDownload(model.id, `weights/${name}`)}

# A talking-head video from a reference image and a speech clip, both named in the input JSON
torchrun --nproc_per_node=1 run_demo_avatar_single_audio_to_video.py \\
  --checkpoint_dir=${sh(`weights/${name}`)} \\
  --stage_1=ai2v \\
  --input_json=assets/avatar/single_example_1.json${v15 ? " \\\n  --use_distill \\\n  --model_type=avatar-v1.5" : ""}`,
    ];
  },
  "open-oasis": (model) => [
    `git clone https://github.com/etched-ai/open-oasis.git
cd open-oasis
pip install -r requirements.txt

hf download ${sh(model.id)} oasis500m.safetensors --local-dir .
hf download ${sh(model.id)} vit-l-20.safetensors --local-dir .

# generates a Minecraft-like video from a prompt frame and a sequence of actions
python generate.py`,
  ],
  "self-forcing": (model) => [
    `git clone https://github.com/guandeh17/Self-Forcing.git
cd Self-Forcing
pip install -r requirements.txt

hf download Wan-AI/Wan2.1-T2V-1.3B --local-dir wan_models/Wan2.1-T2V-1.3B
hf download ${sh(model.id)} self_forcing_dmd.pt --local-dir checkpoints

# one video per line of the prompt file
python inference.py \\
  --config_path configs/self_forcing_dmd.yaml \\
  --output_folder videos/self_forcing_dmd \\
  --checkpoint_path checkpoints/self_forcing_dmd.pt \\
  --data_path prompts/MovieGenVideoBench_extended.txt \\
  --use_ema`,
  ],
  seedvr: (model) => {
    const name = repoName(model);
    const script = name.includes("seedvr2")
      ? name.includes("7b")
        ? "projects/inference_seedvr2_7b.py"
        : "projects/inference_seedvr2_3b.py"
      : name.includes("7b")
        ? "projects/inference_seedvr_7b.py"
        : "projects/inference_seedvr_3b.py";
    return [
      `git clone https://github.com/ByteDance-Seed/SeedVR.git
cd SeedVR
pip install -r requirements.txt

${shDownload(model.id, "ckpts")}

# restore (upscale, denoise, deblur) every video in the input folder
torchrun --nproc-per-node=1 ${script} \\
  --video_path input_videos --output_dir output_videos \\
  --seed 42 --res_h 720 --res_w 1280 --sp_size 1`,
    ];
  },
  "wan2.2": (model) => {
    const task = wanTask(model) ?? "t2v-A14B";
    const imageToVideo = task.startsWith("i2v") || task.startsWith("ti2v") || task.startsWith("s2v");
    const localDir = nameWithoutNamespace(model.id);
    return [
      `git clone https://github.com/Wan-Video/Wan2.2.git
cd Wan2.2
pip install -r requirements.txt

${shDownload(model.id, localDir)}
${
  wanTask(model)
    ? ""
    : `
# the task could not be read from the repository name: set --task to match it`
}
python generate.py --task ${task} --size 1280*720 --ckpt_dir ${sh(localDir)} \\
  --offload_model True --convert_model_dtype \\${
    imageToVideo
      ? `
  --image examples/i2v_input.JPG \\`
      : ""
  }
  --prompt ${sh(VIDEO_PROMPT)}`,
    ];
  },
  genmo: (model) => [
    DIFFUSERS_INSTALL,
    `import torch
from diffusers import MochiPipeline
from diffusers.utils import export_to_video

pipe = MochiPipeline.from_pretrained(${py(model.id)}, variant="bf16", torch_dtype=torch.bfloat16)
# Mochi is large: offload to CPU and decode the video in tiles to fit on one GPU
pipe.enable_model_cpu_offload()
pipe.enable_vae_tiling()

prompt = "Close-up of a chameleon's eye, with its scaly skin changing color. Ultra high resolution 4k."
frames = pipe(prompt, num_frames=84).frames[0]
export_to_video(frames, "mochi.mp4", fps=30)`,
  ],
  "seed-story": (model) => [
    `git clone https://github.com/TencentARC/SEED-Story.git
cd SEED-Story
pip install -r requirements.txt
${shDownload(model.id, "pretrained")}`,
    `import hydra
from omegaconf import OmegaConf

# the language model (Llama 2 chat with LoRA) and the story agent, from the repository's configs
llm_cfg = OmegaConf.load("configs/clm_models/llama2chat7b_lora.yaml")
llm = hydra.utils.instantiate(llm_cfg, torch_dtype="fp16")

agent_cfg = OmegaConf.load("configs/clm_models/agent_7b_sft.yaml")
seed_story = hydra.utils.instantiate(agent_cfg, llm=llm)`,
  ],
  // baaivision/MTVCraft README: weights in ./pretrained_models, Qwen and ElevenLabs keys in mtv/utils.py.
  mtvcraft: (model) => [
    `git clone https://github.com/baaivision/MTVCraft
cd MTVCraft
pip install -r requirements.txt  # plus ffmpeg

${hfDownload(model.id, "pretrained_models")}

# Set the Qwen and ElevenLabs API keys in mtv/utils.py first: they split the prompt into speech,
# effects and music and synthesise the audio tracks that drive the video
bash scripts/inference_long.sh ./examples/samples.txt output_dir`,
  ],
  // SandAI-org/MAGI-1 README: MagiPipeline runs from example/<size>/run.sh, whose config names the
  // DiT (`load`), T5 and VAE folders. The 4.5B model fits one 24 GB GPU; 24B needs 8 H100s.
  "magi-1": (model) => [
    `git clone https://github.com/SandAI-org/MAGI-1.git
cd MAGI-1
# Python 3.10, PyTorch 2.4 and ffmpeg 4.4 (or the sandai/magi Docker image), then:
pip install -r requirements.txt

# T5 encoder, VAE and the 4.5B base DiT
${hfDownload(model.id, "downloads", ["ckpt/t5/*", "ckpt/vae/*", "ckpt/magi/4.5B_base/*"])}

# Point the 4.5B config at the downloaded folders
python - <<'EOF'
import json
path = "example/4.5B/4.5B_config.json"
with open(path) as f:
    config = json.load(f)
config["runtime_config"].update(
    load="./downloads/ckpt/magi/4.5B_base",
    t5_pretrained="./downloads/ckpt/t5",
    vae_pretrained="./downloads/ckpt/vae",
)
with open(path, "w") as f:
    json.dump(config, f, indent=4)
EOF

# run.sh sets --mode (t2v, i2v with --image_path, v2v with --prefix_video_path), --prompt and --output_path
bash example/4.5B/run.sh`,
  ],
  // zai-org/SCAIL-2 README ("Inference"): the sampling configs read the checkpoint from ./SCAIL-2.
  "scail-2": (model) => [
    `git clone https://github.com/zai-org/SCAIL-2.git
cd SCAIL-2
pip install -r requirements.txt
# scail_pose builds the driving video and masks of each example (see scail_pose/POSE_INSTRUCTION.md)
git submodule update --init --recursive

# Wan VAE, umt5-xxl, CLIP and the SCAIL-2 DiT
${hfDownload(model.id, "SCAIL-2")}

# Enter "<prompt>@@<example_dir>", e.g. "the girl is dancing@@examples/001"; videos go to samples/
bash scripts/sample_sgl_14Bsc_xc_cli.sh`,
  ],
  ltx: (model) => {
    const official = model.id === LTX_OFFICIAL;
    const download = official
      ? `hf download ${sh(model.id)} ${LTX_DISTILLED} ${LTX_UPSCALER} --local-dir models/ltx`
      : `${hfDownload(model.id, "models/ltx", ["*.safetensors"])}
# (a repository without an x2 upscaler can use ${LTX_UPSCALER} from ${LTX_OFFICIAL})`;
    const checkpoint = official
      ? `models/ltx/${LTX_DISTILLED}`
      : '"$(ls models/ltx/*distilled*.safetensors | head -n 1)"';
    const upscaler = official
      ? `models/ltx/${LTX_UPSCALER}`
      : '"$(ls models/ltx/*spatial-upscaler-x2*.safetensors | head -n 1)"';
    const prompt =
      promptOf(model) ??
      "A red fox trots across a snowy meadow at sunrise, its breath visible in the cold air, while the camera tracks it slowly from the side.";
    return [
      `git clone https://github.com/Lightricks/LTX-2.git
cd LTX-2
uv sync --frozen
hf auth login  # accept the model terms on the Hub first

# Distilled checkpoint, x2 spatial upscaler and the Gemma 3 text encoder
${download}
hf download google/gemma-3-12b-it-qat-q4_0-unquantized --local-dir models/gemma-3-12b

# Fastest pipeline (8 + 4 steps); add --quantization fp8-cast --offload cpu when GPU memory is short
uv run python -m ltx_pipelines.distilled \\
  --distilled-checkpoint-path ${checkpoint} \\
  --spatial-upsampler-path ${upscaler} \\
  --gemma-root models/gemma-3-12b \\
  --seed 42 \\
  --output-path output.mp4 \\
  --prompt ${sh(prompt)}`,
    ];
  },
  // Commands from cosmos1/models/diffusion/README.md of github.com/NVIDIA/Cosmos. Other Cosmos models
  // (autoregressive, tokenizers, later releases) each document their own entry point.
  cosmos: (model) => {
    const name = nameWithoutNamespace(model.id);
    const match = COSMOS_DIFFUSION.exec(name);
    if (!match) {
      return [
        cloneAndRun(model, {
          repoUrl: "https://github.com/NVIDIA/Cosmos.git",
          localDir: `checkpoints/${name}`,
          note: "Cosmos models run from NVIDIA's repository; each model family's README there gives its inference script.",
          run: "ls cosmos1/models",
        }),
      ];
    }
    const [, size, type] = match;
    const input =
      type === "Text2World"
        ? `    --prompt 'A robot arm stacks wooden blocks on a workbench; static camera, soft daylight.' \\`
        : `    --input_image_or_video_path cosmos1/models/diffusion/assets/v1p0/video2world_input0.jpg \\
    --num_input_frames 1 \\`;
    return [
      `# Run inside the Docker environment described in the repository's INSTALL.md
git clone https://github.com/NVIDIA/Cosmos.git
cd Cosmos

# Downloads ${commentText(model.id)} into checkpoints/, with the tokenizer, text encoder, prompt upsampler
# and guardrail models it runs with (some are gated: log in with a token that has access)
hf auth login
PYTHONPATH=$(pwd) python cosmos1/scripts/download_diffusion.py --model_sizes ${size} --model_types ${type}

PYTHONPATH=$(pwd) python cosmos1/models/diffusion/inference/${type.toLowerCase()}.py \\
    --checkpoint_dir checkpoints \\
    --diffusion_transformer_dir ${sh(name)} \\
${input}
    --offload_prompt_upsampler \\
    --video_save_name ${sh(name)}`,
    ];
  },
  // aigc-apps/VideoX-Fun README ("Video Generation"): weights under models/Diffusion_Transformer/, then
  // each family's examples/<family>/predict_*.py, configured at the top of the script.
  videox_fun: (model) => {
    const name = nameWithoutNamespace(model.id);
    const family = /cogvideox-fun/i.test(name)
      ? "cogvideox_fun"
      : /wan2\.1-fun/i.test(name)
        ? "wan2.1_fun"
        : undefined;
    const script = /control/i.test(name) ? "predict_v2v_control.py" : "predict_i2v.py";
    return [
      `git clone https://github.com/aigc-apps/VideoX-Fun.git
cd VideoX-Fun
pip install -r requirements.txt

${hfDownload(model.id, `models/Diffusion_Transformer/${name}`)}
${
  family
    ? `
# Set model_name to "models/Diffusion_Transformer/${name}" and edit prompt, neg_prompt, guidance_scale and
# seed (and the input image or control video) at the top of the script; videos go to samples/
python examples/${family}/${script}`
    : `
# Each model family has its predict_t2v.py / predict_i2v.py under examples/<family>/:
# set model_name to the folder above at the top of the script, then run it
ls examples`
}`,
    ];
  },
  "open-sora": (model) => [
    `git clone https://github.com/hpcaitech/Open-Sora.git
cd Open-Sora
pip install -v .

${shDownload(model.id, "ckpts")}

# text to video at 256px on one GPU
torchrun --nproc_per_node 1 --standalone scripts/diffusion/inference.py \\
  configs/diffusion/inference/t2i2v_256px.py \\
  --save-dir samples --prompt ${sh(VIDEO_PROMPT)}`,
  ],
  // README of github.com/MeiGen-AI/InfiniteTalk: the adapter runs on Wan2.1-I2V-14B-480P with a wav2vec2
  // audio encoder; the single-speaker weights sit in single/ of the repository.
  infinitetalk: (model) => [
    `git clone https://github.com/MeiGen-AI/InfiniteTalk.git
cd InfiniteTalk
pip install -r requirements.txt

# The base video model, the audio encoder and the InfiniteTalk weights
${hfDownload("Wan-AI/Wan2.1-I2V-14B-480P", "weights/Wan2.1-I2V-14B-480P")}
${hfDownload("TencentGameMate/chinese-wav2vec2-base", "weights/chinese-wav2vec2-base")}
hf download TencentGameMate/chinese-wav2vec2-base model.safetensors --revision refs/pr/1 --local-dir weights/chinese-wav2vec2-base
${hfDownload(model.id, "weights/InfiniteTalk")}

# A talking video from an image (or a video to dub) and a speech clip, both named in the input JSON
python generate_infinitetalk.py \\
    --ckpt_dir weights/Wan2.1-I2V-14B-480P \\
    --wav2vec_dir weights/chinese-wav2vec2-base \\
    --infinitetalk_dir weights/InfiniteTalk/single/infinitetalk.safetensors \\
    --input_json examples/single_example_image.json \\
    --size infinitetalk-480 \\
    --sample_steps 40 \\
    --mode streaming \\
    --motion_frame 9 \\
    --save_file infinitetalk_res`,
  ],
  // MiniMax-AI/MiniMax-H3 README ("Local Deployment of H3-Base"): serve the checkpoint with SGLang, then
  // submit jobs to its /v1/videos endpoint (reproducible-768p-t2va-request.sh).
  "minimax-h3": (model) => [
    `uv pip install "sglang[diffusion]" --prerelease=allow

# fl2va: text and first/last-frame to audio+video (--model-variant ref2va for reference mode, on its own port)
sglang serve --model-path ${sh(model.id)} \\
  --num-gpus 4 --ulysses-degree 4 --performance-mode speed \\
  --host 0.0.0.0 --port 30010 --model-variant fl2va`,
    `# Submit a text-to-audio-video job (prompts follow the H3-Context-IR layout), wait, download the MP4
video_id=$(curl --fail-with-body -sS http://localhost:30010/v1/videos \\
  -H 'Content-Type: application/json' \\
  -d '${JSON.stringify({
    task: "t2va",
    prompt: H3_PROMPT,
    conditions: [],
    target: { short_edge: 768, aspect_ratio: "16:9", duration_seconds: 6 },
    seed: 0,
  })}' | jq -r .id)

while status=$(curl -sS "http://localhost:30010/v1/videos/$video_id" | jq -r .status); [ "$status" != completed ]; do
  case "$status" in failed | canceled | cancelled) echo "generation $status" >&2 && exit 1 ;; esac
  sleep 10
done
curl -sS "http://localhost:30010/v1/videos/$video_id/content" -o t2va.mp4`,
  ],
  "phantom-wan": (model) => [
    `git clone https://github.com/Phantom-video/Phantom.git
cd Phantom
pip install -r requirements.txt

# Phantom is built on Wan2.1: it needs the base model next to its own weights
hf download Wan-AI/Wan2.1-T2V-1.3B --local-dir ./Wan2.1-T2V-1.3B
${shDownload(model.id, "./Phantom-Wan-Models")}

# subject-consistent video from reference images of the subject
python generate.py --task s2v-1.3B --size 832*480 \\
  --ckpt_dir ./Wan2.1-T2V-1.3B \\
  --phantom_ckpt ./Phantom-Wan-Models/Phantom-Wan-1.3B.pth \\
  --ref_image examples/ref1.png,examples/ref2.png \\
  --prompt ${sh(VIDEO_PROMPT)}`,
  ],
  hallo: researchRepo(
    "https://github.com/fudan-generative-vision/hallo.git",
    "pretrained_models",
    "python scripts/inference.py --source_image examples/reference_images/1.jpg --driving_audio examples/driving_audios/1.wav",
    "Audio-driven portrait animation: a reference image and a speech clip make a talking-head video.",
  ),
  champ: researchRepo(
    "https://github.com/fudan-generative-vision/champ.git",
    "pretrained_models",
    "python inference.py --config configs/inference/inference.yaml",
    "Animate a reference image with a motion sequence; edit the config to choose the inputs.",
  ),
  liveportrait: (model) => [
    cloneAndRun(model, {
      repoUrl: "https://github.com/KwaiVGI/LivePortrait.git",
      localDir: "pretrained_weights",
      note: "Animate a portrait with the motion of a driving video.",
      run: "python inference.py -s assets/examples/source/s9.jpg -d assets/examples/driving/d0.mp4",
    }),
  ],
  "vfi-mamba": (model) => [
    `# Run from a clone of https://github.com/MCG-NJU/VFIMamba
from Trainer_finetune import Model

model = Model.from_pretrained(${py(model.id)})
model.eval()
# interpolate the middle frame between two frames: see demo_2x.py in the repository`,
  ],
};
