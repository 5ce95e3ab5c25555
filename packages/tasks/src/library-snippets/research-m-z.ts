// Snippets for m–z research projects that ship as repositories or small packages. Each one runs the
// inference command or Python call documented in the project's own README or docs (named above each
// generator); nothing here is inferred from file names alone.
import { nameWithoutNamespace, py, sh } from "./common.js";
import { hoistPythonImports, pyFindRepoFile, repoName } from "./helpers-m-z.js";
import type { LibrarySnippet } from "./index.js";

/** `hf download` of the whole repo, or of some files, into a folder. */
function hfDownload(modelId: string, localDir: string, include: readonly string[] = []): string {
  const includes = include.length > 0 ? ` --include ${include.map(sh).join(" ")}` : "";
  return `hf download ${sh(modelId)}${includes} --local-dir ${sh(localDir)}`;
}

// magenta/magenta-realtime docs (installation.md, models.md): the `mrt` CLI generates with MLX on
// Apple Silicon and JAX elsewhere, and reuses files already pulled into the Hugging Face cache.
const magentaRealtime2: LibrarySnippet = (model) => {
  const size = repoName(model).includes("small") ? "mrt2_small" : "mrt2_base";
  const download = [
    "# MusicCoCa (style) and SpectroStream (codec) resources, kept in the Hugging Face cache",
    "mrt models init --use-hf-cache",
    `hf download ${sh(model.id)}`,
  ];
  return [
    [
      "# Apple Silicon: real-time capable MLX backend",
      'uv pip install "magenta-rt[mlx]"',
      ...download,
      "",
      "# 4 s of music; --model=mrt2_small is the 230M model that streams on any Apple Silicon Mac",
      `mrt mlx generate --prompt "disco funk" --duration 4.0 --model=${size} --output output.wav`,
    ].join("\n"),
    [
      "# Linux with an NVIDIA GPU: JAX backend",
      'uv pip install "magenta-rt" "jax[cuda13]"',
      ...download,
      "",
      `mrt jax generate --prompt "disco funk" --duration 4.0 --model=${size}`,
    ].join("\n"),
  ];
};

// SandAI-org/MAGI-1 README: MagiPipeline runs from example/<size>/run.sh, whose config names the
// DiT (`load`), T5 and VAE folders. The 4.5B model fits one 24 GB GPU; 24B needs 8 H100s.
const magi1: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/SandAI-org/MAGI-1.git",
    "cd MAGI-1",
    "# Python 3.10, PyTorch 2.4 and ffmpeg 4.4 (or the sandai/magi Docker image), then:",
    "pip install -r requirements.txt",
    "",
    "# T5 encoder, VAE and the 4.5B base DiT",
    hfDownload(model.id, "downloads", ["ckpt/t5/*", "ckpt/vae/*", "ckpt/magi/4.5B_base/*"]),
    "",
    "# Point the 4.5B config at the downloaded folders",
    "python - <<'EOF'",
    "import json",
    'path = "example/4.5B/4.5B_config.json"',
    "with open(path) as f:",
    "    config = json.load(f)",
    'config["runtime_config"].update(',
    '    load="./downloads/ckpt/magi/4.5B_base",',
    '    t5_pretrained="./downloads/ckpt/t5",',
    '    vae_pretrained="./downloads/ckpt/vae",',
    ")",
    'with open(path, "w") as f:',
    "    json.dump(config, f, indent=4)",
    "EOF",
    "",
    "# run.sh sets --mode (t2v, i2v with --image_path, v2v with --prefix_video_path), --prompt and --output_path",
    "bash example/4.5B/run.sh",
  ].join("\n"),
];

const H3_PROMPT =
  "integrated_multimodal_description: [Shot 1] Cinematic medium shot, slowly pushing in. A lighthouse keeper " +
  "in a yellow raincoat climbs the spiral stairs of a stone lighthouse at dusk, holding an oil lantern whose " +
  "warm light flickers on the wet walls. At the top she opens a small window and looks out at a stormy sea." +
  "\noverall_soundscape: Heavy rain on glass, waves crashing against rocks, footsteps on metal stairs, the " +
  "creak of the window hinge.\nnon_diegetic_music: Sparse, slow piano with a low cello drone.";

