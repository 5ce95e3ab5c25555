// Snippets for general ML frameworks, forecasting, robotics, medical and science libraries (ids a–l).
import type { ModelData } from "../model-data.js";
import type { LibrarySnippet } from "./index.js";
import { hasTag, nameWithoutNamespace, py, sh } from "./common.js";
import { cloneAndRun, hfDownload } from "./helpers-a-l.js";

const anemoi: LibrarySnippet = (model) => [
  `import datetime

from anemoi.inference.runners.simple import SimpleRunner

# The checkpoint is fetched from the Hub
runner = SimpleRunner({"huggingface": ${py(model.id)}}, device="cuda")

# input_state holds the initial conditions: {"date": datetime, "fields": {name: numpy array}},
# with every field the checkpoint expects (for example from ECMWF open data)
input_state = {"date": datetime.datetime(2024, 1, 1, 0), "fields": {}}

for state in runner.run(input_state=input_state, lead_time=12):
    print(state["date"], list(state["fields"])[:5])`,
];

const chronos: LibrarySnippet = (model) => [
  "pip install chronos-forecasting",
  `import pandas as pd
import torch
from chronos import BaseChronosPipeline

pipeline = BaseChronosPipeline.from_pretrained(${py(model.id)}, device_map="cuda", torch_dtype=torch.bfloat16)

df = pd.read_csv("https://autogluon.s3.us-west-2.amazonaws.com/datasets/timeseries/misc/AirPassengers.csv")

# Probabilistic forecast: quantiles for each future step, plus their mean
quantiles, mean = pipeline.predict_quantiles(
    torch.tensor(df["#Passengers"].values, dtype=torch.float32),
    prediction_length=12,
    quantile_levels=[0.1, 0.5, 0.9],
)
print(quantiles[0, :, 1])  # the median forecast`,
];

const colipri: LibrarySnippet = (model) => [
  "pip install colipri",
  `from colipri import ZeroShotImageClassificationPipeline, get_model, get_processor, load_sample_ct

# get_model() loads the COLIPRI weights published at https://huggingface.co/${model.id}
model = get_model().cuda()
processor = get_processor()
pipeline = ZeroShotImageClassificationPipeline(model, processor)

# A chest CT volume bundled with the package
image = load_sample_ct()
print(pipeline(image, ["No lung nodules", "Lung nodules"]))`,
];

const cxrFoundation: LibrarySnippet = (model) => [
  `import io

import numpy as np
import requests
import tensorflow as tf
from huggingface_hub import snapshot_download
from PIL import Image

model_dir = snapshot_download(${py(model.id)}, allow_patterns=["elixr-c-v2-pooled/*"])

# A frontal chest X-ray (Wikimedia Commons, CC0), re-encoded as a grayscale PNG
url = "https://upload.wikimedia.org/wikipedia/commons/c/c8/Chest_Xray_PA_3-8-2010.png"
image = Image.open(requests.get(url, headers={"User-Agent": "Demo"}, stream=True).raw).convert("L")
png = io.BytesIO()
image.save(png, format="PNG")

example = tf.train.Example(
    features=tf.train.Features(
        feature={
            "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[png.getvalue()])),
            "image/format": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"png"])),
        }
    )
).SerializeToString()

# ELIXR-C image encoder: image → feature maps used by the downstream classifiers
elixr_c = tf.saved_model.load(f"{model_dir}/elixr-c-v2-pooled")
output = elixr_c.signatures["serving_default"](input_example=tf.constant([example]))
embedding = output["feature_maps_0"].numpy()
print(embedding.shape)`,
];

