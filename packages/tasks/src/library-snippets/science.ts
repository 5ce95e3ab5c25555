// Library snippets: science and medicine: biology and chemistry, weather and climate, physics, medical
// imaging. One generator per library, keyed by library id; index.ts lists the families.
import {
  commentText,
  hfDownload,
  hubProject,
  type LibrarySnippet,
  nameWithoutNamespace,
  py,
  researchRepo,
  sh,
} from "./helpers.js";

// BioNeMo Framework docs (ESM-2 inference tutorial, infer_esm2 CLI reference): ESM-2 checkpoints run with
// `infer_esm2` on a CSV with a "sequences" column, inside the BioNeMo Framework container. Other BioNeMo
// models document their own entry points per model, so they stop at the checkpoint.
const BIONEMO_REPO = "https://github.com/NVIDIA/bionemo-framework.git";
const bionemoOther = researchRepo(
  BIONEMO_REPO,
  "checkpoints",
  "ls checkpoints",
  "BioNeMo models run inside the BioNeMo framework (Docker image recommended); see its docs per model.",
  ["pip install -e ."],
);

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const SCIENCE_SNIPPETS: Record<string, LibrarySnippet> = {
  fme: (model) => [
    `pip install fme

# Download the checkpoint, then run inference with a YAML config that points to it
# (the ACE documentation has example configs and the initial-condition data)
${hfDownload(model.id, "ace_checkpoint")}
python -m fme.ace.inference inference_config.yaml`,
  ],
  anemoi: (model) => [
    `import datetime

from anemoi.inference.runners.simple import SimpleRunner

# The checkpoint is fetched from the Hub
runner = SimpleRunner({"huggingface": ${py(model.id)}}, device="cuda")

# input_state holds the initial conditions: {"date": datetime, "fields": {name: numpy array}},
# with every field the checkpoint expects (for example from ECMWF open data)
input_state = {"date": datetime.datetime(2024, 1, 1, 0), "fields": {}}

for state in runner.run(input_state=input_state, lead_time=12):
    print(state["date"], list(state["fields"])[:5])`,
  ],
  "derm-foundation": (model) => [
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
  ],
  bionemo: (model) => {
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
  },
  // OpenDDE inference instructions: the CLI fetches its checkpoint from the Hub by name into
  // $OPENDDE_ROOT_DIR (default ~/.cache/opendde); `doctor` checks the installation first.
  opendde: () => [
    `pip install 'opendde[gpu]'
opendde doctor

# predict from a JSON input file; results go to ./output
opendde pred -i examples/input.json -o ./output -n opendde_v1`,
  ],
  // README of github.com/NVIDIA/Ising-Decoding: the repository ships the pre-trained pre-decoders (Git LFS)
  // and evaluates one, chosen by model_id in conf/config_public.yaml, with its runner script.
  "ising-decoding": (model) => [
    `# Model card: ${commentText(`https://huggingface.co/${model.id}`)}
git clone https://github.com/NVIDIA/Ising-Decoding.git
cd Ising-Decoding
# The pre-trained pre-decoders (models/*.pt) are stored with Git LFS
git lfs pull
pip install -r code/requirements_public_inference.txt

# Evaluate pre-trained model 1 (receptive field 9; model_id: 1 in conf/config_public.yaml) on
# surface-code memory circuits: logical error rate before/after the pre-decoder, with PyMatching
WORKFLOW=inference EXPERIMENT_NAME=predecoder_model_1 bash code/scripts/local_run.sh
cat outputs/predecoder_model_1/run.log`,
  ],
  "cxr-foundation": (model) => [
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
  ],
  // The CheXmix README only announces the model ("more details coming soon"): no inference entry point
  // is documented yet, so the snippet stops at the checkpoint.
  chexmix: researchRepo(
    "https://github.com/StanfordMIMI/CheXmix.git",
    "checkpoints",
    "ls checkpoints",
    "CheXmix has not documented its inference code yet (the README says more details are coming).",
  ),
  "docking-at-home": hubProject(
    "pip install -e .",
    "The project is a Python package in the model repository: clone it and install it.",
  ),
  cancertathomev2: hubProject(
    `pip install -r requirements.txt
python run.py`,
    "The project's code ships in the model repository: clone it and run its entry point.",
  ),
  clara: researchRepo(
    "https://github.com/NVIDIA/clara.git",
    "checkpoints",
    "ls checkpoints",
    "Clara models run with NVIDIA's Clara code; see the repository for the model-specific entry points.",
  ),
  boltzgen: (model) => [
    `pip install boltzgen

# Design binders for the target described in the YAML spec (see the repository's examples)
boltzgen run example/vanilla_protein/1g13prot.yaml \\
  --output workbench/test_run \\
  --protocol protein-anything \\
  --num_designs 10`,
    `# boltzgen fetches its weights from the Hub on first use; to pre-fetch them into the cache:
hf download ${sh(model.id)}`,
  ],
  intellifold: (model) => [
    `pip install intellifold

# Fetch the weights into the Hub cache, then predict the structure of the complex in the input file
hf download ${sh(model.id)}
intellifold predict ./examples/5S8I_A.yaml --out_dir ./output`,
  ],
  // FleXray: X-ray segmentation models, loaded with from_pretrained from the `fxr` package.
  flexray: (model) => [
    "pip install flexray",
    `from fxr.inference import FleXraySegmenter

segmenter = FleXraySegmenter.from_pretrained(${py(model.id)})
prediction = segmenter.predict("radiograph.png", threshold=0.5)
masks = prediction.masks`,
  ],
  skala: (model) => [
    "pip install skala",
    `from pyscf import gto
from skala.pyscf import SkalaKS

# density functional theory with the Skala exchange-correlation functional (${py(model.id)})
molecule = gto.M(atom="H 0 0 0; H 0 0 1.4", basis="def2-tzvp")
ks = SkalaKS(molecule, xc="skala")
energy = ks.kernel()
print(energy)`,
  ],
  /** MultiMolecule registers its RNA/DNA/protein models with transformers on import. */
  multimolecule: (model) => {
    const id = py(model.id);
    if (model.pipeline_tag === "fill-mask" || !model.pipeline_tag) {
      const mask = model.mask_token ?? "<mask>";
      const widget = (model.widgetData?.[0] as { text?: unknown } | undefined)?.text;
      const sequence =
        typeof widget === "string" && widget.includes(mask) ? widget : `UAGCUUAUCAGACUGAUGUUG${mask}A`;
      return [
        `import multimolecule  # registers the MultiMolecule models with transformers
from transformers import pipeline

unmasker = pipeline("fill-mask", model=${id})
print(unmasker(${py(sequence)}))`,
      ];
    }
    return [
      `import multimolecule  # registers the MultiMolecule models with transformers
from transformers import AutoModel, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained(${id})
model = AutoModel.from_pretrained(${id})

inputs = tokenizer("UAGCUUAUCAGACUGAUGUUGA", return_tensors="pt")
outputs = model(**inputs)`,
    ];
  },
  medvae: (model) => [
    "pip install medvae",
    `from medvae import MVAE

# ${py(model.id)} holds every MedVAE variant: medvae_<downsizing>_<channels>_<2d|3d>
model = MVAE(model_name="medvae_4_3_2d", modality="xray").to("cuda").eval()

image = model.apply_transform("chest_xray.png").to("cuda")
latent = model(image)`,
  ],
  merlin: (model) => [
    "pip install merlin-vlm",
    `from merlin import Merlin

# loads the 3D CT vision-language model weights from ${py(model.id)}
model = Merlin().eval().cuda()
# Merlin(ImageEmbedding=True) returns image embeddings only`,
  ],
  colipri: (model) => [
    "pip install colipri",
    `from colipri import ZeroShotImageClassificationPipeline, get_model, get_processor, load_sample_ct

# get_model() loads the COLIPRI weights published at https://huggingface.co/${commentText(model.id)}
model = get_model().cuda()
processor = get_processor()
pipeline = ZeroShotImageClassificationPipeline(model, processor)

# A chest CT volume bundled with the package
image = load_sample_ct()
print(pipeline(image, ["No lung nodules", "Lung nodules"]))`,
  ],
};