// MiniMax-AI/MiniMax-H3 README ("Local Deployment of H3-Base"): serve the checkpoint with SGLang, then
// submit jobs to its /v1/videos endpoint (reproducible-768p-t2va-request.sh).
const minimaxH3: LibrarySnippet = (model) => [
  [
    'uv pip install "sglang[diffusion]" --prerelease=allow',
    "",
    "# fl2va: text and first/last-frame to audio+video (--model-variant ref2va for reference mode, on its own port)",
    `sglang serve --model-path ${sh(model.id)} \\`,
    "  --num-gpus 4 --ulysses-degree 4 --performance-mode speed \\",
    "  --host 0.0.0.0 --port 30010 --model-variant fl2va",
  ].join("\n"),
  [
    "# Submit a text-to-audio-video job (prompts follow the H3-Context-IR layout), wait, download the MP4",
    "video_id=$(curl --fail-with-body -sS http://localhost:30010/v1/videos \\",
    "  -H 'Content-Type: application/json' \\",
    `  -d '${JSON.stringify({
      task: "t2va",
      prompt: H3_PROMPT,
      conditions: [],
      target: { short_edge: 768, aspect_ratio: "16:9", duration_seconds: 6 },
      seed: 0,
    })}' | jq -r .id)`,
    "",
    'while status=$(curl -sS "http://localhost:30010/v1/videos/$video_id" | jq -r .status); [ "$status" != completed ]; do',
    '  case "$status" in failed | canceled | cancelled) echo "generation $status" >&2 && exit 1 ;; esac',
    "  sleep 10",
    "done",
    'curl -sS "http://localhost:30010/v1/videos/$video_id/content" -o t2va.mp4',
  ].join("\n"),
];

// baaivision/MTVCraft README: weights in ./pretrained_models, Qwen and ElevenLabs keys in mtv/utils.py.
const mtvcraft: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/baaivision/MTVCraft",
    "cd MTVCraft",
    "pip install -r requirements.txt  # plus ffmpeg",
    "",
    hfDownload(model.id, "pretrained_models"),
    "",
    "# Set the Qwen and ElevenLabs API keys in mtv/utils.py first: they split the prompt into speech,",
    "# effects and music and synthesise the audio tracks that drive the video",
    "bash scripts/inference_long.sh ./examples/samples.txt output_dir",
  ].join("\n"),
];

// Neroued/ninfer README: a C++/CUDA engine for an RTX 5090 (sm_120a) that runs its own .ninfer artifacts.
const ninfer: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/Neroued/ninfer.git",
    "cd ninfer",
    "cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release",
    "cmake --build build --parallel",
    "",
    hfDownload(model.id, "models", ["*.ninfer"]),
    "artifact=$(ls models/*.ninfer | head -n 1)",
    "",
    "# Answer on stdout; timing and memory on stderr. ./build/apps/ninfer-serve serves an OpenAI-style API",
    './build/apps/ninfer "$artifact" \\',
    '  --prompt "Explain prefill and decode in three sentences." \\',
    "  --max-context 16384 --max-new 256",
  ].join("\n"),
];

// HorizonRobotics/RoboOrchardLab projects/holobrain README ("Model Inference"): an exported HoloBrain
// directory loads as an inference pipeline that maps one multi-arm observation to actions.
const roboOrchardLab: LibrarySnippet = (model) => {
  const install = [
    "git clone https://github.com/HorizonRobotics/RoboOrchardLab.git",
    "cd RoboOrchardLab",
    "make version",
  ];
  if (!repoName(model).includes("holobrain")) {
    return [
      [
        "# Each RoboOrchardLab project documents its own entry points under projects/<name>/README.md",
        ...install,
        "pip install .",
        "",
        hfDownload(model.id, nameWithoutNamespace(model.id)),
      ].join("\n"),
    ];
  }
  return [
    [...install, 'pip install ".[holobrain_0]"'].join("\n"),
    [
      "from huggingface_hub import snapshot_download",
      "from robo_orchard_lab.models.holobrain.pipeline import HoloBrainInferencePipeline",
      "from robo_orchard_lab.models.holobrain.processor import (",
      "    MultiArmManipulationInput,",
      "    MultiArmManipulationOutput,",
      ")",
      "",
      `model_dir = snapshot_download(${py(model.id)})`,
      "pipeline = HoloBrainInferencePipeline.load_pipeline(",
      '    directory=model_dir, device="cuda", load_weights=True, load_impl="native"',
      ")",
      "pipeline.model.eval()",
      "",
      "",
      "def act(observation: MultiArmManipulationInput) -> MultiArmManipulationOutput:",
      '    """Camera images, camera parameters, joint states and the instruction in; arm actions out."""',
      "    return pipeline(observation)",
    ].join("\n"),
  ];
};

