// Snippets for computer-vision libraries: classification and detection, segmentation and matting,
// OCR, 3D reconstruction, medical and Earth-observation imaging.
import type { ModelData } from "../model-data.js";
import { hasTag, nameWithoutNamespace, py, sh } from "./common.js";
import { SAMPLE_IMAGE_URL, pyFindRepoFile, pyStrings, repoName, shDownload } from "./helpers-m-z.js";
import type { LibrarySnippet } from "./index.js";

const COCO_IMAGE_URL = "http://images.cocodataset.org/val2017/000000039769.jpg";

const timm: LibrarySnippet = (model) => {
  const hub = py(`hf_hub:${model.id}`);
  const load = [
    "from urllib.request import urlopen",
    "",
    "import timm",
    "import torch",
    "from PIL import Image",
    "",
  ];
  const prepare = [
    "config = timm.data.resolve_model_data_config(model)",
    "transform = timm.data.create_transform(**config, is_training=False)",
    "",
    `image = Image.open(urlopen(${py(SAMPLE_IMAGE_URL)})).convert("RGB")`,
  ];
  if (model.pipeline_tag === "image-feature-extraction") {
    return [
      [
        ...load,
        "# num_classes=0 removes the classifier head: the model returns pooled features",
        `model = timm.create_model(${hub}, pretrained=True, num_classes=0).eval()`,
        ...prepare,
        "with torch.no_grad():",
        "    features = model(transform(image).unsqueeze(0))",
        "print(features.shape)",
      ].join("\n"),
    ];
  }
  return [
    [
      ...load,
      `model = timm.create_model(${hub}, pretrained=True).eval()`,
      ...prepare,
      "with torch.no_grad():",
      "    logits = model(transform(image).unsqueeze(0))",
      "probabilities, class_indices = logits.softmax(dim=-1).topk(5)",
      "print(probabilities, class_indices)",
    ].join("\n"),
  ];
};

const openClip: LibrarySnippet = (model) => {
  const hub = py(`hf-hub:${model.id}`);
  return [
    [
      "from urllib.request import urlopen",
      "",
      "import open_clip",
      "import torch",
      "from PIL import Image",
      "",
      `model, _, preprocess = open_clip.create_model_and_transforms(${hub})`,
      `tokenizer = open_clip.get_tokenizer(${hub})`,
      "model.eval()",
      "",
      `image = preprocess(Image.open(urlopen(${py(SAMPLE_IMAGE_URL)}))).unsqueeze(0)`,
      `labels = ${pyStrings(["a photo of parrots", "a photo of a dog", "a photo of a city"])}`,
      "text = tokenizer(labels)",
      "",
      "with torch.no_grad():",
      "    image_features = model.encode_image(image)",
      "    text_features = model.encode_text(text)",
      "    image_features /= image_features.norm(dim=-1, keepdim=True)",
      "    text_features /= text_features.norm(dim=-1, keepdim=True)",
      "    probabilities = (100.0 * image_features @ text_features.T).softmax(dim=-1)",
      "",
      "print(dict(zip(labels, probabilities[0].tolist())))",
    ].join("\n"),
  ];
};

/** TiC-CLIP checkpoints are OpenCLIP ViT-B/16 weights, one file per training year. */
const ticClip: LibrarySnippet = (model) => [
  [
    "import open_clip",
    "from huggingface_hub import hf_hub_download",
    "",
    "# checkpoints/<year>.pt: the model trained on data up to that year",
    `checkpoint = hf_hub_download(${py(model.id)}, "checkpoints/2022.pt")`,
    'model, _, preprocess = open_clip.create_model_and_transforms("ViT-B-16", pretrained=checkpoint)',
    'tokenizer = open_clip.get_tokenizer("ViT-B-16")',
  ].join("\n"),
];

/** Ultralytics checkpoints are .pt files loaded by the YOLO class, whatever the YOLO version. */
const ultralytics: LibrarySnippet = (model) => [
  "pip install -U ultralytics",
  [
    "from ultralytics import YOLO",
    pyFindRepoFile(model.id, [".pt"], "weights"),
    "",
    "model = YOLO(weights)",
    `results = model.predict(${py(COCO_IMAGE_URL)}, save=True)`,
    "results[0].show()",
  ].join("\n"),
];

