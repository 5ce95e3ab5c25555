// Library snippets: image generation and editing: diffusers and the diffusion libraries and models around
// it. One generator per library, keyed by library id; index.ts lists the families.
import { type ModelData } from "../model-data.js";
import {
  DIFFUSERS_INSTALL,
  baseModelOf,
  cloneAndRun,
  hasTag,
  hfDownload,
  promptOf,
  py,
  pyFindRepoFile,
  researchRepo,
  sh,
  shDownload,
  type LibrarySnippet,
  widgetText,
} from "./helpers.js";

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
  const load = `${loadPipeline(repo, extraImports)}${loraId ? `\npipe.load_lora_weights(${py(loraId)})` : ""}\n`;
  const prompt = promptOf(model);
  switch (model.pipeline_tag) {
    case "image-to-image":
      return `${load}
prompt = ${py(prompt ?? DEFAULT_EDIT_PROMPT)}
input_image = load_image(${py(CAT_IMAGE_URL)})

image = pipe(image=input_image, prompt=prompt).images[0]
image.save("output.png")`;
    case "image-to-video":
      // Stable Video Diffusion animates the image alone; the other image-to-video pipelines take a prompt.
      if (/stable-video-diffusion|img2vid/i.test(repo) && !loraId) {
        return `${load}
input_image = load_image(${py(GUITAR_IMAGE_URL)})

frames = pipe(image=input_image).frames[0]
export_to_video(frames, "output.mp4", fps=7)`;
      }
      return `${load}
prompt = ${py(prompt ?? DEFAULT_VIDEO_PROMPT)}
input_image = load_image(${py(GUITAR_IMAGE_URL)})

frames = pipe(image=input_image, prompt=prompt).frames[0]
export_to_video(frames, "output.mp4")`;
    case "text-to-video":
      return `${load}
prompt = ${py(prompt ?? DEFAULT_VIDEO_PROMPT)}
frames = pipe(prompt=prompt).frames[0]
export_to_video(frames, "output.mp4")`;
    default:
      return `${load}
prompt = ${py(prompt ?? DEFAULT_IMAGE_PROMPT)}
image = pipe(prompt).images[0]
image.save("output.png")`;
  }
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

function imagePrompt(model: ModelData, fallback: string): string {
  return widgetText(model) ?? model.cardData?.instance_prompt ?? fallback;
}

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const DIFFUSION_SNIPPETS: Record<string, LibrarySnippet> = {
  diffusionkit: (model) => {
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
  },
  diffusers: (model) => {
    let code: string;
    if (
      hasTag(model, "StableDiffusionInpaintPipeline") ||
      hasTag(model, "StableDiffusionXLInpaintPipeline")
    ) {
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
  },
  diffree: researchRepo(
    "https://github.com/OpenGVLab/Diffree.git",
    "checkpoints",
    "python app.py",
    "Text-guided object insertion; app.py starts the local demo.",
  ),
  "diffusion-single-file": (model) => [
    `# Single-file checkpoints go in ComfyUI's model folder (use models/loras for LoRAs)
git clone https://github.com/comfyanonymous/ComfyUI
cd ComfyUI
pip install -r requirements.txt
${hfDownload(model.id, "models/checkpoints", ["*.safetensors"])}
python main.py`,
  ],
  "infinite-you": researchRepo(
    "https://github.com/bytedance/InfiniteYou.git",
    "models/InfiniteYou",
    `python test.py --id_image ./assets/examples/man.jpg --prompt "A man, portrait, cinematic" --out_results_dir ./results`,
    "Identity-preserving image generation on FLUX: one face photo plus a prompt.",
  ),
  refiners: (model) => [
    `from refiners.fluxion.utils import load_from_safetensors
${pyFindRepoFile(model.id, [".safetensors"], "weights_path")}

weights = load_from_safetensors(weights_path)
# load them into the matching refiners module (see refiners.foundationals), e.g.:
# module.load_state_dict(weights)
print(list(weights)[:5])`,
  ],
  "glyph-byt5": researchRepo(
    "https://github.com/AIGText/Glyph-ByT5.git",
    "checkpoints",
    "python app.py",
    "Glyph-ByT5 renders accurate text in SDXL images; app.py starts the local demo.",
  ),
  "bagel-mot": researchRepo(
    "https://github.com/ByteDance-Seed/Bagel.git",
    "models/BAGEL-7B-MoT",
    "python app.py",
    "BAGEL runs from its repository: app.py starts a local demo; inference.ipynb shows the Python API.",
  ),
  /** Sana: fixed facts of the reference sample (1024x1024, guidance 5.0, PAG 2.0, 18 steps). */
  sana: (model) => [
    `# Run from a clone of https://github.com/NVlabs/Sana
import torch
from app.sana_pipeline import SanaPipeline
from torchvision.utils import save_image

sana = SanaPipeline("configs/sana_config/1024ms/Sana_1600M_img1024.yaml")
sana.from_pretrained(${py(`hf://${model.id}`)})

image = sana(
    prompt=${py(imagePrompt(model, 'a cyberpunk cat with a neon sign that says "Sana"'))},
    height=1024,
    width=1024,
    guidance_scale=5.0,
    pag_guidance_scale=2.0,
    num_inference_steps=18,
    generator=torch.Generator(device="cuda").manual_seed(42),
)
save_image(image, "output.png", nrow=1, normalize=True, value_range=(-1, 1))`,
  ],
  "hunyuan-dit": (model) => {
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
        run: "python sample_t2i.py --infer-mode fa --prompt '渔舟唱晚' --no-enhance",
      }),
    ];
  },
  univa: (model) => [
    `# Run from a clone of https://github.com/PKU-YuanGroup/UniWorld-V1
import torch
from transformers import AutoProcessor
from univa.models.qwen2p5vl.modeling_univa_qwen2p5vl import UnivaQwen2p5VLForConditionalGeneration

model = UnivaQwen2p5VLForConditionalGeneration.from_pretrained(
    ${py(model.id)},
    torch_dtype=torch.bfloat16,
).to("cuda")
processor = AutoProcessor.from_pretrained(${py(model.id)})`,
  ],
  /** mflux runs FLUX on Apple silicon with MLX; community fine-tunes name their base model. */
  mflux: (model) => {
    const baseModel = [model.cardData?.base_model ?? []].flat()[0] ?? "";
    const base = /schnell/i.test(model.id) || /schnell/i.test(baseModel) ? "schnell" : "dev";
    const steps = base === "schnell" ? 2 : 25;
    const prompt = imagePrompt(model, "Luxury food photograph of a bowl of ramen, soft window light");
    const isLora = hasTag(model, "lora");
    if (isLora) {
      return [
        `pip install -U mflux
${shDownload(model.id, "lora")}

mflux-generate --model ${base} --steps ${steps} --seed 2 --quantize 8 \\
  --lora-paths "$(ls lora/*.safetensors | head -n 1)" \\
  --prompt ${sh(prompt)}`,
      ];
    }
    return [
      `pip install -U mflux

mflux-generate --model ${sh(model.id)} --base-model ${base} --steps ${steps} --seed 2 \\
  --prompt ${sh(prompt)}`,
    ];
  },
};