// GengzeZhou/SAME README ("Testing"): the agent is evaluated on pre-computed features, no simulator.
const same: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/GengzeZhou/SAME.git",
    "cd SAME",
    "pip install -r requirements.txt",
    "",
    "# Navigation datasets, CLIP features and connectivity graphs (the ZGZzz/VersNav dataset) into data/",
    "python download.py --data",
    "# Pretrained (pretrain/) and trained (ckpt/) checkpoints",
    hfDownload(model.id, "data"),
    "",
    "# Evaluate the trained agent on the validation splits of the seven navigation tasks",
    "cd src",
    "python run.py --config_dir configs/test.yaml --options experiment.resume_file=../data/ckpt/SAME.pt",
  ].join("\n"),
];

const SAPIENS2_TASK_SCRIPTS: Record<string, { folder: string; script: string }> = {
  pose: { folder: "sapiens/pose", script: "./scripts/demo/keypoints308.sh" },
  seg: { folder: "sapiens/dense", script: "./scripts/demo/seg.sh" },
  normal: { folder: "sapiens/dense", script: "./scripts/demo/normal.sh" },
  pointmap: { folder: "sapiens/dense", script: "./scripts/demo/pointmap.sh" },
};

// facebookresearch/sapiens2 README and docs/{POSE,SEG,NORMAL,POINTMAP}.md: backbones load with the
// standalone Sapiens2 class; task heads run from demo scripts reading $SAPIENS_CHECKPOINT_ROOT.
const sapiens2: LibrarySnippet = (model) => {
  const match = /sapiens2-(pretrain|pose|seg|normal|pointmap)-(0\.1b|0\.4b|0\.8b|1b|5b)(-4k)?$/.exec(
    repoName(model),
  );
  const task = match?.[1] ?? "pretrain";
  const tasks = SAPIENS2_TASK_SCRIPTS[task];
  if (tasks) {
    return [
      [
        "git clone https://github.com/facebookresearch/sapiens2.git",
        "cd sapiens2",
        "export SAPIENS_ROOT=$(pwd)",
        task === "pointmap" ? 'pip install -e ".[pointmap]"' : "pip install -e .",
        "",
        "# Checkpoints are read from $SAPIENS_CHECKPOINT_ROOT (default ~/sapiens2_host)",
        `hf download ${sh(model.id)} --local-dir "$HOME/sapiens2_host/${task}"`,
        ...(task === "pose"
          ? [
              "# Pose is top-down: it needs the RTMDet person detector (detector/rtmdet_m.pth)",
              'hf download facebook/sapiens-pose-bbox-detector --local-dir "$HOME/sapiens2_host/detector"',
            ]
          : []),
        "",
        "# Set INPUT (image folder), OUTPUT and MODEL_NAME (the model size) at the top of the script",
        `cd ${tasks.folder}`,
        tasks.script,
      ].join("\n"),
    ];
  }
  const size = match?.[2] ?? "1b";
  const is4k = match?.[3] !== undefined;
  const imgSize = is4k ? "(4096, 3072)" : "(1024, 768)";
  return [
    "pip install git+https://github.com/facebookresearch/sapiens2.git",
    hoistPythonImports(
      [
        "import torch",
        "from safetensors.torch import load_file",
        "from sapiens.backbones.standalone.sapiens2 import Sapiens2",
        pyFindRepoFile(model.id, [".safetensors"]),
        "",
        `# img_size is (H, W)${is4k ? "; the 4K model adds a tokenizer" : ""}`,
        `model = Sapiens2(arch=${py(`sapiens2_${size}`)}, img_size=${imgSize}, patch_size=16${is4k ? ", use_tokenizer=True" : ""}).eval().cuda()`,
        "model.load_state_dict(load_file(checkpoint))",
        "",
        "# An RGB image batch, ImageNet-normalised",
        `x = torch.randn(1, 3, ${is4k ? "4096, 3072" : "1024, 768"}).cuda()`,
        "with torch.no_grad():",
        "    features = model(x)[0]  # dense backbone features",
        "print(features.shape)",
      ].join("\n"),
    ),
  ];
};