/** YOLOv10 (THU-MIG's fork of ultralytics) publishes its checkpoints as hub mixin models. */
const yolov10: LibrarySnippet = (model) => [
  "pip install git+https://github.com/THU-MIG/yolov10.git",
  [
    "from ultralytics import YOLOv10",
    "",
    `model = YOLOv10.from_pretrained(${py(model.id)})`,
    `results = model.predict(source=${py(COCO_IMAGE_URL)}, save=True)`,
  ].join("\n"),
];

const sam2: LibrarySnippet = (model) => {
  const id = py(model.id);
  return [
    [
      "# Segment images",
      "import numpy as np",
      "import torch",
      "from PIL import Image",
      "from sam2.sam2_image_predictor import SAM2ImagePredictor",
      "",
      `predictor = SAM2ImagePredictor.from_pretrained(${id})`,
      'image = np.array(Image.open("image.jpg").convert("RGB"))',
      "",
      'with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):',
      "    predictor.set_image(image)",
      "    # one positive click at (x=500, y=375)",
      "    masks, scores, _ = predictor.predict(point_coords=np.array([[500, 375]]), point_labels=np.array([1]))",
    ].join("\n"),
    [
      "# Segment and track objects in videos",
      "import numpy as np",
      "import torch",
      "from sam2.sam2_video_predictor import SAM2VideoPredictor",
      "",
      `predictor = SAM2VideoPredictor.from_pretrained(${id})`,
      "",
      'with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):',
      '    state = predictor.init_state("video.mp4")',
      "",
      "    # a click on object 1 in the first frame",
      "    frame_idx, object_ids, masks = predictor.add_new_points_or_box(",
      "        state,",
      "        frame_idx=0,",
      "        obj_id=1,",
      "        points=np.array([[210, 350]], dtype=np.float32),",
      "        labels=np.array([1], dtype=np.int32),",
      "    )",
      "",
      "    # propagate the prompt through the whole video",
      "    for frame_idx, object_ids, masks in predictor.propagate_in_video(state):",
      "        print(frame_idx, object_ids, masks.shape)",
    ].join("\n"),
  ];
};

const sam3dObjects: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/facebookresearch/sam-3d-objects.git",
    "cd sam-3d-objects",
    "# install the environment as described in doc/setup.md, then fetch the checkpoints",
    shDownload(model.id, "checkpoints/hf"),
  ].join("\n"),
  [
    "import sys",
    "",
    'sys.path.append("notebook")',
    "from inference import Inference, load_image, load_single_mask",
    "",
    'inference = Inference("checkpoints/hf/pipeline.yaml", compile=False)',
    "",
    'image = load_image("image.png")',
    "# masks_folder holds one mask per object; index picks the object to reconstruct",
    'mask = load_single_mask("masks_folder", index=0)',
    "output = inference(image, mask, seed=42)",
    'output["gs"].save_ply("object.ply")  # Gaussian splat of the object',
  ].join("\n"),
];

const sam3dBody: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/facebookresearch/sam-3d-body.git",
    "cd sam-3d-body",
    "# install the environment as described in INSTALL.md; run the Python below from this folder",
  ].join("\n"),
  [
    "from notebook.utils import setup_sam_3d_body",
    "",
    "# downloads the checkpoint (and the MHR body model) from the Hub",
    `estimator = setup_sam_3d_body(hf_repo_id=${py(model.id)})`,
    "",
    "# one dict per detected person: mesh vertices, 3D keypoints, body/hand pose and camera",
    'outputs = estimator.process_one_image("person.jpg")',
    "print(len(outputs), sorted(outputs[0]) if outputs else [])",
  ].join("\n"),
];

