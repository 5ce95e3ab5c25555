// Snippets for image, video and 3D generation libraries (ids a–l), diffusers first.
import type { ModelData } from "../model-data.js";
import type { LibrarySnippet } from "./index.js";
import { hasTag, nameWithoutNamespace, py, sh } from "./common.js";
import { baseModelOf, cloneAndRun, hfDownload, promptOf } from "./helpers-a-l.js";

const DIFFUSERS_INSTALL = "pip install -U diffusers transformers accelerate";
const DEFAULT_IMAGE_PROMPT = "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k";
const DEFAULT_EDIT_PROMPT = "Turn this cat into a tiger";
const DEFAULT_VIDEO_PROMPT = "A man with short gray hair plays a red electric guitar.";
const CAT_IMAGE_URL =
  "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/cat.png";
const GUITAR_IMAGE_URL =
  "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/guitar-man.png";
const BASE_PLACEHOLDER = "<base-model-id>";
const BASE_NOT_FOUND =
  "# ⚠️ Base model is not found in the model card (base_model): replace the placeholder with the model this was trained on.\n";

/** The base model (quoted) and a header line when it is missing. */
function diffusersBase(model: ModelData): { base: string; header: string } {
  const base = baseModelOf(model);
  return { base: py(base ?? BASE_PLACEHOLDER), header: base ? "" : BASE_NOT_FOUND };
}

const DEVICE_NOTE =
  '# switch to "mps" for Apple devices, or call pipe.enable_model_cpu_offload() on small GPUs';

function loadPipeline(repo: string, extraImports = ""): string {
  return `import torch
from diffusers import DiffusionPipeline${extraImports}

${DEVICE_NOTE}
pipe = DiffusionPipeline.from_pretrained(${repo}, torch_dtype=torch.bfloat16).to("cuda")`;
}

function generateCode(model: ModelData, repo: string, loraId?: string): string {
  const extraImports =
    model.pipeline_tag === "image-to-image"
      ? "\nfrom diffusers.utils import load_image"
      : model.pipeline_tag === "image-to-video"
        ? "\nfrom diffusers.utils import export_to_video, load_image"
        : model.pipeline_tag === "text-to-video"
          ? "\nfrom diffusers.utils import export_to_video"
          : "";
  const lines = [loadPipeline(repo, extraImports)];
  if (loraId) {
    lines.push(`pipe.load_lora_weights(${py(loraId)})`);
  }
  lines.push("");
  const prompt = promptOf(model);
  switch (model.pipeline_tag) {
    case "image-to-image":
      lines.push(
        `prompt = ${py(prompt ?? DEFAULT_EDIT_PROMPT)}`,
        `input_image = load_image(${py(CAT_IMAGE_URL)})`,
        "",
        "image = pipe(image=input_image, prompt=prompt).images[0]",
        'image.save("output.png")',
      );
      break;
    case "image-to-video":
      // Stable Video Diffusion animates the image alone; the other image-to-video pipelines take a prompt.
      if (/stable-video-diffusion|img2vid/i.test(repo) && !loraId) {
        lines.push(
          `input_image = load_image(${py(GUITAR_IMAGE_URL)})`,
          "",
          "frames = pipe(image=input_image).frames[0]",
          'export_to_video(frames, "output.mp4", fps=7)',
        );
        break;
      }
      lines.push(
        `prompt = ${py(prompt ?? DEFAULT_VIDEO_PROMPT)}`,
        `input_image = load_image(${py(GUITAR_IMAGE_URL)})`,
        "",
        "frames = pipe(image=input_image, prompt=prompt).frames[0]",
        'export_to_video(frames, "output.mp4")',
      );
      break;
    case "text-to-video":
      lines.push(
        `prompt = ${py(prompt ?? DEFAULT_VIDEO_PROMPT)}`,
        "frames = pipe(prompt=prompt).frames[0]",
        'export_to_video(frames, "output.mp4")',
      );
      break;
    default:
      lines.push(
        `prompt = ${py(prompt ?? DEFAULT_IMAGE_PROMPT)}`,
        "image = pipe(prompt).images[0]",
        'image.save("output.png")',
      );
  }
  return lines.join("\n");
}