// zai-org/SCAIL-2 README ("Inference"): the sampling configs read the checkpoint from ./SCAIL-2.
const scail2: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/zai-org/SCAIL-2.git",
    "cd SCAIL-2",
    "pip install -r requirements.txt",
    "# scail_pose builds the driving video and masks of each example (see scail_pose/POSE_INSTRUCTION.md)",
    "git submodule update --init --recursive",
    "",
    "# Wan VAE, umt5-xxl, CLIP and the SCAIL-2 DiT",
    hfDownload(model.id, "SCAIL-2"),
    "",
    '# Enter "<prompt>@@<example_dir>", e.g. "the girl is dancing@@examples/001"; videos go to samples/',
    "bash scripts/sample_sgl_14Bsc_xc_cli.sh",
  ].join("\n"),
];

// WangHelin1997/SoloAudio README ("Inference examples"): target sound extraction from a mixture,
// guided by a text description or by an enrollment clip.
const soloaudio: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/WangHelin1997/SoloAudio.git",
    "cd SoloAudio",
    "conda env create -f env.yml",
    "conda activate soloaudio",
    "",
    hfDownload(model.id, "pretrained_models"),
    "",
    "# Keep only the sound the text describes",
    "python test_languageTSE.py --output_dir './output-languageTSE/' --mixture './demo/1_mix.wav' --enrollment 'Acoustic guitar'",
    "# Or the sound of a reference clip",
    "python test_audioTSE.py --output_dir './output-audioTSE/' --mixture './demo/1_mix.wav' --enrollment './demo/1_enrollment.wav'",
  ].join("\n"),
];

// WangHelin1997/SSR-Speech README ("Inference examples", English zero-shot TTS). The pinned
// huggingface_hub 0.22 has no `hf` command, hence huggingface-cli.
const ssrSpeech: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/WangHelin1997/SSR-Speech.git",
    "cd SSR-Speech",
    "conda create -n ssr python=3.9.16 && conda activate ssr",
    "(cd audiocraft && pip install .)",
    "pip install xformers==0.0.22 torchaudio torch tensorboard==2.16.2 phonemizer==3.2.1 \\",
    "  datasets==2.16.0 torchmetrics==0.11.1 huggingface_hub==0.22.2",
    "conda install -c conda-forge montreal-forced-aligner=2.2.17 openfst=1.8.2 kaldi=5.5.1068  # and apt-get install ffmpeg espeak-ng",
    "",
    "# MFA models, the watermarking Encodec and the English model",
    `huggingface-cli download ${sh(model.id)} --local-dir pretrained_models`,
    "",
    "# Zero-shot TTS: the transcript of the prompt audio, then the text to speak in that voice",
    "python inference.py \\",
    "  --use_downloaded_mfa \\",
    '  --mfa_dict_path "./pretrained_models/english_us_arpa.dict" \\',
    '  --mfa_path "./pretrained_models/english_us_arpa.zip" \\',
    "  --seed 2024 --sub_amount 0.01 --top_p 0.8 --stop_repetition 2 --sample_batch_size 1 --cfg_coef 1.5 \\",
    "  --aug_text --use_watermark --tts --language 'en' \\",
    '  --model_path "./pretrained_models/English_10k/e830M/best_bundle.pth" \\',
    '  --codec_path "./pretrained_models/WMEncodec/checkpoint.th" \\',
    '  --orig_audio "./demo/5895_34622_000026_000002.wav" \\',
    '  --orig_transcript "Gwynplaine had, besides, for his work and for his feats of strength, round his neck and over his shoulders, an esclavine of leather." \\',
    '  --target_transcript "Gwynplaine had, besides, for his work and for his feats of strength, a voice that carried across the whole fair." \\',
    '  --temp_folder "./demo/temp" --output_dir "./demo/generated_tts" --savename "gwynplaine"',
  ].join("\n"),
];