/** Sapiens checkpoints come as TorchScript, torch.export (bfloat16) or raw PyTorch weights. */
const sapiens: LibrarySnippet = (model) => {
  const name = repoName(model);
  if (name.includes("torchscript")) {
    return [
      [
        "import torch",
        pyFindRepoFile(model.id, [".pt2", ".pt"]),
        "",
        'model = torch.jit.load(checkpoint).eval().to("cuda")',
        "# input: a normalized [1, 3, 1024, 768] image tensor",
        "with torch.inference_mode():",
        '    output = model(torch.randn(1, 3, 1024, 768, device="cuda"))',
      ].join("\n"),
    ];
  }
  if (name.includes("bfloat16")) {
    return [
      [
        "import torch",
        pyFindRepoFile(model.id, [".pt2"]),
        "",
        'model = torch.export.load(checkpoint).module().to("cuda")',
        "# input: a normalized [1, 3, 1024, 768] image tensor",
        "with torch.inference_mode():",
        '    output = model(torch.randn(1, 3, 1024, 768, device="cuda", dtype=torch.bfloat16))',
      ].join("\n"),
    ];
  }
  return [
    [
      "git clone https://github.com/facebookresearch/sapiens.git",
      "# these are the original training checkpoints, used with the repository's configs",
      shDownload(model.id, "sapiens_checkpoints"),
    ].join("\n"),
  ];
};

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

const terratorch: LibrarySnippet = (model) => {
  const backbone = terratorchBackboneName(model);
  if (backbone) {
    return [
      [
        "from terratorch.registry import BACKBONE_REGISTRY",
        "",
        `# ${py(model.id)} is registered in TerraTorch as ${py(backbone)}`,
        `model = BACKBONE_REGISTRY.build(${py(backbone)}, pretrained=True)`,
      ].join("\n"),
    ];
  }
  return [
    [
      "pip install terratorch",
      "",
      "# A fine-tuned task: the repository holds its config (YAML) and checkpoint",
      `hf download ${sh(model.id)} --local-dir terratorch-model`,
      "",
      "# predict on a folder of GeoTIFFs with the bands listed in the config",
      'terratorch predict -c "$(ls terratorch-model/*.yaml | head -n 1)" \\',
      '  --ckpt_path "$(ls terratorch-model/*.pt terratorch-model/*.ckpt 2>/dev/null | head -n 1)" \\',
      "  --predict_output_dir predictions \\",
      "  --data.init_args.predict_data_root input_tiffs",
    ].join("\n"),
  ];
};

const torchgeo: LibrarySnippet = (model) => [
  [
    "import torch",
    pyFindRepoFile(model.id, [".pth", ".pt", ".ckpt"]),
    "",
    'state_dict = torch.load(checkpoint, map_location="cpu")',
    "# build the architecture these weights were trained for (see torchgeo.models.list_models()),",
    "# with the number of input bands of the sensor, then load them with model.load_state_dict(state_dict)",
    "print(list(state_dict)[:5])",
  ].join("\n"),
];

const mlxImage: LibrarySnippet = (model) => {
  // mlx-image names its models like timm; the hub copies carry a "-mlxim" suffix.
  const name = nameWithoutNamespace(model.id).replace(/-mlxim$/, "");
  return [
    "pip install mlx-image",
    [
      "import mlx.core as mx",
      "from mlxim.io import read_rgb",
      "from mlxim.model import create_model",
      "from mlxim.transform import ImageNetTransform",
      "",
      `# create_model(${py(name)}) downloads the weights of ${py(model.id)} from the Hub`,
      `model = create_model(${py(name)})`,
      "model.eval()",
      "",
      "transform = ImageNetTransform(train=False, img_size=224)",
      'x = mx.expand_dims(mx.array(transform(read_rgb("cat.jpg"))), 0)',
      "logits = model(x)",
      "print(mx.argmax(logits, axis=-1))  # ImageNet class index",
    ].join("\n"),
  ];
};

const nobg: LibrarySnippet = (model) => [
  "pip install nobg",
  [
    "from nobg import AutoModel",
    "",
    `model = AutoModel.from_pretrained(${py(model.id)})`,
    "# RGBA cut-out at the input's resolution",
    'model.process("input.jpg").save("output.png")',
  ].join("\n"),
];