function diffusersControlnet(model: ModelData): string {
  const { base, header } = diffusersBase(model);
  const baseId = (baseModelOf(model) ?? "").toLowerCase();
  const [controlnetClass, pipelineClass] = baseId.includes("flux")
    ? ["FluxControlNetModel", "FluxControlNetPipeline"]
    : baseId.includes("xl")
      ? ["ControlNetModel", "StableDiffusionXLControlNetPipeline"]
      : ["ControlNetModel", "StableDiffusionControlNetPipeline"];
  // Flux ControlNet pipelines take the conditioning as control_image, Stable Diffusion ones as image.
  const controlArgument = pipelineClass === "FluxControlNetPipeline" ? "control_image" : "image";
  return `${header}import torch
from diffusers import ${controlnetClass}, ${pipelineClass}
from diffusers.utils import load_image

controlnet = ${controlnetClass}.from_pretrained(${py(model.id)}, torch_dtype=torch.bfloat16)
pipe = ${pipelineClass}.from_pretrained(${base}, controlnet=controlnet, torch_dtype=torch.bfloat16).to("cuda")

# The control image (edges, depth, pose, …) must match what this ControlNet was trained on
control_image = load_image(${py(CAT_IMAGE_URL)})
prompt = ${py(promptOf(model) ?? DEFAULT_IMAGE_PROMPT)}
image = pipe(prompt, ${controlArgument}=control_image).images[0]
image.save("output.png")`;
}

function diffusersInpainting(model: ModelData): string {
  return `import torch
from diffusers import AutoPipelineForInpainting
from diffusers.utils import load_image

pipe = AutoPipelineForInpainting.from_pretrained(${py(model.id)}, torch_dtype=torch.float16).to("cuda")

image_url = "https://raw.githubusercontent.com/CompVis/latent-diffusion/main/data/inpainting_examples/overture-creations-5sI6fQgYIuo.png"
mask_url = "https://raw.githubusercontent.com/CompVis/latent-diffusion/main/data/inpainting_examples/overture-creations-5sI6fQgYIuo_mask.png"
image = load_image(image_url).resize((1024, 1024))
mask_image = load_image(mask_url).resize((1024, 1024))

result = pipe(
    prompt=${py(promptOf(model) ?? "a tiger sitting on a park bench")},
    image=image,
    mask_image=mask_image,
    guidance_scale=8.0,
    num_inference_steps=20,
    strength=0.99,  # below 1.0 keeps some of the original content
    generator=torch.Generator(device="cuda").manual_seed(0),
).images[0]
result.save("output.png")`;
}

function diffusersFluxFill(model: ModelData): string {
  return `import torch
from diffusers import FluxFillPipeline
from diffusers.utils import load_image

image = load_image("https://huggingface.co/datasets/diffusers/diffusers-images-docs/resolve/main/cup.png")
mask = load_image("https://huggingface.co/datasets/diffusers/diffusers-images-docs/resolve/main/cup_mask.png")

pipe = FluxFillPipeline.from_pretrained(${py(model.id)}, torch_dtype=torch.bfloat16).to("cuda")
result = pipe(
    prompt=${py(promptOf(model) ?? "a white paper cup")},
    image=image,
    mask_image=mask,
    height=1632,
    width=1232,
    guidance_scale=30,
    num_inference_steps=50,
    max_sequence_length=512,
    generator=torch.Generator("cpu").manual_seed(0),
).images[0]
result.save("flux-fill.png")`;
}

const diffusers: LibrarySnippet = (model) => {
  let code: string;
  if (hasTag(model, "StableDiffusionInpaintPipeline") || hasTag(model, "StableDiffusionXLInpaintPipeline")) {
    code = diffusersInpainting(model);
  } else if (hasTag(model, "controlnet")) {
    code = diffusersControlnet(model);
  } else if (hasTag(model, "lora")) {
    const { base, header } = diffusersBase(model);
    code = header + generateCode(model, base, model.id);
  } else if (hasTag(model, "textual_inversion")) {
    const { base, header } = diffusersBase(model);
    code = `${header}${loadPipeline(base)}
pipe.load_textual_inversion(${py(model.id)})

prompt = ${py(promptOf(model) ?? DEFAULT_IMAGE_PROMPT)}
image = pipe(prompt).images[0]
image.save("output.png")`;
  } else if (hasTag(model, "FluxFillPipeline")) {
    code = diffusersFluxFill(model);
  } else {
    code = generateCode(model, py(model.id));
  }
  return [DIFFUSERS_INSTALL, code];
};