const dermFoundation: LibrarySnippet = (model) => [
  `import requests
import tensorflow as tf
from huggingface_hub import from_pretrained_keras

# A sample dermatology photo from the SCIN dataset
image_url = "https://storage.googleapis.com/dx-scin-public-data/dataset/images/3445096909671059178.png"
example = tf.train.Example(
    features=tf.train.Features(
        feature={
            "image/encoded": tf.train.Feature(
                bytes_list=tf.train.BytesList(value=[requests.get(image_url, stream=True).content])
            )
        }
    )
).SerializeToString()

model = from_pretrained_keras(${py(model.id)})
infer = model.signatures["serving_default"]
embedding = infer(inputs=tf.constant([example]))["embedding"]
print(embedding.shape)`,
];

const fastai: LibrarySnippet = (model) => [
  `from huggingface_hub import from_pretrained_fastai

learn = from_pretrained_fastai(${py(model.id)})

# The learner keeps its data pipeline: predict takes a raw input (an image path, a text, a row)
prediction = learn.predict("image.jpg")
print(prediction)`,
];

const FISH_ROWS = `data = pd.DataFrame(
    {
        "Species": ["Bream", "Bream"],
        "Length1": [23.2, 24.0],
        "Length2": [25.4, 26.3],
        "Length3": [30.0, 31.2],
        "Height": [11.52, 12.48],
        "Width": [4.02, 4.3056],
    }
)`;

// FlexTab (SAP-samples/flextab): the repository is not in the searched index and no documentation of its
// predictor API was found, so the snippet prepares the data and checkpoint without a predict call.
const flextab: LibrarySnippet = (model) => {
  const target = model.pipeline_tag === "tabular-regression" ? "Weight" : "Species";
  return [
    `# pip install git+https://github.com/SAP-samples/flextab
import pandas as pd
from huggingface_hub import snapshot_download

# The checkpoint files (.pt) are loaded by FlexTab's predictor; see the repository README
checkpoint_dir = snapshot_download(${py(model.id)})

# Rows from the fish-measurement table (the scikit-learn Fish-Weight data)
${FISH_ROWS}
target_column = ${py(target)}`,
  ];
};

const keras: LibrarySnippet = (model) => [
  `# Available backends: "jax", "torch", "tensorflow"
import os
os.environ["KERAS_BACKEND"] = "jax"

import keras

model = keras.saving.load_model(${py(`hf://${model.id}`)})
model.summary()`,
];

const KERAS_HUB_EXAMPLES: Record<string, (preset: string) => string> = {
  CausalLM: (preset) => `import keras_hub

# Load the CausalLM in half precision for inference
causal_lm = keras_hub.models.CausalLM.from_preset(${preset}, dtype="bfloat16")
causal_lm.compile(sampler="greedy")

print(causal_lm.generate("Keras: deep learning for", max_length=64))`,
  TextToImage: (preset) => `import keras_hub

text_to_image = keras_hub.models.TextToImage.from_preset(${preset}, dtype="bfloat16")
image = text_to_image.generate("Astronaut in a jungle")`,
  TextClassifier: (preset) => `import keras_hub

text_classifier = keras_hub.models.TextClassifier.from_preset(${preset}, num_classes=2)
# Fine-tune on labelled examples, then classify
text_classifier.fit(x=["Thrilling adventure!", "Total snoozefest."], y=[1, 0])
print(text_classifier.predict(["Not my cup of tea."]))`,
  ImageClassifier: (preset) => `import keras
import keras_hub

image_classifier = keras_hub.models.ImageClassifier.from_preset(${preset}, num_classes=2)
# Fine-tune on labelled images, then classify
image_classifier.fit(
    x=keras.random.randint((32, 64, 64, 3), 0, 256),
    y=keras.random.randint((32, 1), 0, 2),
)
print(image_classifier.predict(keras.random.randint((1, 64, 64, 3), 0, 256)))`,
};

const kerasHub: LibrarySnippet = (model) => {
  const preset = py(`hf://${model.id}`);
  const tasks = (model.config?.keras_hub?.tasks ?? []).filter((task) =>
    /^[A-Za-z_][A-Za-z0-9_]*$/.test(task),
  );
  const blocks: string[] = [];
  for (const [task, example] of Object.entries(KERAS_HUB_EXAMPLES)) {
    if (tasks.includes(task)) {
      blocks.push(example(preset));
    }
  }
  for (const task of tasks) {
    if (!(task in KERAS_HUB_EXAMPLES)) {
      blocks.push(`import keras_hub

# Create a ${task} model
task = keras_hub.models.${task}.from_preset(${preset})`);
    }
  }
  blocks.push(`import keras_hub

# The backbone alone, without a task head
backbone = keras_hub.models.Backbone.from_preset(${preset})`);
  return blocks;
};