/** Perception Encoder: PE-Core models are CLIP models; every PE model is also a vision encoder. */
const perceptionEncoder: LibrarySnippet = (model) => {
  const config = py(nameWithoutNamespace(model.id));
  const visionEncoder = [
    "# Run from a clone of https://github.com/facebookresearch/perception_models",
    "import core.vision_encoder.pe as pe",
    "",
    `# ${py(model.id)} is published under the config name ${config}`,
    `model = pe.VisionTransformer.from_config(${config}, pretrained=True)`,
  ].join("\n");
  if (!/pe-core/i.test(model.id)) return [visionEncoder];
  return [
    [
      "# Run from a clone of https://github.com/facebookresearch/perception_models",
      "import core.vision_encoder.pe as pe",
      "import core.vision_encoder.transforms as transforms",
      "import torch",
      "from PIL import Image",
      "",
      `# ${py(model.id)} is published under the config name ${config}`,
      `model = pe.CLIP.from_config(${config}, pretrained=True).cuda().eval()`,
      "preprocess = transforms.get_image_transform(model.image_size)",
      "tokenizer = transforms.get_text_tokenizer(model.context_length)",
      "",
      'image = preprocess(Image.open("image.jpg")).unsqueeze(0).cuda()',
      `text = tokenizer(${pyStrings(["a diagram", "a dog", "a cat"])}).cuda()`,
      "",
      'with torch.no_grad(), torch.autocast("cuda"):',
      "    image_features, text_features, logit_scale = model(image, text)",
      "    probabilities = (logit_scale * image_features @ text_features.T).softmax(dim=-1)",
      "print(probabilities)",
    ].join("\n"),
    visionEncoder,
  ];
};

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

const pyFeat: LibrarySnippet = (model) => {
  const name = repoName(model);
  const stage = PY_FEAT_STAGES.find(([pattern]) => pattern.test(name));
  const detector = stage
    ? [
        `# this checkpoint (${py(model.id)}) is the detector's ${stage[1]}`,
        `detector = Detector(${stage[1]}=${py(stage[2])})`,
      ]
    : [
        `# the Detector downloads its default models (${py(model.id)} among them) from the Hub`,
        "detector = Detector()",
      ];
  return [
    [
      "from feat import Detector",
      "",
      ...detector,
      'result = detector.detect_image("face.jpg")',
      "print(result.emotions)",
    ].join("\n"),
  ];
};

const videoprismNames: Record<string, string> = {
  "videoprism-base-f16r288": "videoprism_public_v1_base",
  "videoprism-large-f8r288": "videoprism_public_v1_large",
  "videoprism-lvt-base-f16r288": "videoprism_lvt_public_v1_base",
  "videoprism-lvt-large-f8r288": "videoprism_lvt_public_v1_large",
};

const videoprism: LibrarySnippet = (model) => {
  const known = videoprismNames[repoName(model)];
  const name = known ? py(known) : py(model.id);
  return [
    [
      "# pip install git+https://github.com/google-deepmind/videoprism",
      "import jax",
      "import jax.numpy as jnp",
      "from videoprism import models as vp",
      "",
      ...(known ? [`# ${py(model.id)} is published under the name ${name}`] : []),
      `flax_model = vp.get_model(${name})`,
      `loaded_state = vp.load_pretrained_weights(${name})`,
      "",
      "@jax.jit",
      "def forward_fn(inputs):",
      "    return flax_model.apply(loaded_state, inputs, train=False)",
      "",
      "# [batch, frames, height, width, 3] with values in [0, 1]",
      "video = jnp.zeros((1, 16, 288, 288, 3))",
      "embeddings, _ = forward_fn(video)",
    ].join("\n"),
  ];
};

const renderformer: LibrarySnippet = (model) => [
  [
    "# Run from a clone of https://github.com/microsoft/renderformer",
    "from renderformer import RenderFormerRenderingPipeline",
    "",
    `pipeline = RenderFormerRenderingPipeline.from_pretrained(${py(model.id)})`,
    "# scenes are triangle meshes converted to .h5 files (see scene_processor/ in the repository)",
  ].join("\n"),
];