const diffusionkit: LibrarySnippet = (model) => {
  const flux = hasTag(model, "flux");
  const pipeline = flux
    ? `# Pipeline for Flux
from diffusionkit.mlx import FluxPipeline

pipeline = FluxPipeline(
    shift=1.0,
    model_version=${py(model.id)},
    low_memory_mode=True,
    a16=True,
    w16=True,
)`
    : `# Pipeline for Stable Diffusion 3
from diffusionkit.mlx import DiffusionPipeline

pipeline = DiffusionPipeline(
    shift=3.0,
    use_t5=False,
    model_version=${py(model.id)},
    low_memory_mode=True,
    a16=True,
    w16=True,
)`;
  const generate = `# Image generation
HEIGHT = 512
WIDTH = 512
NUM_STEPS = ${flux ? 4 : 50}
CFG_WEIGHT = ${flux ? 0 : 5}

image, _ = pipeline.generate_image(
    "a photo of a cat",
    cfg_weight=CFG_WEIGHT,
    num_steps=NUM_STEPS,
    latent_size=(HEIGHT // 8, WIDTH // 8),
)
image.save("output.png")`;
  return [pipeline, generate];
};

const diffusionSingleFile: LibrarySnippet = (model) => [
  `# Single-file checkpoints go in ComfyUI's model folder (use models/loras for LoRAs)
git clone https://github.com/comfyanonymous/ComfyUI
cd ComfyUI
pip install -r requirements.txt
${hfDownload(model.id, "models/checkpoints", ["*.safetensors"])}
python main.py`,
];

const genmo: LibrarySnippet = (model) => [
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
];

const hunyuanDit: LibrarySnippet = (model) => {
  if (/diffusers/i.test(model.id)) {
    return [
      DIFFUSERS_INSTALL,
      `import torch
from diffusers import HunyuanDiTPipeline

pipe = HunyuanDiTPipeline.from_pretrained(${py(model.id)}, torch_dtype=torch.float16).to("cuda")

# HunyuanDiT understands both English and Chinese prompts
image = pipe(prompt="一个宇航员在骑马").images[0]
image.save("output.png")`,
    ];
  }
  return [
    cloneAndRun(model, {
      repoUrl: "https://github.com/Tencent/HunyuanDiT.git",
      localDir: "ckpts",
      note: "Checkpoints in the original format run with the HunyuanDiT repository's sampler.",
      run: ["python sample_t2i.py --infer-mode fa --prompt '渔舟唱晚' --no-enhance"],
    }),
  ];
};

const hunyuan3d2: LibrarySnippet = (model) => [
  `# Install from https://github.com/Tencent/Hunyuan3D-2 (pip install -r requirements.txt && pip install -e .)
from hy3dgen.shapegen import Hunyuan3DDiTFlowMatchingPipeline
from hy3dgen.texgen import Hunyuan3DPaintPipeline

# Shape generation from a single image
shape_pipeline = Hunyuan3DDiTFlowMatchingPipeline.from_pretrained(${py(model.id)})
mesh = shape_pipeline(image="assets/demo.png")[0]

# Texture painting (needs the custom rasterizer built from the repository)
paint_pipeline = Hunyuan3DPaintPipeline.from_pretrained(${py(model.id)})
mesh = paint_pipeline(mesh, image="assets/demo.png")
mesh.export("demo.glb")`,
];

const researchRepo =
  (repoUrl: string, localDir: string, run: string[], note: string, install?: string[]): LibrarySnippet =>
  (model) => [cloneAndRun(model, { repoUrl, localDir, run, note, install })];

const bagel = researchRepo(
  "https://github.com/ByteDance-Seed/Bagel.git",
  "models/BAGEL-7B-MoT",
  ["python app.py"],
  "BAGEL runs from its repository: app.py starts a local demo; inference.ipynb shows the Python API.",
);

const champ = researchRepo(
  "https://github.com/fudan-generative-vision/champ.git",
  "pretrained_models",
  ["python inference.py --config configs/inference/inference.yaml"],
  "Animate a reference image with a motion sequence; edit the config to choose the inputs.",
);

const hallo = researchRepo(
  "https://github.com/fudan-generative-vision/hallo.git",
  "pretrained_models",
  [
    "python scripts/inference.py --source_image examples/reference_images/1.jpg --driving_audio examples/driving_audios/1.wav",
  ],
  "Audio-driven portrait animation: a reference image and a speech clip make a talking-head video.",
);