const LEROBOT_POLICIES: { tag: string; module: string; cls: string }[] = [
  { tag: "smolvla", module: "smolvla.modeling_smolvla", cls: "SmolVLAPolicy" },
  { tag: "pi0", module: "pi0.modeling_pi0", cls: "PI0Policy" },
  { tag: "act", module: "act.modeling_act", cls: "ACTPolicy" },
  { tag: "diffusion", module: "diffusion.modeling_diffusion", cls: "DiffusionPolicy" },
  { tag: "tdmpc", module: "tdmpc.modeling_tdmpc", cls: "TDMPCPolicy" },
  { tag: "vqbet", module: "vqbet.modeling_vqbet", cls: "VQBeTPolicy" },
];

const lerobot: LibrarySnippet = (model) => {
  const policy = LEROBOT_POLICIES.find(({ tag }) => hasTag(model, tag));
  const install = `# See https://github.com/huggingface/lerobot#installation for hardware-specific extras
pip install ${sh(`lerobot${policy?.tag === "smolvla" || policy?.tag === "pi0" ? `[${policy.tag}]` : ""}`)}`;
  const finetune = `# Fine-tune the policy on your own dataset
lerobot-train \\
  --policy.path=${sh(model.id)} \\
  --dataset.repo_id=${sh("<hf_user>/<dataset>")} \\
  --batch_size=64 \\
  --steps=20000 \\
  --output_dir=outputs/train/finetuned_policy \\
  --policy.device=cuda`;
  if (!policy) {
    return [
      install,
      `# ⚠️ Type of model unknown: the policy type is not tagged, so only the generic CLI is shown.\n${finetune}`,
    ];
  }
  return [
    install,
    `import torch
from lerobot.policies.${policy.module} import ${policy.cls}

policy = ${policy.cls}.from_pretrained(${py(model.id)})
policy.eval()

# observation: a dict of tensors keyed like the training dataset's features
# ("observation.state", "observation.images.<camera>", "task" for language-conditioned policies)
# action = policy.select_action(observation)`,
    finetune,
  ];
};

const litert: LibrarySnippet = (model) => [
  `import glob

import numpy as np
from ai_edge_litert.interpreter import Interpreter
from huggingface_hub import snapshot_download

model_dir = snapshot_download(${py(model.id)}, allow_patterns=["*.tflite"])
interpreter = Interpreter(model_path=sorted(glob.glob(f"{model_dir}/**/*.tflite", recursive=True))[0])
interpreter.allocate_tensors()

input_details = interpreter.get_input_details()[0]
output_details = interpreter.get_output_details()[0]
interpreter.set_tensor(input_details["index"], np.zeros(input_details["shape"], dtype=input_details["dtype"]))
interpreter.invoke()
print(interpreter.get_tensor(output_details["index"]).shape)`,
];

const boltzgen: LibrarySnippet = (model) => [
  `pip install boltzgen

# Design binders for the target described in the YAML spec (see the repository's examples)
boltzgen run example/vanilla_protein/1g13prot.yaml \\
  --output workbench/test_run \\
  --protocol protein-anything \\
  --num_designs 10`,
  `# boltzgen fetches its weights from the Hub on first use; to pre-fetch them into the cache:
hf download ${sh(model.id)}`,
];

const intellifold: LibrarySnippet = (model) => [
  `pip install intellifold

# Fetch the weights into the Hub cache, then predict the structure of the complex in the input file
hf download ${sh(model.id)}
intellifold predict ./examples/5S8I_A.yaml --out_dir ./output`,
];