const trellis: LibrarySnippet = (model) => {
  const textTo3d = model.pipeline_tag === "text-to-3d" || /text/i.test(nameWithoutNamespace(model.id));
  const pipelineClass = textTo3d ? "TrellisTextTo3DPipeline" : "TrellisImageTo3DPipeline";
  const run = textTo3d
    ? [`outputs = pipeline.run(${py("A chair looking like an avocado.")}, seed=1)`]
    : ['image = Image.open("image.png")', "outputs = pipeline.run(image, seed=1)"];
  return [
    [
      "# Run from a clone of https://github.com/microsoft/TRELLIS (see its setup.sh)",
      ...(textTo3d ? [] : ["from PIL import Image"]),
      "from trellis.pipelines import " + pipelineClass,
      "from trellis.utils import postprocessing_utils",
      "",
      `pipeline = ${pipelineClass}.from_pretrained(${py(model.id)})`,
      "pipeline.cuda()",
      "",
      ...run,
      "",
      "# textured mesh from the Gaussians and the mesh",
      'glb = postprocessing_utils.to_glb(outputs["gaussian"][0], outputs["mesh"][0], simplify=0.95, texture_size=1024)',
      'glb.export("output.glb")',
    ].join("\n"),
  ];
};

const trellis2: LibrarySnippet = (model) => [
  [
    "# Run from a clone of https://github.com/microsoft/TRELLIS.2 (see its setup.sh)",
    "import o_voxel",
    "from PIL import Image",
    "from trellis2.pipelines import Trellis2ImageTo3DPipeline",
    "",
    `pipeline = Trellis2ImageTo3DPipeline.from_pretrained(${py(model.id)})`,
    "pipeline.cuda()",
    "",
    'image = Image.open("image.png")',
    "mesh = pipeline.run(image)[0]",
    "mesh.simplify(16777216)  # nvdiffrast's face limit",
    "",
    "# textured GLB from the O-Voxel mesh",
    "glb = o_voxel.postprocess.to_glb(",
    "    vertices=mesh.vertices,",
    "    faces=mesh.faces,",
    "    attr_volume=mesh.attrs,",
    "    coords=mesh.coords,",
    "    attr_layout=mesh.layout,",
    "    voxel_size=mesh.voxel_size,",
    "    aabb=[[-0.5, -0.5, -0.5], [0.5, 0.5, 0.5]],",
    "    decimation_target=1000000,",
    "    texture_size=4096,",
    ")",
    'glb.export("output.glb")',
  ].join("\n"),
];

const mlSharp: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/apple/ml-sharp.git",
    "cd ml-sharp",
    "pip install -r requirements.txt",
    "",
    shDownload(model.id, "sharp-checkpoint"),
    "",
    "# one 3D Gaussian splat (.ply) per input image",
    'sharp predict -i input_images -o output_gaussians -c "$(ls sharp-checkpoint/*.pt | head -n 1)"',
  ].join("\n"),
];

const monkeyocr: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/Yuliang-Liu/MonkeyOCR.git",
    "cd MonkeyOCR",
    "pip install -e .",
    "",
    shDownload(model.id, "model_weight/Recognition"),
    "",
    "# parse a PDF or an image into Markdown (results go to ./output)",
    "python parse.py input.pdf",
  ].join("\n"),
];

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

