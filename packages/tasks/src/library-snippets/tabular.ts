// Library snippets: tables and time series: tabular classifiers and regressors, forecasting models. One
// generator per library, keyed by library id; index.ts lists the families.
import { type ModelData } from "../model-data.js";
import {
  exampleInput,
  hasTag,
  hoistPythonImports,
  type LibrarySnippet,
  py,
  pyFindRepoFile,
  pyFishTable,
  pyLiteral,
  repoName,
  widgetTable,
} from "./helpers.js";

/**
 * Prediction lines for a loaded scikit-learn model, from the widget's table or the task's example,
 * each line starting with its newline ("" when there is nothing to predict on).
 */
function sklearnPredict(model: ModelData): string {
  const table = widgetTable(model);
  if (table) {
    return `

import pandas as pd

data = pd.DataFrame(${pyLiteral(table)})
print(model.predict(data))`;
  }
  const task = model.pipeline_tag;
  if (task === "tabular-classification" || task === "tabular-regression") {
    return `

${pyFishTable(task === "tabular-regression" ? "regression" : "classification")}
# use the columns the model was trained on
print(model.predict(X))`;
  }
  if (task === "text-classification") {
    const input = exampleInput(model);
    if (input.kind === "literal") return `\n\nprint(model.predict([${input.code}]))`;
  }
  return "";
}

function sklearnBlocks(model: ModelData): string[] {
  const id = py(model.id);
  const pickleWarning =
    "# only load pickle files from sources you trust: https://skops.readthedocs.io/en/stable/persistence.html";
  if (!hasTag(model, "skops")) {
    return [
      `import joblib
from huggingface_hub import hf_hub_download

${pickleWarning}
model = joblib.load(hf_hub_download(${id}, "sklearn_model.joblib"))${sklearnPredict(model)}`,
    ];
  }
  const file = model.config?.sklearn?.model?.file;
  if (!file) {
    return [
      `# ⚠️ Model filename not specified in config.json: the repository's files are listed instead
from huggingface_hub import list_repo_files

print(list_repo_files(${id}))`,
    ];
  }
  if (model.config?.sklearn?.model_format === "pickle") {
    return [
      `import joblib
from huggingface_hub import hf_hub_download

${pickleWarning}
model = joblib.load(hf_hub_download(${id}, ${py(file)}))${sklearnPredict(model)}`,
    ];
  }
  return [
    `from huggingface_hub import hf_hub_download
from skops.io import get_untrusted_types, load

path = hf_hub_download(${id}, ${py(file)})
# review the types the file needs before trusting them
untrusted_types = get_untrusted_types(file=path)
model = load(path, trusted=untrusted_types)${sklearnPredict(model)}`,
  ];
}

