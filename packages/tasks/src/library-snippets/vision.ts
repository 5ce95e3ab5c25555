// Library snippets: computer vision: classification and embeddings, detection, segmentation, depth, pose,
// OCR, matching and tracking. One generator per library, keyed by library id; index.ts lists the families.
import { type ModelData } from "../model-data.js";
import {
  commentText,
  COCO_IMAGE_URL,
  cloneAndRun,
  hasTag,
  hfDownload,
  hoistPythonImports,
  type LibrarySnippet,
  nameWithoutNamespace,
  py,
  pyFindRepoFile,
  pyStrings,
  repoName,
  sh,
  shDownload,
  TORCH_DEVICE,
} from "./helpers.js";

const SAPIENS2_TASK_SCRIPTS: Record<string, { folder: string; script: string }> = {
  pose: { folder: "sapiens/pose", script: "./scripts/demo/keypoints308.sh" },
  seg: { folder: "sapiens/dense", script: "./scripts/demo/seg.sh" },
  normal: { folder: "sapiens/dense", script: "./scripts/demo/normal.sh" },
  pointmap: { folder: "sapiens/dense", script: "./scripts/demo/pointmap.sh" },
};

const SAMPLE_IMAGE_IMPORTS = "import requests\nfrom PIL import Image";
const loadSampleImage = `image = Image.open(requests.get(${py(COCO_IMAGE_URL)}, stream=True).raw).convert("RGB")`;

interface DepthAnythingEncoder {
  encoder: string;
  features: number;
  outChannels: number[];
}

const DEPTH_ANYTHING_ENCODERS: Record<string, DepthAnythingEncoder> = {
  small: { encoder: "vits", features: 64, outChannels: [48, 96, 192, 384] },
  base: { encoder: "vitb", features: 128, outChannels: [96, 192, 384, 768] },
  large: { encoder: "vitl", features: 256, outChannels: [256, 512, 1024, 1024] },
  giant: { encoder: "vitg", features: 384, outChannels: [1536, 1536, 1536, 1536] },
};

function depthAnythingEncoder(model: ModelData): DepthAnythingEncoder | undefined {
  const size = /-(small|base|large|giant)(?:-|$)/i.exec(model.id)?.[1]?.toLowerCase();
  return size ? DEPTH_ANYTHING_ENCODERS[size] : undefined;
}

/** The torch.hub builder of each EUPE checkpoint (README of github.com/facebookresearch/EUPE). */
const EUPE_BUILDERS: Record<string, string> = {
  "eupe-vit-t": "eupe_vitt16",
  "eupe-vit-s": "eupe_vits16",
  "eupe-vit-b": "eupe_vitb16",
  "eupe-convnext-t": "eupe_convnext_tiny",
  "eupe-convnext-s": "eupe_convnext_small",
  "eupe-convnext-b": "eupe_convnext_base",
};

/** Ultralytics checkpoints are .pt files loaded by the YOLO class, whatever the YOLO version. */
const ultralytics: LibrarySnippet = (model) => [
  "pip install -U ultralytics",
  `from ultralytics import YOLO
${pyFindRepoFile(model.id, [".pt"], "weights")}

model = YOLO(weights)
results = model.predict(${py(COCO_IMAGE_URL)}, save=True)
results[0].show()`,
];

/**
 * TerraTorch registers its foundation models under its own names; the hub repositories of those
 * models map to them (Prithvi-EO-2.0-300M-TL → prithvi_eo_v2_300_tl, TerraMind-1.0-base →
 * terramind_v1_base). Other repositories are fine-tuned tasks: a config plus a checkpoint.
 */
function terratorchBackboneName(model: ModelData): string | undefined {
  const name = repoName(model);
  const prithvi = /^prithvi-eo-(\d)\.0-(\d+m|tiny)(-tl)?$/.exec(name);
  if (prithvi) return `prithvi_eo_v${prithvi[1]}_${prithvi[2].replace(/m$/, "")}${prithvi[3] ? "_tl" : ""}`;
  const terramind = /^terramind-1\.0-(tiny|small|base|large)$/.exec(name);
  if (terramind) return `terramind_v1_${terramind[1]}`;
  return undefined;
}

/** Py-Feat's Detector takes one model per stage; the repo name tells which stage this one serves. */
const PY_FEAT_STAGES: Array<[RegExp, string, string]> = [
  [/retinaface|faceboxes|mtcnn/, "face_model", "retinaface"],
  [/img2pose/, "facepose_model", "img2pose"],
  [/mobilefacenet|mobilenet|pfld|mp_facemesh/, "landmark_model", "mobilefacenet"],
  [/xgb/, "au_model", "xgb"],
  [/svm_au|svm-au/, "au_model", "svm"],
  [/resmasknet/, "emotion_model", "resmasknet"],
  [/svm_emo|svm-emo/, "emotion_model", "svm"],
];