// Stability-AI/stable-audio-3 README and docs/workflows/inference.md: the pipeline loads a model by
// its preset name ("small" runs on CPU; "medium" needs CUDA and Flash Attention).
const stableAudio3: LibrarySnippet = (model) => {
  const preset = repoName(model).includes("small") ? "small" : "medium";
  return [
    [
      "git clone https://github.com/Stability-AI/stable-audio-3.git",
      "cd stable-audio-3",
      preset === "medium" ? "uv sync --extra cuda  # and Flash Attention, required by Medium" : "uv sync",
      "hf auth login  # the weights are gated: accept the license on the model page first",
    ].join("\n"),
    [
      "# Run with `uv run python` inside the repository",
      "import torchaudio",
      "from stable_audio_3 import StableAudioPipeline",
      "",
      `# ${py(preset)} is the preset of ${model.id}`,
      `pipe = StableAudioPipeline.from_pretrained(${py(preset)})`,
      'audio = pipe.generate(prompt="120 BPM house loop", duration=30)',
      "",
      "# (batch, channels, samples) at the model's sample rate",
      'torchaudio.save("output.wav", audio[0].cpu(), pipe.model.sample_rate)',
    ].join("\n"),
  ];
};

// Synthefy/synthefy-migas README ("Inference with TTFM"): a univariate forecast fused with per-step text
// summarised by an LLM served with vLLM.
const synthefyMigas: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/Synthefy/synthefy-migas.git",
    "cd synthefy-migas",
    "uv sync",
    "# The text summariser: an OpenAI-compatible server (VLLM_BASE_URL / VLLM_MODEL point elsewhere)",
    "uv run vllm serve openai/gpt-oss-120b --port 8004",
  ].join("\n"),
  [
    "import numpy as np",
    "from ttfmeval import TTFMPipeline",
    "",
    `pipeline = TTFMPipeline.from_pretrained(${py(model.id)}, device="cuda")`,
    "",
    "# 2 series of 64 steps, and one text per step of each series",
    "context = np.random.randn(2, 64).astype(np.float32)",
    'text = [[f"Daily report {step}: demand steady, no supply disruption." for step in range(64)] for _ in range(2)]',
    "",
    "forecast = pipeline.predict(context, text, pred_len=16)  # (2, 16, 1)",
    "print(forecast.shape)",
  ].join("\n"),
];

// NX-AI/tirex-2 docs (getting-started/install.md, quickstart.md). The weights are gated.
const tirex2: LibrarySnippet = (model) => [
  "pip install tirex-2\nhf auth login  # the weights are gated",
  [
    "import torch",
    "from tirex2 import TimeseriesType, load_model",
    "",
    `model = load_model(${py(model.id)}, device="cpu")  # or device="cuda"`,
    "",
    "# target: (n_targets, context_length)",
    "context = torch.sin(torch.arange(128).float() / 8)",
    "ts = TimeseriesType(target=context.unsqueeze(0), past_covariates=None, future_covariates=None)",
    "",
    "# one forecast per series: (n_targets, 9 quantiles, prediction_length)",
    'forecast = model.forecast([ts], prediction_length=32, output_type="numpy")[0]',
    "print(forecast.shape)",
  ].join("\n"),
];