const paddleocr: LibrarySnippet = (model) => {
  const modelName = py(nameWithoutNamespace(model.id));
  if (hasTag(model, "document-parse")) {
    return [
      PADDLE_INSTALL,
      [
        "from paddleocr import PaddleOCRVL",
        "",
        `# PaddleOCR-VL pipeline (${py(model.id)}): layout analysis and recognition in one pass`,
        "pipeline = PaddleOCRVL()",
        'for page in pipeline.predict("document.png"):',
        "    page.print()",
        '    page.save_to_markdown(save_path="output")',
      ].join("\n"),
    ];
  }
  if (hasTag(model, "doc_vlm")) {
    return [
      PADDLE_INSTALL,
      [
        "from paddleocr import DocVLM",
        "",
        `# PaddleOCR fetches ${py(model.id)} by its model name`,
        `model = DocVLM(model_name=${modelName})`,
        "result = model.predict(",
        '    input={"image": "document.png", "query": "Parse this page into Markdown."},',
        "    batch_size=1,",
        ")",
        "for page in result:",
        "    page.print()",
      ].join("\n"),
    ];
  }
  const moduleClass = model.tags.map((tag) => PADDLEOCR_MODULES[tag]).find((c) => c !== undefined);
  if (moduleClass) {
    return [
      PADDLE_INSTALL,
      [
        `from paddleocr import ${moduleClass}`,
        "",
        `# PaddleOCR fetches ${py(model.id)} by its model name`,
        `model = ${moduleClass}(model_name=${modelName})`,
        'for result in model.predict("image.png", batch_size=1):',
        "    result.print()",
        '    result.save_to_json(save_path="output/result.json")',
      ].join("\n"),
    ];
  }
  return [
    PADDLE_INSTALL,
    [
      "# The model card does not say which PaddleOCR module this model is for;",
      "# the full OCR pipeline (detection + recognition) is the usual entry point.",
      "from paddleocr import PaddleOCR",
      "",
      "ocr = PaddleOCR()",
      'for page in ocr.predict("image.png"):',
      "    page.print()",
      `# to use ${py(model.id)} in the pipeline, pass its name, e.g. text_recognition_model_name=${modelName}`,
    ].join("\n"),
  ];
};

const medvae: LibrarySnippet = (model) => [
  "pip install medvae",
  [
    "from medvae import MVAE",
    "",
    `# ${py(model.id)} holds every MedVAE variant: medvae_<downsizing>_<channels>_<2d|3d>`,
    'model = MVAE(model_name="medvae_4_3_2d", modality="xray").to("cuda").eval()',
    "",
    'image = model.apply_transform("chest_xray.png").to("cuda")',
    "latent = model(image)",
  ].join("\n"),
];

const merlin: LibrarySnippet = (model) => [
  "pip install merlin-vlm",
  [
    "from merlin import Merlin",
    "",
    `# loads the 3D CT vision-language model weights from ${py(model.id)}`,
    "model = Merlin().eval().cuda()",
    "# Merlin(ImageEmbedding=True) returns image embeddings only",
  ].join("\n"),
];

const matanyone: LibrarySnippet = (model) => [
  "pip install git+https://github.com/pq-yang/MatAnyone.git",
  [
    "from matanyone import InferenceCore",
    "",
    `processor = InferenceCore(${py(model.id)})`,
    "# the mask marks the person to matte in the first frame",
    'foreground_path, alpha_path = processor.process_video(input_path="video.mp4", mask_path="mask.png", output_path="outputs")',
  ].join("\n"),
];

const meshAnything: LibrarySnippet = (model) => [
  [
    "git clone https://github.com/buaacyw/MeshAnything.git",
    "cd MeshAnything",
    "pip install -r requirements.txt",
    "",
    `# weights come from ${sh(model.id)}; turn every mesh in examples/ into an artist-style mesh`,
    "python main.py --input_dir examples --out_dir mesh_output --input_type mesh",
  ].join("\n"),
];

const vfiMamba: LibrarySnippet = (model) => [
  [
    "# Run from a clone of https://github.com/MCG-NJU/VFIMamba",
    "from Trainer_finetune import Model",
    "",
    `model = Model.from_pretrained(${py(model.id)})`,
    "model.eval()",
    "# interpolate the middle frame between two frames: see demo_2x.py in the repository",
  ].join("\n"),
];

export const VISION_FAMILY_M_TO_Z: Record<string, LibrarySnippet> = {
  timm,
  open_clip: openClip,
  "tic-clip": ticClip,
  ultralytics,
  yolov10,
  yolov26: ultralytics,
  sam2,
  "sam-3d-objects": sam3dObjects,
  "sam-3d-body": sam3dBody,
  sapiens,
  terratorch,
  torchgeo,
  "mlx-image": mlxImage,
  nobg,
  "perception-encoder": perceptionEncoder,
  "py-feat": pyFeat,
  videoprism,
  renderformer,
  trellis,
  trellis2,
  "ml-sharp": mlSharp,
  monkeyocr,
  PaddleOCR: paddleocr,
  medvae,
  merlin,
  matanyone,
  "mesh-anything": meshAnything,
  "vfi-mamba": vfiMamba,
};
