// Snippets for image and video generation libraries (diffusion and world models).
import type { ModelData } from "../model-data.js";
import { hasTag, nameWithoutNamespace, py, sh } from "./common.js";
import { repoName, shDownload, widgetText } from "./helpers-m-z.js";
import type { LibrarySnippet } from "./index.js";

const VIDEO_PROMPT = "A golden retriever running through shallow waves at sunset, slow motion";

function imagePrompt(model: ModelData, fallback: string): string {
  return widgetText(model) ?? model.cardData?.instance_prompt ?? fallback;
}

/** Sana: fixed facts of the reference sample (1024x1024, guidance 5.0, PAG 2.0, 18 steps). */
const sana: LibrarySnippet = (model) => [
  [
    "# Run from a clone of https://github.com/NVlabs/Sana",
    "import torch",
    "from app.sana_pipeline import SanaPipeline",
    "from torchvision.utils import save_image",
    "",
    'sana = SanaPipeline("configs/sana_config/1024ms/Sana_1600M_img1024.yaml")',
    `sana.from_pretrained(${py(`hf://${model.id}`)})`,
    "",
    "image = sana(",
    `    prompt=${py(imagePrompt(model, 'a cyberpunk cat with a neon sign that says "Sana"'))},`,
    "    height=1024,",
    "    width=1024,",
    "    guidance_scale=5.0,",
    "    pag_guidance_scale=2.0,",
    "    num_inference_steps=18,",
    '    generator=torch.Generator(device="cuda").manual_seed(42),',
    ")",
    'save_image(image, "output.png", nrow=1, normalize=True, value_range=(-1, 1))',
  ].join("\n"),
];

const seedStory: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/TencentARC/SEED-Story.git",
    "cd SEED-Story",
    "pip install -r requirements.txt",
    shDownload(model.id, "pretrained"),
  ].join("\n"),
  [
    "import hydra",
    "from omegaconf import OmegaConf",
    "",
    "# the language model (Llama 2 chat with LoRA) and the story agent, from the repository's configs",
    'llm_cfg = OmegaConf.load("configs/clm_models/llama2chat7b_lora.yaml")',
    'llm = hydra.utils.instantiate(llm_cfg, torch_dtype="fp16")',
    "",
    'agent_cfg = OmegaConf.load("configs/clm_models/agent_7b_sft.yaml")',
    "seed_story = hydra.utils.instantiate(agent_cfg, llm=llm)",
  ].join("\n"),
];

const openSora: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/hpcaitech/Open-Sora.git",
    "cd Open-Sora",
    "pip install -v .",
    "",
    shDownload(model.id, "ckpts"),
    "",
    "# text to video at 256px on one GPU",
    "torchrun --nproc_per_node 1 --standalone scripts/diffusion/inference.py \\",
    "  configs/diffusion/inference/t2i2v_256px.py \\",
    `  --save-dir samples --prompt ${sh(VIDEO_PROMPT)}`,
  ].join("\n"),
];

const openOasis: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/etched-ai/open-oasis.git",
    "cd open-oasis",
    "pip install -r requirements.txt",
    "",
    `huggingface-cli download ${sh(model.id)} oasis500m.safetensors --local-dir .`,
    `huggingface-cli download ${sh(model.id)} vit-l-20.safetensors --local-dir .`,
    "",
    "# generates a Minecraft-like video from a prompt frame and a sequence of actions",
    "python generate.py",
  ].join("\n"),
];

/** Wan 2.2's generate.py names its tasks after the checkpoint (T2V-A14B → t2v-A14B, …). */
function wanTask(model: ModelData): string | undefined {
  const match = /Wan2\.2-([A-Za-z0-9]+)-([A-Za-z0-9.]+)/.exec(model.id);
  if (!match) return undefined;
  return `${match[1].toLowerCase()}-${match[2]}`;
}

const wan22: LibrarySnippet = (model) => {
  const task = wanTask(model) ?? "t2v-A14B";
  const imageToVideo = task.startsWith("i2v") || task.startsWith("ti2v") || task.startsWith("s2v");
  const localDir = nameWithoutNamespace(model.id);
  return [
    [
      "git clone https://github.com/Wan-Video/Wan2.2.git",
      "cd Wan2.2",
      "pip install -r requirements.txt",
      "",
      shDownload(model.id, localDir),
      "",
      ...(wanTask(model)
        ? []
        : ["# the task could not be read from the repository name: set --task to match it"]),
      `python generate.py --task ${task} --size 1280*720 --ckpt_dir ${sh(localDir)} \\`,
      "  --offload_model True --convert_model_dtype \\",
      ...(imageToVideo ? ["  --image examples/i2v_input.JPG \\"] : []),
      `  --prompt ${sh(VIDEO_PROMPT)}`,
    ].join("\n"),
  ];
};