// yonghyunk1m/TuneJury README ("Quick start"): a reward score for one (text, audio) pair.
const tunejury: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/yonghyunk1m/TuneJury",
    "cd TuneJury",
    "conda env create -f environment.yml",
    "conda activate tunejury",
    "hf auth login  # the MERT-v1-330M encoder is gated",
  ].join("\n"),
  [
    "from huggingface_hub import hf_hub_download",
    "from tunejury import Scorer",
    "",
    `scorer = Scorer.from_pretrained(hf_hub_download(${py(model.id)}, "tunejury.pt"))`,
    "",
    '# prompt="" scores the audio alone (recommended for prompts unlike arena-style requests)',
    'reward = scorer.score("clip.wav", prompt="a calm piano piece")',
    "print(reward)",
  ].join("\n"),
];

// dptech-corp/Uni-3DAR README ("Inference with Pretrained Model"): one script per task and checkpoint.
const uni3dar: LibrarySnippet = (model) => [
  [
    "# Needs Uni-Core; the prebuilt image has it: docker pull dptechnology/unicore:2407-pytorch2.4.0-cuda12.5-rdma",
    "git clone https://github.com/dptech-corp/Uni-3DAR.git",
    "cd Uni-3DAR",
    "",
    `hf download ${sh(model.id)} qm9.pt --local-dir .`,
    "# Generate QM9 molecules (drug.pt runs with scripts/inference_drug.sh the same way)",
    "bash scripts/inference_qm9.sh qm9.pt",
  ].join("\n"),
];

// aigc-apps/VideoX-Fun README ("Video Generation"): weights under models/Diffusion_Transformer/, then
// each family's examples/<family>/predict_*.py, configured at the top of the script.
const videoxFun: LibrarySnippet = (model) => {
  const name = nameWithoutNamespace(model.id);
  const family = /cogvideox-fun/i.test(name)
    ? "cogvideox_fun"
    : /wan2\.1-fun/i.test(name)
      ? "wan2.1_fun"
      : undefined;
  const script = /control/i.test(name) ? "predict_v2v_control.py" : "predict_i2v.py";
  return [
    [
      "git clone https://github.com/aigc-apps/VideoX-Fun.git",
      "cd VideoX-Fun",
      "pip install -r requirements.txt",
      "",
      hfDownload(model.id, `models/Diffusion_Transformer/${name}`),
      "",
      ...(family
        ? [
            `# Set model_name to "models/Diffusion_Transformer/${name}" and edit prompt, neg_prompt, guidance_scale and`,
            "# seed (and the input image or control video) at the top of the script; videos go to samples/",
            `python examples/${family}/${script}`,
          ]
        : [
            "# Each model family has its predict_t2v.py / predict_i2v.py under examples/<family>/:",
            "# set model_name to the folder above at the top of the script, then run it",
            "ls examples",
          ]),
    ].join("\n"),
  ];
};

// microsoft/wham README ("Local Model Inference"): the code ships in the model repository; prompts come
// from the bleeding-edge-gameplay-sample dataset.
const wham: LibrarySnippet = (model) => [
  [
    `GIT_LFS_SKIP_SMUDGE=1 git clone https://huggingface.co/${model.id} WHAM`,
    "cd WHAM",
    "./setup_local.sh",
    "source venv/bin/activate",
    "",
    `hf download ${sh(model.id)} models/WHAM_200M.ckpt --local-dir .`,
    "# Four recorded trajectories used as prompt sequences",
    'hf download microsoft/bleeding-edge-gameplay-sample --repo-type dataset --include "tiny-sample/*" --local-dir .',
    "",
    "# Writes an .mp4 and an .npz per prompt to dreaming_output/",
    "python run_dreaming.py --model_path models/WHAM_200M.ckpt --data_path tiny-sample",
  ].join("\n"),
];

export const RESEARCH_FAMILY_M_TO_Z: Record<string, LibrarySnippet> = {
  "magenta-realtime-2": magentaRealtime2,
  "magi-1": magi1,
  "minimax-h3": minimaxH3,
  mtvcraft,
  ninfer,
  "robo-orchard-lab": roboOrchardLab,
  same,
  sapiens2,
  "scail-2": scail2,
  soloaudio,
  "ssr-speech": ssrSpeech,
  "stable-audio-3": stableAudio3,
  "synthefy-migas": synthefyMigas,
  "tirex-2": tirex2,
  tunejury,
  "uni-3dar": uni3dar,
  videox_fun: videoxFun,
  wham,
};
