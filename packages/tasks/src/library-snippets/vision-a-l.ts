// Snippets for computer-vision libraries (ids a–l): segmentation, depth, matching, OCR, faces.
import type { ModelData } from "../model-data.js";
import type { LibrarySnippet } from "./index.js";
import { hasTag, nameWithoutNamespace, py } from "./common.js";
import { cloneAndRun, hfDownload } from "./helpers-a-l.js";

const SAMPLE_IMAGE_URL = "http://images.cocodataset.org/val2017/000000039769.jpg";

const SAMPLE_IMAGE_IMPORTS = "import requests\nfrom PIL import Image";
const loadSampleImage = `image = Image.open(requests.get(${py(SAMPLE_IMAGE_URL)}, stream=True).raw).convert("RGB")`;

const araclip: LibrarySnippet = (model) => [
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
];

const ben2: LibrarySnippet = (model) => [
  `import torch
${SAMPLE_IMAGE_IMPORTS}
from ben2 import AutoModel

device = "cuda" if torch.cuda.is_available() else "cpu"
model = AutoModel.from_pretrained(${py(model.id)})
model.to(device).eval()

${loadSampleImage}

foreground = model.inference(image)
foreground.save("foreground.png")`,
];

const birder: LibrarySnippet = (model) => [
  `import birder
from birder.inference.classification import infer_image

# Birder names its pretrained weights after the repository
net, model_info = birder.load_pretrained_model(${py(nameWithoutNamespace(model.id))}, inference=True)

size = birder.get_size_from_signature(model_info.signature)
transform = birder.classification_transform(size, model_info.rgb_stats)

out, embedding = infer_image(net, "image.jpeg", transform)
print(out.argmax())`,
];

const birefnet: LibrarySnippet = (model) => [
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
];

const bigVision: LibrarySnippet = (model) => [
  `# big_vision is not on PyPI: clone https://github.com/google-research/big_vision and run from it
import glob

from huggingface_hub import snapshot_download
import big_vision.utils as u

checkpoint_dir = snapshot_download(${py(model.id)}, allow_patterns=["*.npz"])
checkpoint = sorted(glob.glob(f"{checkpoint_dir}/*.npz"))[0]

# A nested dict of JAX arrays, ready for the matching model in big_vision/models
params = u.load_params(checkpoint)`,
];

const clipscope: LibrarySnippet = (model) => [
  "pip install clipscope",
  `import torch
${SAMPLE_IMAGE_IMPORTS}
from clipscope import ConfiguredViT, TopKSAE

device = "cuda" if torch.cuda.is_available() else "cpu"

# One SAE per file of ${model.id}, in a folder named after the layer and hook it reads
location = (22, "resid")
sae = TopKSAE.from_pretrained(checkpoint="22_resid/1200013184.pt", device=device)
transformer = ConfiguredViT([location], device=device)

${loadSampleImage}

# The SAE reads the CLS token's activation at that location
activations = transformer.all_activations(image)[location][:, 0]
output = sae.forward_descriptive(activations)
print(output["latent"].shape)  # sparse feature activations`,
];

const collectorvision: LibrarySnippet = (model) => [
  "pip install git+https://github.com/HanClinto/CollectorVision huggingface_hub",
  `import collector_vision as cvg
from huggingface_hub import hf_hub_download

checkpoint = hf_hub_download(repo_id=${py(model.id)}, filename="model.onnx")

# Corner-detector checkpoints:
detector = cvg.NeuralCornerDetector(checkpoint)
# Card-embedding checkpoints:
embedder = cvg.NeuralEmbedder(checkpoint)`,
];

const cotracker: LibrarySnippet = (model) => [
  `import torch
from huggingface_hub import hf_hub_download
from cotracker.predictor import CoTrackerPredictor

# CoTracker3 ships an offline (whole video) and an online (streaming) checkpoint
checkpoint = hf_hub_download(${py(model.id)}, "scaled_offline.pth")
model = CoTrackerPredictor(checkpoint=checkpoint).eval()

video = torch.randn(1, 24, 3, 384, 512)  # (batch, frames, channels, height, width), values in 0..255
pred_tracks, pred_visibility = model(video, grid_size=10)`,
];

const deepforest: LibrarySnippet = (model) => [
  `from deepforest import main
from deepforest import get_data

model = main.deepforest()
model.load_model(model_name=${py(model.id)}, revision="main")

# A sample aerial image that ships with the package
predictions = model.predict_image(path=get_data("OSBS_029.png"))
print(predictions.head())`,
];

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

const depthAnythingV2: LibrarySnippet = (model) => {
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
};