const diffree = researchRepo(
  "https://github.com/OpenGVLab/Diffree.git",
  "checkpoints",
  ["python app.py"],
  "Text-guided object insertion; app.py starts the local demo.",
);

const glyphByt5 = researchRepo(
  "https://github.com/AIGText/Glyph-ByT5.git",
  "checkpoints",
  ["python app.py"],
  "Glyph-ByT5 renders accurate text in SDXL images; app.py starts the local demo.",
);

/** Cosmos 1.0 diffusion world models: their size and input type, from the repository name. */
const COSMOS_DIFFUSION = /^Cosmos-1\.0-Diffusion-(7B|14B)-(Text2World|Video2World)$/;

// Commands from cosmos1/models/diffusion/README.md of github.com/NVIDIA/Cosmos. Other Cosmos models
// (autoregressive, tokenizers, later releases) each document their own entry point.
const cosmos: LibrarySnippet = (model) => {
  const name = nameWithoutNamespace(model.id);
  const match = COSMOS_DIFFUSION.exec(name);
  if (!match) {
    return [
      cloneAndRun(model, {
        repoUrl: "https://github.com/NVIDIA/Cosmos.git",
        localDir: `checkpoints/${name}`,
        note: "Cosmos models run from NVIDIA's repository; each model family's README there gives its inference script.",
        run: ["ls cosmos1/models"],
      }),
    ];
  }
  const [, size, type] = match;
  const input =
    type === "Text2World"
      ? ["    --prompt 'A robot arm stacks wooden blocks on a workbench; static camera, soft daylight.' \\"]
      : [
          "    --input_image_or_video_path cosmos1/models/diffusion/assets/v1p0/video2world_input0.jpg \\",
          "    --num_input_frames 1 \\",
        ];
  return [
    [
      "# Run inside the Docker environment described in the repository's INSTALL.md",
      "git clone https://github.com/NVIDIA/Cosmos.git",
      "cd Cosmos",
      "",
      `# Downloads ${model.id} into checkpoints/, with the tokenizer, text encoder, prompt upsampler`,
      "# and guardrail models it runs with (some are gated: log in with a token that has access)",
      "huggingface-cli login",
      `PYTHONPATH=$(pwd) python cosmos1/scripts/download_diffusion.py --model_sizes ${size} --model_types ${type}`,
      "",
      `PYTHONPATH=$(pwd) python cosmos1/models/diffusion/inference/${type.toLowerCase()}.py \\`,
      "    --checkpoint_dir checkpoints \\",
      `    --diffusion_transformer_dir ${sh(name)} \\`,
      ...input,
      "    --offload_prompt_upsampler \\",
      `    --video_save_name ${sh(name)}`,
    ].join("\n"),
  ];
};

const geometryCrafter = researchRepo(
  "https://github.com/TencentARC/GeometryCrafter.git",
  "pretrained_models",
  [
    "python run.py --video_path examples/video1.mp4 --save_folder workspace/examples_output --height 576 --width 1024",
  ],
  "Consistent point maps from open-world videos.",
);

const threeDTopiaXl = researchRepo(
  "https://github.com/3DTopia/3DTopia-XL.git",
  "pretrained",
  ["python inference.py ./configs/inference_dit.yml"],
  "Image-to-3D generation; set the input images in configs/inference_dit.yml.",
);

const infiniteYou = researchRepo(
  "https://github.com/bytedance/InfiniteYou.git",
  "models/InfiniteYou",
  [
    'python test.py --id_image ./assets/examples/man.jpg --prompt "A man, portrait, cinematic" --out_results_dir ./results',
  ],
  "Identity-preserving image generation on FLUX: one face photo plus a prompt.",
);

// README of github.com/MeiGen-AI/InfiniteTalk: the adapter runs on Wan2.1-I2V-14B-480P with a wav2vec2
// audio encoder; the single-speaker weights sit in single/ of the repository.
const infiniteTalk: LibrarySnippet = (model) => [
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
];