const phantomWan: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/Phantom-video/Phantom.git",
    "cd Phantom",
    "pip install -r requirements.txt",
    "",
    "# Phantom is built on Wan2.1: it needs the base model next to its own weights",
    "huggingface-cli download Wan-AI/Wan2.1-T2V-1.3B --local-dir ./Wan2.1-T2V-1.3B",
    shDownload(model.id, "./Phantom-Wan-Models"),
    "",
    "# subject-consistent video from reference images of the subject",
    "python generate.py --task s2v-1.3B --size 832*480 \\",
    "  --ckpt_dir ./Wan2.1-T2V-1.3B \\",
    "  --phantom_ckpt ./Phantom-Wan-Models/Phantom-Wan-1.3B.pth \\",
    "  --ref_image examples/ref1.png,examples/ref2.png \\",
    `  --prompt ${sh(VIDEO_PROMPT)}`,
  ].join("\n"),
];

const selfForcing: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/guandeh17/Self-Forcing.git",
    "cd Self-Forcing",
    "pip install -r requirements.txt",
    "",
    "huggingface-cli download Wan-AI/Wan2.1-T2V-1.3B --local-dir wan_models/Wan2.1-T2V-1.3B",
    `huggingface-cli download ${sh(model.id)} self_forcing_dmd.pt --local-dir checkpoints`,
    "",
    "# one video per line of the prompt file",
    "python inference.py \\",
    "  --config_path configs/self_forcing_dmd.yaml \\",
    "  --output_folder videos/self_forcing_dmd \\",
    "  --checkpoint_path checkpoints/self_forcing_dmd.pt \\",
    "  --data_path prompts/MovieGenVideoBench_extended.txt \\",
    "  --use_ema",
  ].join("\n"),
];

const seedvr: LibrarySnippet = (model) => {
  const name = repoName(model);
  const script = name.includes("seedvr2")
    ? name.includes("7b")
      ? "projects/inference_seedvr2_7b.py"
      : "projects/inference_seedvr2_3b.py"
    : name.includes("7b")
      ? "projects/inference_seedvr_7b.py"
      : "projects/inference_seedvr_3b.py";
  return [
    [
      "git clone https://github.com/ByteDance-Seed/SeedVR.git",
      "cd SeedVR",
      "pip install -r requirements.txt",
      "",
      shDownload(model.id, "ckpts"),
      "",
      "# restore (upscale, denoise, deblur) every video in the input folder",
      `torchrun --nproc-per-node=1 ${script} \\`,
      "  --video_path input_videos --output_dir output_videos \\",
      "  --seed 42 --res_h 720 --res_w 1280 --sp_size 1",
    ].join("\n"),
  ];
};

const univa: LibrarySnippet = (model) => [
  [
    "# Run from a clone of https://github.com/PKU-YuanGroup/UniWorld-V1",
    "import torch",
    "from transformers import AutoProcessor",
    "from univa.models.qwen2p5vl.modeling_univa_qwen2p5vl import UnivaQwen2p5VLForConditionalGeneration",
    "",
    "model = UnivaQwen2p5VLForConditionalGeneration.from_pretrained(",
    `    ${py(model.id)},`,
    "    torch_dtype=torch.bfloat16,",
    ').to("cuda")',
    `processor = AutoProcessor.from_pretrained(${py(model.id)})`,
  ].join("\n"),
];

/** mflux runs FLUX on Apple silicon with MLX; community fine-tunes name their base model. */
const mflux: LibrarySnippet = (model) => {
  const baseModel = [model.cardData?.base_model ?? []].flat()[0] ?? "";
  const base = /schnell/i.test(model.id) || /schnell/i.test(baseModel) ? "schnell" : "dev";
  const steps = base === "schnell" ? 2 : 25;
  const prompt = imagePrompt(model, "Luxury food photograph of a bowl of ramen, soft window light");
  const isLora = hasTag(model, "lora");
  if (isLora) {
    return [
      [
        "pip install -U mflux",
        shDownload(model.id, "lora"),
        "",
        `mflux-generate --model ${base} --steps ${steps} --seed 2 --quantize 8 \\`,
        '  --lora-paths "$(ls lora/*.safetensors | head -n 1)" \\',
        `  --prompt ${sh(prompt)}`,
      ].join("\n"),
    ];
  }
  return [
    [
      "pip install -U mflux",
      "",
      `mflux-generate --model ${sh(model.id)} --base-model ${base} --steps ${steps} --seed 2 \\`,
      `  --prompt ${sh(prompt)}`,
    ].join("\n"),
  ];
};

export const GENERATIVE_FAMILY_M_TO_Z: Record<string, LibrarySnippet> = {
  sana,
  "seed-story": seedStory,
  "open-sora": openSora,
  "open-oasis": openOasis,
  "wan2.2": wan22,
  "phantom-wan": phantomWan,
  "self-forcing": selfForcing,
  seedvr,
  univa,
  mflux,
};