const FISH_DATAFRAME_PY = `data = pd.DataFrame(
    {
        "Species": ["Bream", "Bream"],
        "Length1": [23.2, 24.0],
        "Length2": [25.4, 26.3],
        "Length3": [30.0, 31.2],
        "Height": [11.52, 12.48],
        "Width": [4.02, 4.3056],
    }
)`;

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const TABULAR_SNIPPETS: Record<string, LibrarySnippet> = {
  "sap-rpt-1-oss": (model) => {
    const regression = model.pipeline_tag === "tabular-regression";
    const estimator = regression ? "SAP_RPT_OSS_Regressor" : "SAP_RPT_OSS_Classifier";
    return [
      "pip install git+https://github.com/SAP-samples/sap-rpt-1-oss",
      `from sap_rpt_oss import ${estimator}

${pyFishTable(regression ? "regression" : "classification")}

# in-context learning: fit() stores the examples, the weights come from ${py(model.id)}
model = ${estimator}(max_context_size=8192, bagging=8)
model.fit(X, y)
print(model.predict(X.head(2)))`,
    ].map((block, i) => (i === 1 ? hoistPythonImports(block) : block));
  },
  sklearn: (model) => sklearnBlocks(model).map(hoistPythonImports),
  tabpfn: (model) => {
    const regression = model.pipeline_tag === "tabular-regression" || /reg/i.test(repoName(model));
    const estimator = regression ? "TabPFNRegressor" : "TabPFNClassifier";
    return [
      "pip install tabpfn",
      `from tabpfn import ${estimator}
${pyFindRepoFile(model.id, [".ckpt"])}

${pyFishTable(regression ? "regression" : "classification")}${
        regression
          ? `
X = X.assign(Species=X["Species"].astype("category"))`
          : ""
      }

model = ${estimator}(model_path=checkpoint)
model.fit(X, y)
print(model.predict(X.head(2)))`,
    ].map((block, i) => (i === 1 ? hoistPythonImports(block) : block));
  },
  // CCPFN: the registry points at the model repository itself (Layer6/CCPFN); searches of code, docs and
  // pages found no documented loader or predict call, so the snippet only loads the checkpoint.
  ccpfn: (model: ModelData): string[] => [
    `import torch
from huggingface_hub import hf_hub_download

# The repository holds a PyTorch checkpoint; its model card describes the architecture to load it into
checkpoint_path = hf_hub_download(${py(model.id)}, "model.pt")
state = torch.load(checkpoint_path, map_location="cpu", weights_only=False)
print(type(state))`,
  ],
  // Synthefy/synthefy-migas README ("Inference with TTFM"): a univariate forecast fused with per-step text
  // summarised by an LLM served with vLLM.
  "synthefy-migas": (model) => [
    `git clone https://github.com/Synthefy/synthefy-migas.git
cd synthefy-migas
uv sync
# The text summariser: an OpenAI-compatible server (VLLM_BASE_URL / VLLM_MODEL point elsewhere)
uv run vllm serve openai/gpt-oss-120b --port 8004`,
    `import numpy as np
from ttfmeval import TTFMPipeline

pipeline = TTFMPipeline.from_pretrained(${py(model.id)}, device="cuda")

# 2 series of 64 steps, and one text per step of each series
context = np.random.randn(2, 64).astype(np.float32)
text = [[f"Daily report {step}: demand steady, no supply disruption." for step in range(64)] for _ in range(2)]

forecast = pipeline.predict(context, text, pred_len=16)  # (2, 16, 1)
print(forecast.shape)`,
  ],
  tirex: (model) => [
    "pip install tirex-ts",
    `import torch
from tirex import ForecastModel, load_model

model: ForecastModel = load_model(${py(model.id)})

context = torch.rand((5, 128))  # 5 series of 128 steps
quantiles, mean = model.forecast(context=context, prediction_length=64)`,
  ],
  // NX-AI/tirex-2 docs (getting-started/install.md, quickstart.md). The weights are gated.
  "tirex-2": (model) => [
    "pip install tirex-2\nhf auth login  # the weights are gated",
    `import torch
from tirex2 import TimeseriesType, load_model

model = load_model(${py(model.id)}, device="cpu")  # or device="cuda"

# target: (n_targets, context_length)
context = torch.sin(torch.arange(128).float() / 8)
ts = TimeseriesType(target=context.unsqueeze(0), past_covariates=None, future_covariates=None)

# one forecast per series: (n_targets, 9 quantiles, prediction_length)
forecast = model.forecast([ts], prediction_length=32, output_type="numpy")[0]
print(forecast.shape)`,
  ],
  timesfm: (model) => {
    const id = py(model.id);
    if (/2\.5/.test(model.id)) {
      return [
        `import numpy as np
import timesfm

model = timesfm.TimesFM_2p5_200M_torch.from_pretrained(${id})
model.compile(timesfm.ForecastConfig(max_context=1024, max_horizon=256, normalize_inputs=True))

point_forecast, quantile_forecast = model.forecast(
    horizon=12,
    inputs=[np.linspace(0, 1, 100), np.sin(np.linspace(0, 20, 67))],
)
print(point_forecast.shape)  # (2, 12)`,
      ];
    }
    return [
      `import numpy as np
import timesfm

tfm = timesfm.TimesFm(
    hparams=timesfm.TimesFmHparams(backend="gpu", per_core_batch_size=32, horizon_len=128),
    checkpoint=timesfm.TimesFmCheckpoint(huggingface_repo_id=${id}),
)

forecast_input = [np.sin(np.linspace(0, 20, 100)), np.sin(np.linspace(0, 20, 200))]
point_forecast, quantile_forecast = tfm.forecast(forecast_input, freq=[0, 1])`,
    ];
  },
  "chronos-forecasting": (model) => [
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
  ],
  // FlexTab (SAP-samples/flextab): the repository is not in the searched index and no documentation of its
  // predictor API was found, so the snippet prepares the data and checkpoint without a predict call.
  flextab: (model) => {
    const target = model.pipeline_tag === "tabular-regression" ? "Weight" : "Species";
    return [
      `# pip install git+https://github.com/SAP-samples/flextab
import pandas as pd
from huggingface_hub import snapshot_download

# The checkpoint files (.pt) are loaded by FlexTab's predictor; see the repository README
checkpoint_dir = snapshot_download(${py(model.id)})

# Rows from the fish-measurement table (the scikit-learn Fish-Weight data)
${FISH_DATAFRAME_PY}
target_column = ${py(target)}`,
    ];
  },
  // README of github.com/mahmoodlab/KRONOS: create_model_from_pretrained loads the gated Hub weights.
  kronos: (model) => [
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
  ],
  // RouteE-Powertrain docs: vehicle energy models kept in a Hub repository (HFRegistry); a model predicts the
  // energy used on each road link from its distance, speed and grade.
  "routee-powertrain": (model) => [
    `# pip install routee.powertrain
import pandas as pd
import routee.powertrain as pt
from routee.powertrain.registry import HFRegistry

registry = HFRegistry(repo_id=${py(model.id)})

# the vehicles this repository has models for (filter by make, model, year, powertrain, ...)
print(pt.query_available_models(make="tesla", registry=registry))

# load one by "<make>/<vehicle>/<year>/<configuration>", as listed above
vehicle = pt.load_model("tesla/model_3_bev/2022/rf_c3326385", registry=registry)

# energy per road link: distance in miles, speed in mph, grade in percent
links = pd.DataFrame({"distance": [0.25, 0.5], "speed_mph": [25, 60], "grade_percent": [0.0, 2.5]})
print(vehicle.predict(links))`,
  ],
};