const hunyuanWorldVoyager = researchRepo(
  "https://github.com/Tencent-Hunyuan/HunyuanWorld-Voyager.git",
  "ckpts",
  [
    "# 1. Render the input condition (depth-warped frames) for a camera path from one image",
    "cd data_engine",
    'python3 create_input.py --image_path input.png --render_output_dir "../demo/example/" --type forward',
    "cd ..",
    "",
    "# 2. Generate the world-consistent RGB-D video along that path",
    "python3 sample_image2video.py \\",
    "  --model HYVideo-T/2 \\",
    '  --input-path "demo/example" \\',
    '  --prompt "Waterfall at sunset, grassy landscape." \\',
    "  --i2v-stability --infer-steps 50 --flow-reverse --flow-shift 7.0 \\",
    "  --seed 0 --embedded-cfg-scale 6.0 --use-cpu-offload \\",
    "  --save-path ./results",
  ],
  "Camera-controlled world video generation (tested on one 80 GB GPU).",
);

// HY-World 1.5 (WorldPlay): README and run.sh of github.com/Tencent-Hunyuan/HY-WorldPlay.
const hyWorldPlay: LibrarySnippet = (model) => [
  `git clone https://github.com/Tencent-Hunyuan/HY-WorldPlay.git
cd HY-WorldPlay
pip install -r requirements.txt

# Downloads ${model.id} with the HunyuanVideo-1.5 base model and the text and vision encoders, then
# prints their paths (the vision encoder comes from the gated FLUX.1-Redux-dev: without access,
# add --skip_vision_encoder)
python download_models.py --hf_token "$HF_TOKEN"

# The paths printed by download_models.py
MODEL_PATH=path/to/HunyuanVideo-1.5
ACTION_CKPT=path/to/HY-WorldPlay/ar_distilled_action_model

# Image-to-world video along a camera path (w = forward for 31 latents); the distilled model needs 4 steps
torchrun --nproc_per_node=1 generate.py \\
  --prompt 'A stone bridge over a calm lake, trees on both banks, soft natural light.' \\
  --image_path ./assets/img/test.png \\
  --resolution 480p \\
  --aspect_ratio 16:9 \\
  --video_length 125 \\
  --seed 1 \\
  --rewrite false \\
  --sr false \\
  --pose 'w-31' \\
  --output_path ./outputs/ \\
  --model_path "$MODEL_PATH" \\
  --action_ckpt "$ACTION_CKPT" \\
  --few_step true \\
  --num_inference_steps 4 \\
  --model_type ar`,
];

// HY-World 2.0: only WorldMirror 2.0 (multi-view images or video to 3D) has released inference code;
// the README documents its Python API and CLI.
const hyWorld2: LibrarySnippet = (model) => [
  `git clone https://github.com/Tencent-Hunyuan/HY-World-2.0.git
cd HY-World-2.0
pip install -r requirements.txt

# 3D reconstruction (depth, normals, cameras, point cloud, 3DGS) from a folder of images of one scene
python -m hyworld2.worldrecon.pipeline --input_path path/to/images`,
  `from hyworld2.worldrecon.pipeline import WorldMirrorPipeline

# Run from the cloned repository; the weights are downloaded on first use
pipeline = WorldMirrorPipeline.from_pretrained(${py(model.id)})
result = pipeline("path/to/images")`,
];

// Lyra 2.0: Lyra-2/README.md of github.com/nv-tlabs/lyra (the environment is set up per its INSTALL.md).
const lyra2: LibrarySnippet = (model) => [
  `git clone https://github.com/nv-tlabs/lyra.git
cd lyra/Lyra-2
# Set up the environment (CUDA, PyTorch and the listed packages) as INSTALL.md in this folder describes

# Download the checkpoints into checkpoints/
${hfDownload(model.id, ".", ["checkpoints/*"])}

# 1. An exploration video from one image (zoom in, then out); sample 4 of assets/samples, with its caption
export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
PYTHONPATH=. python -m lyra_2._src.inference.lyra2_zoomgs_inference \\
  --input_image_path assets/samples \\
  --sample_id 4 \\
  --experiment lyra2 \\
  --checkpoint_dir checkpoints/model \\
  --prompt_dir assets/samples \\
  --output_path outputs/zoomgs \\
  --num_frames_zoom_in 81 \\
  --num_frames_zoom_out 241 \\
  --zoom_in_strength 0.5 \\
  --zoom_out_strength 1.5

# 2. Lift the video to a 3D Gaussian Splatting scene (reconstructed_scene.ply next to the video)
PYTHONPATH=. python -m lyra_2._src.inference.vipe_da3_gs_recon \\
  --input_video_path outputs/zoomgs/videos/4.mp4`,
];