const fme: LibrarySnippet = (model) => [
  `pip install fme

# Download the checkpoint, then run inference with a YAML config that points to it
# (the ACE documentation has example configs and the initial-condition data)
${hfDownload(model.id, "ace_checkpoint")}
python -m fme.ace.inference inference_config.yaml`,
];

/** Repositories whose code lives elsewhere and is run as scripts after cloning. */
const researchRepo =
  (repoUrl: string, localDir: string, run: string[], note: string, install?: string[]): LibrarySnippet =>
  (model) => [cloneAndRun(model, { repoUrl, localDir, run, note, install })];

/** Hub-hosted projects whose code ships in the model repository itself. */
const hubProject =
  (install: string[], run: string[], note: string): LibrarySnippet =>
  (model: ModelData) => [
    `# ${note}
git clone ${sh(`https://huggingface.co/${model.id}`)}
cd ${sh(nameWithoutNamespace(model.id))}
${[...install, ...run].join("\n")}`,
  ];

// BioNeMo Framework docs (ESM-2 inference tutorial, infer_esm2 CLI reference): ESM-2 checkpoints run with
// `infer_esm2` on a CSV with a "sequences" column, inside the BioNeMo Framework container. Other BioNeMo
// models document their own entry points per model, so they stop at the checkpoint.
const BIONEMO_REPO = "https://github.com/NVIDIA/bionemo-framework.git";
const bionemoOther = researchRepo(
  BIONEMO_REPO,
  "checkpoints",
  ["ls checkpoints"],
  "BioNeMo models run inside the BioNeMo framework (Docker image recommended); see its docs per model.",
  ["pip install -e ."],
);
const bionemo: LibrarySnippet = (model) => {
  if (!/esm-?2/i.test(nameWithoutNamespace(model.id))) {
    return bionemoOther(model);
  }
  return [
    `# Inside the BioNeMo Framework container (see its Initialization Guide), where infer_esm2 is installed
${hfDownload(model.id, "checkpoints")}

# One protein per row, in a "sequences" column
printf 'sequences\\nMKTVRQERLKSIVRILERSKEPVSGAQLAEELSVSRQVIVQDIAYLRSLGYNIVATPRGYVLAGG\\n' > sequences.csv

# Writes the predictions (logits, hidden states or embeddings, as requested) to results/
infer_esm2 --checkpoint-path checkpoints --data-path sequences.csv --results-path results \\
  --precision bf16-mixed --num-gpus 1`,
  ];
};

const clara = researchRepo(
  "https://github.com/NVIDIA/clara.git",
  "checkpoints",
  ["ls checkpoints"],
  "Clara models run with NVIDIA's Clara code; see the repository for the model-specific entry points.",
);

// The CheXmix README only announces the model ("more details coming soon"): no inference entry point
// is documented yet, so the snippet stops at the checkpoint.
const chexmix = researchRepo(
  "https://github.com/StanfordMIMI/CheXmix.git",
  "checkpoints",
  ["ls checkpoints"],
  "CheXmix has not documented its inference code yet (the README says more details are coming).",
);

const diffInterpretationTuning = researchRepo(
  "https://github.com/Aviously/diff-interpretation-tuning.git",
  "checkpoints",
  ["ls checkpoints"],
  "The adapters are used with the repository's notebooks and scripts.",
);

// The HERMES README lists "Getting Started: coming soon" and unreleased training code: no documented
// inference command exists yet, so the snippet stops at the checkpoint.
const hermes = researchRepo(
  "https://github.com/LMD0311/HERMES.git",
  "ckpt",
  ["ls ckpt"],
  "HERMES (driving world model) has not documented its inference code yet (Getting Started: coming soon).",
);

const holomotion = researchRepo(
  "https://github.com/HorizonRobotics/HoloMotion.git",
  "checkpoints",
  ["ls checkpoints"],
  "HoloMotion policies (ONNX) are deployed with the repository's tools.",
);

// README of github.com/NVIDIA/Ising-Decoding: the repository ships the pre-trained pre-decoders (Git LFS)
// and evaluates one, chosen by model_id in conf/config_public.yaml, with its runner script.
const isingDecoding: LibrarySnippet = (model) => [
  `# Model card: ${sh(`https://huggingface.co/${model.id}`)}
git clone https://github.com/NVIDIA/Ising-Decoding.git
cd Ising-Decoding
# The pre-trained pre-decoders (models/*.pt) are stored with Git LFS
git lfs pull
pip install -r code/requirements_public_inference.txt

# Evaluate pre-trained model 1 (receptive field 9; model_id: 1 in conf/config_public.yaml) on
# surface-code memory circuits: logical error rate before/after the pre-decoder, with PyMatching
WORKFLOW=inference EXPERIMENT_NAME=predecoder_model_1 bash code/scripts/local_run.sh
cat outputs/predecoder_model_1/run.log`,
];

// README of github.com/mahmoodlab/KRONOS: create_model_from_pretrained loads the gated Hub weights.
const kronos: LibrarySnippet = (model) => [
  "pip install git+https://github.com/mahmoodlab/KRONOS.git",
  `import torch
from kronos import create_model_from_pretrained

# Request access on the model page first: the weights are gated
model, precision, embedding_dim = create_model_from_pretrained(
    checkpoint_path=${py(`hf_hub:${model.id}`)},
    cache_dir="./model_assets",
)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model.to(device).eval()

# Two 224x224 patches of a multiplex image with 10 marker channels. Real inputs use each marker's id
# and are normalized with its mean and std (both listed in the repository's marker_metadata.csv).
marker_count = 10
patches = torch.rand(2, marker_count, 224, 224, device=device)
marker_ids = [torch.arange(marker_count, device=device) for _ in range(patches.shape[0])]

with torch.no_grad():
    patch_features, marker_features, token_features = model(patches, marker_ids=marker_ids)
print(patch_features.shape, marker_features.shape, token_features.shape)`,
];

// CCPFN: the registry points at the model repository itself (Layer6/CCPFN); searches of code, docs and
// pages found no documented loader or predict call, so the snippet only loads the checkpoint.
const ccpfn = (model: ModelData): string[] => [
  `import torch
from huggingface_hub import hf_hub_download

# The repository holds a PyTorch checkpoint; its model card describes the architecture to load it into
checkpoint_path = hf_hub_download(${py(model.id)}, "model.pt")
state = torch.load(checkpoint_path, map_location="cpu", weights_only=False)
print(type(state))`,
];

const cancerAtHome = hubProject(
  ["pip install -r requirements.txt"],
  ["python run.py"],
  "The project's code ships in the model repository: clone it and run its entry point.",
);

const cloudAgents = hubProject(
  ["pip install -e ."],
  [],
  "The project is a Python package in the model repository: clone it and install it.",
);

const dockingAtHome = hubProject(
  ["pip install -e ."],
  [],
  "The project is a Python package in the model repository: clone it and install it.",
);

export const SCIENCE_SNIPPETS_A_TO_L: Partial<Record<string, LibrarySnippet>> = {
  anemoi,
  bionemo,
  boltzgen,
  cancertathomev2: cancerAtHome,
  ccpfn,
  chexmix,
  "chronos-forecasting": chronos,
  clara,
  "cloud-agents": cloudAgents,
  colipri,
  "cxr-foundation": cxrFoundation,
  "derm-foundation": dermFoundation,
  "diff-interpretation-tuning": diffInterpretationTuning,
  "docking-at-home": dockingAtHome,
  fastai,
  flextab,
  fme,
  hermes,
  holomotion,
  intellifold,
  "ising-decoding": isingDecoding,
  keras,
  "keras-hub": kerasHub,
  kronos,
  lerobot,
  litert,
};