const depthPro: LibrarySnippet = (model) => [
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
];

const describeAnything: LibrarySnippet = (model) => [
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
];

const doctr: LibrarySnippet = (model) => {
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
};

const imageMatchingModels: LibrarySnippet = (model) => [
  `# pip install git+https://github.com/alexstoken/image-matching-models
import torch
from huggingface_hub import snapshot_download
from matching import get_matcher

device = "cuda" if torch.cuda.is_available() else "cpu"
# Pre-fetches this repository's weights into the Hub cache for offline use
snapshot_download(${py(model.id)})

# The matcher is chosen by name; the library lists them with matching.available_models
matcher = get_matcher("superpoint-lg", device=device)
image0 = matcher.load_image("image0.jpg", resize=512)
image1 = matcher.load_image("image1.jpg", resize=512)

result = matcher(image0, image1)
print(result["num_inliers"], result["H"])`,
];

const lightglue: LibrarySnippet = (model) => [
  `# pip install git+https://github.com/cvg/LightGlue
import glob

import torch
from huggingface_hub import snapshot_download
from lightglue import LightGlue, SuperPoint
from lightglue.utils import load_image, rbd

device = "cuda" if torch.cuda.is_available() else "cpu"
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
];

const lvface: LibrarySnippet = (model) => [
  `# Run inside a clone of https://github.com/bytedance/LVFace (it provides inference_onnx.py)
from huggingface_hub import hf_hub_download
from inference_onnx import LVFaceONNXInferencer

model_path = hf_hub_download(${py(model.id)}, "LVFace-L_Glint360K/LVFace-L_Glint360K.onnx")
inferencer = LVFaceONNXInferencer(model_path, use_gpu=True, timeout=300)

embedding = inferencer.infer_from_image("face.jpg")
print(embedding.shape)`,
];

const htrflow: LibrarySnippet = (model) => {
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
};

/** The torch.hub builder of each EUPE checkpoint (README of github.com/facebookresearch/EUPE). */
const EUPE_BUILDERS: Record<string, string> = {
  "eupe-vit-t": "eupe_vitt16",
  "eupe-vit-s": "eupe_vits16",
  "eupe-vit-b": "eupe_vitb16",
  "eupe-convnext-t": "eupe_convnext_tiny",
  "eupe-convnext-s": "eupe_convnext_small",
  "eupe-convnext-b": "eupe_convnext_base",
};

const eupe: LibrarySnippet = (model) => {
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
};

const bboxMaskPose: LibrarySnippet = (model) => [
  cloneAndRun(model, {
    repoUrl: "https://github.com/MiraPurkrabek/BBoxMaskPose.git",
    localDir: "models/pretrained",
    install: ["pip install -e ."],
    note: "BBoxMaskPose runs from its repository; see its README for the demo options.",
    run: ["python demo/bmp_demo.py configs/bmp_D3.yaml data/002366.jpg"],
  }),
];

// KerasFormers (IMvision12/KerasFormers README, docs/classification_backbones.md): models load by variant
// name (`XImageClassify.from_weights("resnet50_a1_in1k")`) or from timm with the `hf:` prefix; loading a
// KerasFormers repository of the Hub by its id is not documented, so the snippet stops at the weights.
const kerasformers: LibrarySnippet = (model) => [
  `# pip install kerasformers
from huggingface_hub import snapshot_download

# The repository holds Keras weights (model.weights.h5): build the matching KerasFormers
# architecture, then load them with model.load_weights(f"{weights_dir}/model.weights.h5")
weights_dir = snapshot_download(${py(model.id)})`,
];

const liveportrait: LibrarySnippet = (model) => [
  cloneAndRun(model, {
    repoUrl: "https://github.com/KwaiVGI/LivePortrait.git",
    localDir: "pretrained_weights",
    note: "Animate a portrait with the motion of a driving video.",
    run: ["python inference.py -s assets/examples/source/s9.jpg -d assets/examples/driving/d0.mp4"],
  }),
];

export const VISION_SNIPPETS_A_TO_L: Partial<Record<string, LibrarySnippet>> = {
  araclip,
  bboxmaskpose: bboxMaskPose,
  ben2,
  big_vision: bigVision,
  birder,
  birefnet,
  clipscope,
  collectorvision,
  cotracker,
  deepforest,
  "depth-anything-v2": depthAnythingV2,
  "depth-pro": depthPro,
  "describe-anything": describeAnything,
  doctr,
  eupe,
  htrflow,
  "image-matching-models": imageMatchingModels,
  kerasformers,
  lightglue,
  liveportrait,
  lvface,
};