const videoprismNames: Record<string, string> = {
  "videoprism-base-f16r288": "videoprism_public_v1_base",
  "videoprism-large-f8r288": "videoprism_public_v1_large",
  "videoprism-lvt-base-f16r288": "videoprism_lvt_public_v1_base",
  "videoprism-lvt-large-f8r288": "videoprism_lvt_public_v1_large",
};

/** PaddleOCR 3 module class for each model-type tag. */
const PADDLEOCR_MODULES: Record<string, string> = {
  textline_detection: "TextDetection",
  textline_recognition: "TextRecognition",
  seal_text_detection: "SealTextDetection",
  doc_img_unwarping: "TextImageUnwarping",
  doc_img_orientation_classification: "DocImgOrientationClassification",
  textline_orientation_classification: "TextLineOrientationClassification",
  chart_parsing: "ChartParsing",
  formula_recognition: "FormulaRecognition",
  layout_detection: "LayoutDetection",
  table_cells_detection: "TableCellsDetection",
  wired_table_classification: "TableClassification",
  table_structure_recognition: "TableStructureRecognition",
};

const PADDLE_INSTALL =
  "# install paddlepaddle first: https://www.paddlepaddle.org.cn/en/install\npip install paddleocr";

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const VISION_SNIPPETS: Record<string, LibrarySnippet> = {
  ben2: (model) => [
    `import torch
${SAMPLE_IMAGE_IMPORTS}
from ben2 import AutoModel

${TORCH_DEVICE}
model = AutoModel.from_pretrained(${py(model.id)})
model.to(device).eval()

${loadSampleImage}

foreground = model.inference(image)
foreground.save("foreground.png")`,
  ],
  eupe: (model) => {
    const builder = EUPE_BUILDERS[nameWithoutNamespace(model.id).toLowerCase()];
    const builderLine = builder
      ? `builder = ${py(builder)}`
      : `# Pick the builder matching this checkpoint: eupe_vitt16, eupe_vits16, eupe_vitb16,
# eupe_convnext_tiny, eupe_convnext_small or eupe_convnext_base
builder = "eupe_vitb16"`;
    return [
      "git clone https://github.com/facebookresearch/EUPE.git",
      `import requests
import torch
from huggingface_hub import hf_hub_download, list_repo_files
from PIL import Image
from torchvision.transforms import v2

# The checkpoint file of the repository, loaded into the architecture built by the cloned code
filename = next(f for f in list_repo_files(${py(model.id)}) if f.endswith((".pt", ".pth")))
weights = hf_hub_download(${py(model.id)}, filename)
${builderLine}
model = torch.hub.load("EUPE", builder, source="local", weights=weights).eval()

# Standard ImageNet evaluation transform
transform = v2.Compose(
    [
        v2.ToImage(),
        v2.Resize((256, 256), antialias=True),
        v2.ToDtype(torch.float32, scale=True),
        v2.Normalize(mean=(0.485, 0.456, 0.406), std=(0.229, 0.224, 0.225)),
    ]
)
${loadSampleImage}
with torch.no_grad():
    features = model(transform(image).unsqueeze(0))
print(features.shape)`,
    ];
  },
  nobg: (model) => [
    "pip install nobg",
    `from nobg import AutoModel

model = AutoModel.from_pretrained(${py(model.id)})
# RGBA cut-out at the input's resolution
model.process("input.jpg").save("output.png")`,
  ],
  "py-feat": (model) => {
    const name = repoName(model);
    const stage = PY_FEAT_STAGES.find(([pattern]) => pattern.test(name));
    const detector = stage
      ? `# this checkpoint (${py(model.id)}) is the detector's ${stage[1]}
detector = Detector(${stage[1]}=${py(stage[2])})`
      : `# the Detector downloads its default models (${py(model.id)} among them) from the Hub
detector = Detector()`;
    return [
      `from feat import Detector

${detector}
result = detector.detect_image("face.jpg")
print(result.emotions)`,
    ];
  },
  "depth-anything-v2": (model) => {
    const found = depthAnythingEncoder(model);
    const { encoder, features, outChannels } = found ?? DEPTH_ANYTHING_ENCODERS.large;
    const note = found
      ? ""
      : "# ⚠️ Type of model unknown: the model size (Small, Base, Large, Giant) is not in the repository name.\n# The settings below are for Large; change encoder, features and out_channels to match the checkpoint.\n";
    return [
      `${note}# Install from https://github.com/DepthAnything/Depth-Anything-V2
import cv2
import torch
from huggingface_hub import hf_hub_download
from depth_anything_v2.dpt import DepthAnythingV2

model = DepthAnythingV2(encoder=${py(encoder)}, features=${features}, out_channels=${JSON.stringify(outChannels).replace(/,/g, ", ")})

filepath = hf_hub_download(repo_id=${py(model.id)}, filename=${py(`depth_anything_v2_${encoder}.pth`)}, repo_type="model")
model.load_state_dict(torch.load(filepath, map_location="cpu"))
model.eval()

raw_image = cv2.imread("image.jpg")
depth = model.infer_image(raw_image)  # H x W relative depth map (numpy)`,
    ];
  },
  deepforest: (model) => [
    `from deepforest import main
from deepforest import get_data

model = main.deepforest()
model.load_model(model_name=${py(model.id)}, revision="main")

# A sample aerial image that ships with the package
predictions = model.predict_image(path=get_data("OSBS_029.png"))
print(predictions.head())`,
  ],
  // facebookresearch/sapiens2 README and docs/{POSE,SEG,NORMAL,POINTMAP}.md: backbones load with the
  // standalone Sapiens2 class; task heads run from demo scripts reading $SAPIENS_CHECKPOINT_ROOT.
  sapiens2: (model) => {
    const match = /sapiens2-(pretrain|pose|seg|normal|pointmap)-(0\.1b|0\.4b|0\.8b|1b|5b)(-4k)?$/.exec(
      repoName(model),
    );
    const task = match?.[1] ?? "pretrain";
    const tasks = SAPIENS2_TASK_SCRIPTS[task];
    if (tasks) {
      return [
        `git clone https://github.com/facebookresearch/sapiens2.git
cd sapiens2
export SAPIENS_ROOT=$(pwd)
${task === "pointmap" ? 'pip install -e ".[pointmap]"' : "pip install -e ."}

# Checkpoints are read from $SAPIENS_CHECKPOINT_ROOT (default ~/sapiens2_host)
hf download ${sh(model.id)} --local-dir "$HOME/sapiens2_host/${task}"${
          task === "pose"
            ? `
# Pose is top-down: it needs the RTMDet person detector (detector/rtmdet_m.pth)
hf download facebook/sapiens-pose-bbox-detector --local-dir "$HOME/sapiens2_host/detector"`
            : ""
        }

# Set INPUT (image folder), OUTPUT and MODEL_NAME (the model size) at the top of the script
cd ${tasks.folder}
${tasks.script}`,
      ];
    }
    const size = match?.[2] ?? "1b";
    const is4k = match?.[3] !== undefined;
    const imgSize = is4k ? "(4096, 3072)" : "(1024, 768)";
    return [
      "pip install git+https://github.com/facebookresearch/sapiens2.git",
      hoistPythonImports(
        `import torch
from safetensors.torch import load_file
from sapiens.backbones.standalone.sapiens2 import Sapiens2
${pyFindRepoFile(model.id, [".safetensors"])}

# img_size is (H, W)${is4k ? "; the 4K model adds a tokenizer" : ""}
model = Sapiens2(arch=${py(`sapiens2_${size}`)}, img_size=${imgSize}, patch_size=16${is4k ? ", use_tokenizer=True" : ""}).eval().cuda()
model.load_state_dict(load_file(checkpoint))

# An RGB image batch, ImageNet-normalised
x = torch.randn(1, 3, ${is4k ? "4096, 3072" : "1024, 768"}).cuda()
with torch.no_grad():
    features = model(x)[0]  # dense backbone features
print(features.shape)`,
      ),
    ];
  },
  /** TiC-CLIP checkpoints are OpenCLIP ViT-B/16 weights, one file per training year. */
  "tic-clip": (model) => [
    `import open_clip
from huggingface_hub import hf_hub_download

# checkpoints/<year>.pt: the model trained on data up to that year
checkpoint = hf_hub_download(${py(model.id)}, "checkpoints/2022.pt")
model, _, preprocess = open_clip.create_model_and_transforms("ViT-B-16", pretrained=checkpoint)
tokenizer = open_clip.get_tokenizer("ViT-B-16")`,
  ],
  timm: (model) => {
    const hub = py(`hf_hub:${model.id}`);
    const load = `from urllib.request import urlopen

import timm
import torch
from PIL import Image
`;
    const prepare = `config = timm.data.resolve_model_data_config(model)
transform = timm.data.create_transform(**config, is_training=False)

image = Image.open(urlopen(${py(COCO_IMAGE_URL)})).convert("RGB")`;
    if (model.pipeline_tag === "image-feature-extraction") {
      return [
        `${load}
# num_classes=0 removes the classifier head: the model returns pooled features
model = timm.create_model(${hub}, pretrained=True, num_classes=0).eval()
${prepare}
with torch.no_grad():
    features = model(transform(image).unsqueeze(0))
print(features.shape)`,
      ];
    }
    return [
      `${load}
model = timm.create_model(${hub}, pretrained=True).eval()
${prepare}
with torch.no_grad():
    logits = model(transform(image).unsqueeze(0))
probabilities, class_indices = logits.softmax(dim=-1).topk(5)
print(probabilities, class_indices)`,
    ];
  },
  torchgeo: (model) => [
    `import torch
${pyFindRepoFile(model.id, [".pth", ".pt", ".ckpt"])}

state_dict = torch.load(checkpoint, map_location="cpu")
# build the architecture these weights were trained for (see torchgeo.models.list_models()),
# with the number of input bands of the sensor, then load them with model.load_state_dict(state_dict)
print(list(state_dict)[:5])`,
  ],
  "describe-anything": (model) => [
    "pip install git+https://github.com/NVlabs/describe-anything",
    `import numpy as np
from PIL import Image
from huggingface_hub import snapshot_download
from dam import DescribeAnythingModel

checkpoint_dir = snapshot_download(${py(model.id)})

dam = DescribeAnythingModel(model_path=checkpoint_dir, conv_mode="v1", prompt_mode="focal_prompt")

image = Image.open("image.jpg").convert("RGB")
mask = Image.fromarray((np.array(Image.open("mask.png").convert("L")) > 0).astype(np.uint8) * 255)

description = dam.get_description(
    image,
    mask,
    "<image>\\nDescribe the masked region in detail.",
    temperature=0.2,
    top_p=0.5,
    num_beams=1,
    max_new_tokens=512,
)
print(description)`,
  ],
  "depth-pro": (model) => [
    `# Download the checkpoint where depth_pro looks for it (./checkpoints/depth_pro.pt)
pip install git+https://github.com/apple/ml-depth-pro.git
${hfDownload(model.id, "checkpoints")}`,
    `import depth_pro

model, transform = depth_pro.create_model_and_transforms()
model.eval()

image, _, f_px = depth_pro.load_rgb("example.png")
prediction = model.infer(transform(image), f_px=f_px)

depth = prediction["depth"]  # metres
focal_length_px = prediction["focallength_px"]`,
  ],
  doctr: (model) => {
    const detection = model.pipeline_tag === "object-detection" || hasTag(model, "detection");
    const recognition = model.pipeline_tag === "image-to-text" || hasTag(model, "recognition");
    const note =
      detection || recognition
        ? ""
        : "# The task is not tagged: this loads the checkpoint as the recognition model; pass it as det_arch for a text detector.\n";
    const archArgs = detection
      ? `det_arch=model, reco_arch="crnn_vgg16_bn"`
      : `det_arch="fast_base", reco_arch=model`;
    return [
      `${note}from doctr.io import DocumentFile
from doctr.models import from_hub, ocr_predictor

model = from_hub(${py(model.id)})
predictor = ocr_predictor(${archArgs}, pretrained=True)

document = DocumentFile.from_images(["page.jpg"])
result = predictor(document)
print(result.render())`,
    ];
  },
  cotracker: (model) => [
    `import torch
from huggingface_hub import hf_hub_download
from cotracker.predictor import CoTrackerPredictor

# CoTracker3 ships an offline (whole video) and an online (streaming) checkpoint
checkpoint = hf_hub_download(${py(model.id)}, "scaled_offline.pth")
model = CoTrackerPredictor(checkpoint=checkpoint).eval()

video = torch.randn(1, 24, 3, 384, 512)  # (batch, frames, channels, height, width), values in 0..255
pred_tracks, pred_visibility = model(video, grid_size=10)`,
  ],
  birefnet: (model) => [
    `# Option 1: with transformers
import torch
from torchvision import transforms
${SAMPLE_IMAGE_IMPORTS}
from transformers import AutoModelForImageSegmentation

birefnet = AutoModelForImageSegmentation.from_pretrained(${py(model.id)}, trust_remote_code=True).eval()

${loadSampleImage}

preprocess = transforms.Compose([
    transforms.Resize((1024, 1024)),
    transforms.ToTensor(),
    transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
])
with torch.no_grad():
    mask = birefnet(preprocess(image).unsqueeze(0))[-1].sigmoid()[0, 0]

# Use the predicted mask as the alpha channel
image.putalpha(transforms.ToPILImage()(mask).resize(image.size))
image.save("foreground.png")`,
    `# Option 2: with the BiRefNet code (run inside a clone of https://github.com/ZhengPeng7/BiRefNet)
from models.birefnet import BiRefNet

model = BiRefNet.from_pretrained(${py(model.id)})`,
  ],
  videoprism: (model) => {
    const known = videoprismNames[repoName(model)];
    const name = known ? py(known) : py(model.id);
    return [
      `# pip install git+https://github.com/google-deepmind/videoprism
import jax
import jax.numpy as jnp
from videoprism import models as vp
${
  known
    ? `
# ${py(model.id)} is published under the name ${name}`
    : ""
}
flax_model = vp.get_model(${name})
loaded_state = vp.load_pretrained_weights(${name})

@jax.jit
def forward_fn(inputs):
    return flax_model.apply(loaded_state, inputs, train=False)

# [batch, frames, height, width, 3] with values in [0, 1]
video = jnp.zeros((1, 16, 288, 288, 3))
embeddings, _ = forward_fn(video)`,
    ];
  },
  htrflow: (model) => {
    // Layout models (YOLO) segment the page; text models (TrOCR) read the lines.
    const isSegmentation =
      model.pipeline_tag === "object-detection" ||
      model.pipeline_tag === "image-segmentation" ||
      hasTag(model, "yolo") ||
      hasTag(model, "ultralytics");
    const step = isSegmentation
      ? `- step: Segmentation
  settings:
    model: yolo
    model_settings:
      model: ${JSON.stringify(model.id)}`
      : `- step: TextRecognition
  settings:
    model: TrOCR
    model_settings:
      model: ${JSON.stringify(model.id)}`;
    return [
      `pip install "htrflow[all]"

# A pipeline file with this model as one step
cat > pipeline.yaml <<'YAML'
steps:
${step}
- step: Export
  settings:
    format: txt
    dest: outputs
YAML

htrflow pipeline pipeline.yaml page.jpg`,
      `from htrflow.pipeline.pipeline import Pipeline
from htrflow.volume.volume import Collection

config = {
    "steps": [
        {
            "step": ${py(isSegmentation ? "Segmentation" : "TextRecognition")},
            "settings": {"model": ${py(isSegmentation ? "yolo" : "TrOCR")}, "model_settings": {"model": ${py(model.id)}}},
        }
    ]
}
pipeline = Pipeline.from_config(config)
collection = pipeline.run(Collection(["page.jpg"]))`,
    ];
  },
  "image-matching-models": (model) => [
    `# pip install git+https://github.com/alexstoken/image-matching-models
import torch
from huggingface_hub import snapshot_download
from matching import get_matcher

${TORCH_DEVICE}
# Pre-fetches this repository's weights into the Hub cache for offline use
snapshot_download(${py(model.id)})

# The matcher is chosen by name; the library lists them with matching.available_models
matcher = get_matcher("superpoint-lg", device=device)
image0 = matcher.load_image("image0.jpg", resize=512)
image1 = matcher.load_image("image1.jpg", resize=512)

result = matcher(image0, image1)
print(result["num_inliers"], result["H"])`,
  ],
  terratorch: (model) => {
    const backbone = terratorchBackboneName(model);
    if (backbone) {
      return [
        `from terratorch.registry import BACKBONE_REGISTRY

# ${py(model.id)} is registered in TerraTorch as ${py(backbone)}
model = BACKBONE_REGISTRY.build(${py(backbone)}, pretrained=True)`,
      ];
    }
    return [
      `pip install terratorch

# A fine-tuned task: the repository holds its config (YAML) and checkpoint
hf download ${sh(model.id)} --local-dir terratorch-model

# predict on a folder of GeoTIFFs with the bands listed in the config
terratorch predict -c "$(ls terratorch-model/*.yaml | head -n 1)" \\
  --ckpt_path "$(ls terratorch-model/*.pt terratorch-model/*.ckpt 2>/dev/null | head -n 1)" \\
  --predict_output_dir predictions \\
  --data.init_args.predict_data_root input_tiffs`,
    ];
  },
  open_clip: (model) => {
    const hub = py(`hf-hub:${model.id}`);
    return [
      `from urllib.request import urlopen

import open_clip
import torch
from PIL import Image

model, _, preprocess = open_clip.create_model_and_transforms(${hub})
tokenizer = open_clip.get_tokenizer(${hub})
model.eval()

image = preprocess(Image.open(urlopen(${py(COCO_IMAGE_URL)}))).unsqueeze(0)
labels = ${pyStrings(["a photo of parrots", "a photo of a dog", "a photo of a city"])}
text = tokenizer(labels)

with torch.no_grad():
    image_features = model.encode_image(image)
    text_features = model.encode_text(text)
    image_features /= image_features.norm(dim=-1, keepdim=True)
    text_features /= text_features.norm(dim=-1, keepdim=True)
    probabilities = (100.0 * image_features @ text_features.T).softmax(dim=-1)

print(dict(zip(labels, probabilities[0].tolist())))`,
    ];
  },
  yolov26: ultralytics,
  lightglue: (model) => [
    `# pip install git+https://github.com/cvg/LightGlue
import glob

import torch
from huggingface_hub import snapshot_download
from lightglue import LightGlue, SuperPoint
from lightglue.utils import load_image, rbd

${TORCH_DEVICE}
extractor = SuperPoint(max_num_keypoints=2048).eval().to(device)
matcher = LightGlue(features="superpoint").eval().to(device)

# Load this repository's weights instead of the ones LightGlue downloads by default
weights_dir = snapshot_download(${py(model.id)}, allow_patterns=["*.pth"])
weights = sorted(glob.glob(f"{weights_dir}/**/*.pth", recursive=True))[0]
matcher.load_state_dict(torch.load(weights, map_location=device), strict=False)

image0 = load_image("image0.jpg").to(device)
image1 = load_image("image1.jpg").to(device)
feats0, feats1 = extractor.extract(image0), extractor.extract(image1)
matches01 = matcher({"image0": feats0, "image1": feats1})
feats0, feats1, matches01 = [rbd(x) for x in [feats0, feats1, matches01]]
print(matches01["matches"].shape)`,
  ],
  araclip: (model) => [
    `import numpy as np
${SAMPLE_IMAGE_IMPORTS}
from araclip import AraClip

model = AraClip.from_pretrained(${py(model.id)})

${loadSampleImage}

labels = ["قطة جالسة", "قطة تقفز", "كلب", "حصان"]
image_features = model.embedding_image(image)
text_features = np.stack([model.embedding_text(label) for label in labels])

similarities = text_features @ image_features
print(labels[int(np.argmax(similarities))])`,
  ],
  /** Perception Encoder: PE-Core models are CLIP models; every PE model is also a vision encoder. */
  "perception-encoder": (model) => {
    const config = py(nameWithoutNamespace(model.id));
    const visionEncoder = `# Run from a clone of https://github.com/facebookresearch/perception_models
import core.vision_encoder.pe as pe

# ${py(model.id)} is published under the config name ${config}
model = pe.VisionTransformer.from_config(${config}, pretrained=True)`;
    if (!/pe-core/i.test(model.id)) return [visionEncoder];
    return [
      `# Run from a clone of https://github.com/facebookresearch/perception_models
import core.vision_encoder.pe as pe
import core.vision_encoder.transforms as transforms
import torch
from PIL import Image

# ${py(model.id)} is published under the config name ${config}
model = pe.CLIP.from_config(${config}, pretrained=True).cuda().eval()
preprocess = transforms.get_image_transform(model.image_size)
tokenizer = transforms.get_text_tokenizer(model.context_length)

image = preprocess(Image.open("image.jpg")).unsqueeze(0).cuda()
text = tokenizer(${pyStrings(["a diagram", "a dog", "a cat"])}).cuda()

with torch.no_grad(), torch.autocast("cuda"):
    image_features, text_features, logit_scale = model(image, text)
    probabilities = (logit_scale * image_features @ text_features.T).softmax(dim=-1)
print(probabilities)`,
      visionEncoder,
    ];
  },
  "mlx-image": (model) => {
    // mlx-image names its models like timm; the hub copies carry a "-mlxim" suffix.
    const name = nameWithoutNamespace(model.id).replace(/-mlxim$/, "");
    return [
      "pip install mlx-image",
      `import mlx.core as mx
from mlxim.io import read_rgb
from mlxim.model import create_model
from mlxim.transform import ImageNetTransform

# create_model(${py(name)}) downloads the weights of ${py(model.id)} from the Hub
model = create_model(${py(name)})
model.eval()

transform = ImageNetTransform(train=False, img_size=224)
x = mx.expand_dims(mx.array(transform(read_rgb("cat.jpg"))), 0)
logits = model(x)
print(mx.argmax(logits, axis=-1))  # ImageNet class index`,
    ];
  },
  /** YOLOv10 (THU-MIG's fork of ultralytics) publishes its checkpoints as hub mixin models. */
  yolov10: (model) => [
    "pip install git+https://github.com/THU-MIG/yolov10.git",
    `from ultralytics import YOLOv10

model = YOLOv10.from_pretrained(${py(model.id)})
results = model.predict(source=${py(COCO_IMAGE_URL)}, save=True)`,
  ],
  matanyone: (model) => [
    "pip install git+https://github.com/pq-yang/MatAnyone.git",
    `from matanyone import InferenceCore

processor = InferenceCore(${py(model.id)})
# the mask marks the person to matte in the first frame
foreground_path, alpha_path = processor.process_video(input_path="video.mp4", mask_path="mask.png", output_path="outputs")`,
  ],
  // KerasFormers (IMvision12/KerasFormers README, docs/classification_backbones.md): models load by variant
  // name (`XImageClassify.from_weights("resnet50_a1_in1k")`) or from timm with the `hf:` prefix; loading a
  // KerasFormers repository of the Hub by its id is not documented, so the snippet stops at the weights.
  kerasformers: (model) => [
    `# pip install kerasformers
from huggingface_hub import snapshot_download

# The repository holds Keras weights (model.weights.h5): build the matching KerasFormers
# architecture, then load them with model.load_weights(f"{weights_dir}/model.weights.h5")
weights_dir = snapshot_download(${py(model.id)})`,
  ],
  sam2: (model) => {
    const id = py(model.id);
    return [
      `# Segment images
import numpy as np
import torch
from PIL import Image
from sam2.sam2_image_predictor import SAM2ImagePredictor

predictor = SAM2ImagePredictor.from_pretrained(${id})
image = np.array(Image.open("image.jpg").convert("RGB"))

with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):
    predictor.set_image(image)
    # one positive click at (x=500, y=375)
    masks, scores, _ = predictor.predict(point_coords=np.array([[500, 375]]), point_labels=np.array([1]))`,
      `# Segment and track objects in videos
import numpy as np
import torch
from sam2.sam2_video_predictor import SAM2VideoPredictor

predictor = SAM2VideoPredictor.from_pretrained(${id})

with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):
    state = predictor.init_state("video.mp4")

    # a click on object 1 in the first frame
    frame_idx, object_ids, masks = predictor.add_new_points_or_box(
        state,
        frame_idx=0,
        obj_id=1,
        points=np.array([[210, 350]], dtype=np.float32),
        labels=np.array([1], dtype=np.int32),
    )

    # propagate the prompt through the whole video
    for frame_idx, object_ids, masks in predictor.propagate_in_video(state):
        print(frame_idx, object_ids, masks.shape)`,
    ];
  },
  bboxmaskpose: (model) => [
    cloneAndRun(model, {
      repoUrl: "https://github.com/MiraPurkrabek/BBoxMaskPose.git",
      localDir: "models/pretrained",
      install: ["pip install -e ."],
      note: "BBoxMaskPose runs from its repository; see its README for the demo options.",
      run: "python demo/bmp_demo.py configs/bmp_D3.yaml data/002366.jpg",
    }),
  ],
  ultralytics,
  lvface: (model) => [
    `# Run inside a clone of https://github.com/bytedance/LVFace (it provides inference_onnx.py)
from huggingface_hub import hf_hub_download
from inference_onnx import LVFaceONNXInferencer

model_path = hf_hub_download(${py(model.id)}, "LVFace-L_Glint360K/LVFace-L_Glint360K.onnx")
inferencer = LVFaceONNXInferencer(model_path, use_gpu=True, timeout=300)

embedding = inferencer.infer_from_image("face.jpg")
print(embedding.shape)`,
  ],
  // ZeroModels docs: pure Keras 3 models (pick the backend before importing), loaded by the repository's
  // model_type; task heads have their own loaders in zeromodels.auto.
  zeromodels: (model) => [
    `# pip install -U zeromodels
import os

os.environ["KERAS_BACKEND"] = "torch"  # or "jax", "tensorflow"

from zeromodels import AutoZModel

# For a task head use its loader instead, e.g. AutoZMImageClassify or AutoZMDetect (zeromodels.auto)
model = AutoZModel.from_weights(${py(model.id)})`,
  ],
  clipscope: (model) => [
    "pip install clipscope",
    `import torch
${SAMPLE_IMAGE_IMPORTS}
from clipscope import ConfiguredViT, TopKSAE

${TORCH_DEVICE}

# One SAE per file of ${commentText(model.id)}, in a folder named after the layer and hook it reads
location = (22, "resid")
sae = TopKSAE.from_pretrained(checkpoint="22_resid/1200013184.pt", device=device)
transformer = ConfiguredViT([location], device=device)

${loadSampleImage}

# The SAE reads the CLS token's activation at that location
activations = transformer.all_activations(image)[location][:, 0]
output = sae.forward_descriptive(activations)
print(output["latent"].shape)  # sparse feature activations`,
  ],
  birder: (model) => [
    `import birder
from birder.inference.classification import infer_image

# Birder names its pretrained weights after the repository
net, model_info = birder.load_pretrained_model(${py(nameWithoutNamespace(model.id))}, inference=True)

size = birder.get_size_from_signature(model_info.signature)
transform = birder.classification_transform(size, model_info.rgb_stats)

out, embedding = infer_image(net, "image.jpeg", transform)
print(out.argmax())`,
  ],
  /** Sapiens checkpoints come as TorchScript, torch.export (bfloat16) or raw PyTorch weights. */
  sapiens: (model) => {
    const name = repoName(model);
    if (name.includes("torchscript")) {
      return [
        `import torch
${pyFindRepoFile(model.id, [".pt2", ".pt"])}

model = torch.jit.load(checkpoint).eval().to("cuda")
# input: a normalized [1, 3, 1024, 768] image tensor
with torch.inference_mode():
    output = model(torch.randn(1, 3, 1024, 768, device="cuda"))`,
      ];
    }
    if (name.includes("bfloat16")) {
      return [
        `import torch
${pyFindRepoFile(model.id, [".pt2"])}

model = torch.export.load(checkpoint).module().to("cuda")
# input: a normalized [1, 3, 1024, 768] image tensor
with torch.inference_mode():
    output = model(torch.randn(1, 3, 1024, 768, device="cuda", dtype=torch.bfloat16))`,
      ];
    }
    return [
      `git clone https://github.com/facebookresearch/sapiens.git
# these are the original training checkpoints, used with the repository's configs
${shDownload(model.id, "sapiens_checkpoints")}`,
    ];
  },
  big_vision: (model) => [
    `# big_vision is not on PyPI: clone https://github.com/google-research/big_vision and run from it
import glob

from huggingface_hub import snapshot_download
import big_vision.utils as u

checkpoint_dir = snapshot_download(${py(model.id)}, allow_patterns=["*.npz"])
checkpoint = sorted(glob.glob(f"{checkpoint_dir}/*.npz"))[0]

# A nested dict of JAX arrays, ready for the matching model in big_vision/models
params = u.load_params(checkpoint)`,
  ],
  collectorvision: (model) => [
    "pip install git+https://github.com/HanClinto/CollectorVision huggingface_hub",
    `import collector_vision as cvg
from huggingface_hub import hf_hub_download

checkpoint = hf_hub_download(repo_id=${py(model.id)}, filename="model.onnx")

# Corner-detector checkpoints:
detector = cvg.NeuralCornerDetector(checkpoint)
# Card-embedding checkpoints:
embedder = cvg.NeuralEmbedder(checkpoint)`,
  ],
  PaddleOCR: (model) => {
    const modelName = py(nameWithoutNamespace(model.id));
    if (hasTag(model, "document-parse")) {
      return [
        PADDLE_INSTALL,
        `from paddleocr import PaddleOCRVL

# PaddleOCR-VL pipeline (${py(model.id)}): layout analysis and recognition in one pass
pipeline = PaddleOCRVL()
for page in pipeline.predict("document.png"):
    page.print()
    page.save_to_markdown(save_path="output")`,
      ];
    }
    if (hasTag(model, "doc_vlm")) {
      return [
        PADDLE_INSTALL,
        `from paddleocr import DocVLM

# PaddleOCR fetches ${py(model.id)} by its model name
model = DocVLM(model_name=${modelName})
result = model.predict(
    input={"image": "document.png", "query": "Parse this page into Markdown."},
    batch_size=1,
)
for page in result:
    page.print()`,
      ];
    }
    const moduleClass = model.tags.map((tag) => PADDLEOCR_MODULES[tag]).find((c) => c !== undefined);
    if (moduleClass) {
      return [
        PADDLE_INSTALL,
        `from paddleocr import ${moduleClass}

# PaddleOCR fetches ${py(model.id)} by its model name
model = ${moduleClass}(model_name=${modelName})
for result in model.predict("image.png", batch_size=1):
    result.print()
    result.save_to_json(save_path="output/result.json")`,
      ];
    }
    return [
      PADDLE_INSTALL,
      `# The model card does not say which PaddleOCR module this model is for;
# the full OCR pipeline (detection + recognition) is the usual entry point.
from paddleocr import PaddleOCR

ocr = PaddleOCR()
for page in ocr.predict("image.png"):
    page.print()
# to use ${py(model.id)} in the pipeline, pass its name, e.g. text_recognition_model_name=${modelName}`,
    ];
  },
  monkeyocr: (model) => [
    `git clone https://github.com/Yuliang-Liu/MonkeyOCR.git
cd MonkeyOCR
pip install -e .

${shDownload(model.id, "model_weight/Recognition")}

# parse a PDF or an image into Markdown (results go to ./output)
python parse.py input.pdf`,
  ],
};