/** LagerNVS renders unposed photos with its general model only; the others need posed benchmark data. */
const LAGERNVS_GENERAL = "facebook/lagernvs_general_512";
const LAGERNVS_EVAL_CONFIGS: Record<string, string> = {
  "facebook/lagernvs_re10k_2v_256": "config/eval_re10k.yaml",
  "facebook/lagernvs_dl3dv_2-6_v_256": "config/eval_dl3dv.yaml",
};

// README and minimal_inference.py of github.com/facebookresearch/lagernvs.
const lagernvs: LibrarySnippet = (model) => {
  const setup = `git clone https://github.com/facebookresearch/lagernvs.git
cd lagernvs
pip install torch==2.8.0 torchvision==0.23.0 --index-url https://download.pytorch.org/whl/cu126
pip install -r requirements.txt

# The checkpoints are gated: accept the terms on the model page, then log in with a read token
huggingface-cli login`;
  const evalConfig = LAGERNVS_EVAL_CONFIGS[model.id];
  if (model.id === LAGERNVS_GENERAL || !evalConfig) {
    const note =
      model.id === LAGERNVS_GENERAL
        ? ""
        : `\n# minimal_inference.py only accepts the general model; ${model.id} is evaluated with run_eval.py`;
    return [
      `${setup}
${note}
# Render a 100-frame fly-through from 1 to 10 photos of a scene (no camera poses needed)
python minimal_inference.py \\
  --model_repo ${sh(LAGERNVS_GENERAL)} \\
  --images path/to/img1.png path/to/img2.png \\
  --output novel_views.mp4`,
    ];
  }
  return [
    `${setup}

# ${model.id} is a posed benchmark model: it is evaluated on the prepared dataset (see the README's
# Evaluation section; LAGERNVS_DATA_ROOT points at the data)
export LAGERNVS_DATA_ROOT=/path/to/your/data
torchrun --nproc_per_node=1 run_eval.py -c ${evalConfig} -e eval_run`,
  ];
};

/** LongCat-Video-Avatar 1.5 runs the distilled avatar-v1.5 variant of the demo script. */
const longcatAvatar: LibrarySnippet = (model) => {
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
};

// Fixer: README of github.com/nv-tlabs/Fixer (inference inside the Cosmos container it builds).
const fixer: LibrarySnippet = (model) => [
  `git clone https://github.com/nv-tlabs/Fixer.git
cd Fixer
docker build -t fixer-cosmos-env -f Dockerfile.cosmos .

# Download the base and pretrained Fixer weights into models/
${hfDownload(model.id, "models")}

# Put rendered novel views in examples/: the cleaned-up images are written to output/
docker run --gpus=all -v "$(pwd)":/work fixer-cosmos-env \\
  python /work/src/inference_pretrained_model.py \\
  --model /work/models/pretrained/pretrained_fixer.pkl \\
  --input /work/examples \\
  --output /work/output \\
  --vae_skip_connection --timestep 250 --resolution 1024`,
];

// Lightricks/LTX-2 README ("Quick Start"): the distilled pipeline needs the distilled checkpoint, the x2
// spatial upscaler and the Gemma 3 text encoder. The official repository's
// file names are known; for other repositories the first distilled checkpoint is used.
const LTX_OFFICIAL = "Lightricks/LTX-2.3";
const LTX_DISTILLED = "ltx-2.3-22b-distilled-1.1.safetensors";
const LTX_UPSCALER = "ltx-2.3-spatial-upscaler-x2-1.1.safetensors";

const ltx: LibrarySnippet = (model) => {
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
};

export const DIFFUSION_SNIPPETS_A_TO_L: Partial<Record<string, LibrarySnippet>> = {
  "3dtopia-xl": threeDTopiaXl,
  "bagel-mot": bagel,
  champ,
  cosmos,
  diffree,
  diffusers,
  diffusionkit,
  "diffusion-single-file": diffusionSingleFile,
  fixer,
  genmo,
  "geometry-crafter": geometryCrafter,
  "glyph-byt5": glyphByt5,
  hallo,
  "hunyuan-dit": hunyuanDit,
  "hunyuan3d-2": hunyuan3d2,
  "hunyuanworld-voyager": hunyuanWorldVoyager,
  "hy-worldplay": hyWorldPlay,
  "hy-world-2": hyWorld2,
  "infinite-you": infiniteYou,
  infinitetalk: infiniteTalk,
  lagernvs,
  "longcat-video-avatar-1.5": longcatAvatar,
  ltx,
  "lyra-2.0": lyra2,
};
