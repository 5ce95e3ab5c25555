// Snippets for language-model runtimes, classic NLP, tabular and time-series models, reinforcement
// learning, and a few scientific libraries.
import type { ModelData } from "../model-data.js";
import { hasTag, js, nameWithoutNamespace, py, pythonIdentifier, sh } from "./common.js";
import {
  exampleInput,
  exampleText,
  pyFindRepoFile,
  hoistPythonImports,
  pyFishTable,
  pyLiteral,
  repoName,
  shDownload,
  widgetTable,
} from "./helpers-m-z.js";
import type { LibrarySnippet } from "./index.js";

const GENERATION_PROMPT = "Once upon a time in";

const mambaSsm: LibrarySnippet = (model) => [
  [
    "import torch",
    "from mamba_ssm.models.mixer_seq_simple import MambaLMHeadModel",
    "from transformers import AutoTokenizer",
    "",
    `model = MambaLMHeadModel.from_pretrained(${py(model.id)}, device="cuda", dtype=torch.float16)`,
    "# Mamba checkpoints use the GPT-NeoX tokenizer",
    'tokenizer = AutoTokenizer.from_pretrained("EleutherAI/gpt-neox-20b")',
    "",
    `input_ids = tokenizer(${py(GENERATION_PROMPT)}, return_tensors="pt").input_ids.to("cuda")`,
    "output = model.generate(input_ids, max_length=64, top_k=50, top_p=0.9, temperature=0.7)",
    "print(tokenizer.decode(output[0]))",
  ].join("\n"),
];

/** MLX: mlx-lm for text generation, mlx-vlm for vision-language models, otherwise a download. */
const mlx: LibrarySnippet = (model) => {
  const id = py(model.id);
  if (model.pipeline_tag === "image-text-to-text") {
    return [
      "pip install -U mlx-vlm",
      [
        "from mlx_vlm import generate, load",
        "from mlx_vlm.prompt_utils import apply_chat_template",
        "from mlx_vlm.utils import load_config",
        "",
        `model, processor = load(${id})`,
        `config = load_config(${id})`,
        "",
        `images = [${py("http://images.cocodataset.org/val2017/000000039769.jpg")}]`,
        'prompt = apply_chat_template(processor, config, "Describe this image.", num_images=len(images))',
        "output = generate(model, processor, prompt, images, verbose=False)",
        "print(output)",
      ].join("\n"),
    ];
  }
  if (model.pipeline_tag === "text-generation" || hasTag(model, "conversational")) {
    const chat = hasTag(model, "conversational");
    const prompt = chat
      ? [
          `messages = [{"role": "user", "content": ${py("Write a haiku about the sea.")}}]`,
          "prompt = tokenizer.apply_chat_template(messages, add_generation_prompt=True)",
        ]
      : [`prompt = ${py(GENERATION_PROMPT)}`];
    return [
      "pip install -U mlx-lm",
      [
        "from mlx_lm import generate, load",
        "",
        `model, tokenizer = load(${id})`,
        ...prompt,
        "",
        "text = generate(model, tokenizer, prompt=prompt, max_tokens=256, verbose=True)",
      ].join("\n"),
    ];
  }
  return [
    [
      "# The task is not one mlx-lm or mlx-vlm handle: download the MLX weights",
      shDownload(model.id, nameWithoutNamespace(model.id)),
    ].join("\n"),
  ];
};

const mlcLlm: LibrarySnippet = (model) => {
  const hfUrl = `HF://${model.id}`;
  return [
    [
      "# Install MLC LLM: https://llm.mlc.ai/docs/install/mlc_llm.html",
      `mlc_llm chat ${sh(hfUrl)}`,
      "",
      "# or serve an OpenAI-compatible API on http://127.0.0.1:8000",
      `mlc_llm serve ${sh(hfUrl)}`,
    ].join("\n"),
    [
      "from mlc_llm import MLCEngine",
      "",
      `model = ${py(hfUrl)}`,
      "engine = MLCEngine(model)",
      "",
      "for response in engine.chat.completions.create(",
      `    messages=[{"role": "user", "content": ${py("What is the meaning of life?")}}],`,
      "    model=model,",
      "    stream=True,",
      "):",
      "    for choice in response.choices:",
      '        print(choice.delta.content, end="", flush=True)',
      "",
      "engine.terminate()",
    ].join("\n"),
  ];
};

const mitie: LibrarySnippet = (model) => [
  [
    "from huggingface_hub import snapshot_download",
    "from mitie import named_entity_extractor, tokenize, total_word_feature_extractor",
    "",
    `model_dir = snapshot_download(${py(model.id)})`,
    "",
    "# word features used to train MITIE models",
    'features = total_word_feature_extractor(f"{model_dir}/total_word_feature_extractor.dat")',
    'print(features.get_feature_vector("home")[:5])',
    "",
    "# a named-entity model, if the repository has one (e.g. ner_model.dat)",
    'ner = named_entity_extractor(f"{model_dir}/ner_model.dat")',
    `tokens = tokenize(${py("Tim Cook is the CEO of Apple, based in Cupertino.")})`,
    "for entity in ner.extract_entities(tokens):",
    "    print(entity)",
  ].join("\n"),
];

const mindspore: LibrarySnippet = (model) => [
  [
    "import mindspore",
    pyFindRepoFile(model.id, [".ckpt"]),
    "",
    "parameters = mindspore.load_checkpoint(checkpoint)",
    "# build the network these weights belong to (see the model card), then:",
    "# mindspore.load_param_into_net(network, parameters)",
    "print(list(parameters)[:5])",
  ].join("\n"),
];

const mlAgents: LibrarySnippet = (model) => [
  [
    "# Download the trained agent (ONNX policy and config) with the ml-agents CLI",
    `mlagents-load-from-hf --repo-id=${sh(model.id)} --local-dir=./downloads`,
  ].join("\n"),
];

const pxia: LibrarySnippet = (model) => [
  ["from pxia import AutoModel", "", `model = AutoModel.from_pretrained(${py(model.id)})`].join("\n"),
];

const pythae: LibrarySnippet = (model) => [
  [
    "from pythae.models import AutoModel",
    "",
    `model = AutoModel.load_from_hf_hub(${py(model.id)})`,
    "# draw new samples, e.g. with a normal sampler: see pythae.samplers",
  ].join("\n"),
];

const recurrentgemma: LibrarySnippet = (model) => [
  'pip install "recurrentgemma[torch]"',
  [
    "from pathlib import Path",
    "",
    "import sentencepiece as spm",
    "import torch",
    "from huggingface_hub import snapshot_download",
    "from recurrentgemma import torch as recurrentgemma",
    "",
    `model_dir = snapshot_download(${py(model.id)})`,
    'checkpoint = next(Path(model_dir).glob("*.pt"))',
    "",
    'params = torch.load(checkpoint, map_location="cpu")',
    "config = recurrentgemma.GriffinConfig.from_torch_params(params)",
    "model = recurrentgemma.Griffin(config)",
    "model.load_state_dict(params)",
    "",
    "vocab = spm.SentencePieceProcessor()",
    'vocab.Load(f"{model_dir}/tokenizer.model")',
    "",
    "sampler = recurrentgemma.Sampler(model=model, vocab=vocab)",
    `output = sampler([${py(GENERATION_PROMPT)}], total_generation_steps=50)`,
    "print(output.text)",
  ].join("\n"),
];

const relik: LibrarySnippet = (model) => [
  [
    "from relik import Relik",
    "",
    `relik = Relik.from_pretrained(${py(model.id)})`,
    `output = relik(${py("Michael Jordan was one of the best players in the NBA.")})`,
    "print(output)",
  ].join("\n"),
];

const refiners: LibrarySnippet = (model) => [
  [
    "from refiners.fluxion.utils import load_from_safetensors",
    pyFindRepoFile(model.id, [".safetensors"], "weights_path"),
    "",
    "weights = load_from_safetensors(weights_path)",
    "# load them into the matching refiners module (see refiners.foundationals), e.g.:",
    "# module.load_state_dict(weights)",
    "print(list(weights)[:5])",
  ].join("\n"),
];

const rwkv: LibrarySnippet = (model) => [
  "pip install rwkv",
  [
    "import os",
    "",
    'os.environ["RWKV_JIT_ON"] = "1"',
    "",
    "from rwkv.model import RWKV",
    "from rwkv.utils import PIPELINE, PIPELINE_ARGS",
    pyFindRepoFile(model.id, [".pth"]),
    "",
    "# the path is given without its .pth extension",
    'model = RWKV(model=checkpoint[: -len(".pth")], strategy="cuda fp16")',
    'pipeline = PIPELINE(model, "rwkv_vocab_v20230424")',
    "",
    "args = PIPELINE_ARGS(temperature=1.0, top_p=0.7)",
    `print(pipeline.generate(${py(GENERATION_PROMPT)}, token_count=100, args=args))`,
  ].join("\n"),
];

const saelens: LibrarySnippet = (model) => [
  "pip install sae-lens",
  [
    "from sae_lens import SAE",
    "",
    `# sparse autoencoders from ${py(model.id)}: see the release list in sae_lens/pretrained_saes.yaml`,
    "sae, cfg_dict, sparsity = SAE.from_pretrained(",
    '    release="gpt2-small-res-jb",  # the release this repository belongs to',
    '    sae_id="blocks.8.hook_resid_pre",  # which SAE of the release',
    ")",
  ].join("\n"),
];

const sampleFactory: LibrarySnippet = (model) => [
  [
    "# Download the trained agent into ./train_dir",
    `python -m sample_factory.huggingface.load_from_hub -r ${sh(model.id)} -d ./train_dir`,
  ].join("\n"),
];

const sapRpt1Oss: LibrarySnippet = (model) => {
  const regression = model.pipeline_tag === "tabular-regression";
  const estimator = regression ? "SAP_RPT_OSS_Regressor" : "SAP_RPT_OSS_Classifier";
  return [
    "pip install git+https://github.com/SAP-samples/sap-rpt-1-oss",
    [
      `from sap_rpt_oss import ${estimator}`,
      "",
      pyFishTable(regression ? "regression" : "classification"),
      "",
      `# in-context learning: fit() stores the examples, the weights come from ${py(model.id)}`,
      `model = ${estimator}(max_context_size=8192, bagging=8)`,
      "model.fit(X, y)",
      "print(model.predict(X.head(2)))",
    ].join("\n"),
  ].map((block, i) => (i === 1 ? hoistPythonImports(block) : block));
};

/** Prediction lines for a loaded scikit-learn model, from the widget's table or the task's example. */
function sklearnPredict(model: ModelData): string[] {
  const table = widgetTable(model);
  if (table) {
    return [
      "",
      "import pandas as pd",
      "",
      `data = pd.DataFrame(${pyLiteral(table)})`,
      "print(model.predict(data))",
    ];
  }
  const task = model.pipeline_tag;
  if (task === "tabular-classification" || task === "tabular-regression") {
    return [
      "",
      pyFishTable(task === "tabular-regression" ? "regression" : "classification"),
      "# use the columns the model was trained on",
      "print(model.predict(X))",
    ];
  }
  if (task === "text-classification") {
    const input = exampleInput(model);
    if (input.kind === "literal") return ["", `print(model.predict([${input.code}]))`];
  }
  return [];
}

const sklearn: LibrarySnippet = (model) => sklearnBlocks(model).map(hoistPythonImports);

function sklearnBlocks(model: ModelData): string[] {
  const id = py(model.id);
  const pickleWarning =
    "# only load pickle files from sources you trust: https://skops.readthedocs.io/en/stable/persistence.html";
  if (!hasTag(model, "skops")) {
    return [
      [
        "import joblib",
        "from huggingface_hub import hf_hub_download",
        "",
        pickleWarning,
        `model = joblib.load(hf_hub_download(${id}, "sklearn_model.joblib"))`,
        ...sklearnPredict(model),
      ].join("\n"),
    ];
  }
  const file = model.config?.sklearn?.model?.file;
  if (!file) {
    return [
      [
        "# ⚠️ Model filename not specified in config.json: the repository's files are listed instead",
        "from huggingface_hub import list_repo_files",
        "",
        `print(list_repo_files(${id}))`,
      ].join("\n"),
    ];
  }
  if (model.config?.sklearn?.model_format === "pickle") {
    return [
      [
        "import joblib",
        "from huggingface_hub import hf_hub_download",
        "",
        pickleWarning,
        `model = joblib.load(hf_hub_download(${id}, ${py(file)}))`,
        ...sklearnPredict(model),
      ].join("\n"),
    ];
  }
  return [
    [
      "from huggingface_hub import hf_hub_download",
      "from skops.io import get_untrusted_types, load",
      "",
      `path = hf_hub_download(${id}, ${py(file)})`,
      "# review the types the file needs before trusting them",
      "untrusted_types = get_untrusted_types(file=path)",
      "model = load(path, trusted=untrusted_types)",
      ...sklearnPredict(model),
    ].join("\n"),
  ];
}

/** spaCy pipelines on the Hub are pip-installable wheels named after the repository. */
const spacy: LibrarySnippet = (model) => {
  const name = nameWithoutNamespace(model.id);
  const wheel = `https://huggingface.co/${model.id}/resolve/main/${name}-any-py3-none-any.whl`;
  const text = exampleText(model) ?? "My name is Sarah and I live in London.";
  return [
    `pip install ${sh(wheel)}`,
    [
      "import spacy",
      "",
      `nlp = spacy.load(${py(name)})`,
      `doc = nlp(${py(text)})`,
      "print([(ent.text, ent.label_) for ent in doc.ents])",
      "",
      "# the pipeline is also an importable package",
      `import ${pythonIdentifier(name)}`,
      "",
      `nlp = ${pythonIdentifier(name)}.load()`,
    ].join("\n"),
  ];
};

const stanza: LibrarySnippet = (model) => {
  const language = nameWithoutNamespace(model.id).replace(/^stanza-/, "");
  return [
    [
      "import stanza",
      "",
      `# models for ${py(language)} come from ${py(model.id)}`,
      `stanza.download(${py(language)})`,
      `nlp = stanza.Pipeline(${py(language)})`,
      `doc = nlp(${py(exampleText(model) ?? "Barack Obama was born in Hawaii.")})`,
      "print(doc.entities)",
    ].join("\n"),
  ];
};

const stableBaselines3: LibrarySnippet = (model) => {
  // Repos are named "<algo>-<env>" by convention, with the checkpoint as "<algo>-<env>.zip".
  const name = nameWithoutNamespace(model.id);
  const algo = name.split("-")[0].toUpperCase();
  const knownAlgos = ["A2C", "DDPG", "DQN", "PPO", "SAC", "TD3"];
  const algoClass = knownAlgos.includes(algo) ? algo : "PPO";
  return [
    [
      "from huggingface_sb3 import load_from_hub",
      `from stable_baselines3 import ${algoClass}`,
      "",
      ...(knownAlgos.includes(algo)
        ? []
        : ["# use the algorithm the agent was trained with (see the model card)"]),
      `checkpoint = load_from_hub(repo_id=${py(model.id)}, filename=${py(`${name}.zip`)})`,
      `model = ${algoClass}.load(checkpoint)`,
    ].join("\n"),
  ];
};

const swarmformer: LibrarySnippet = (model) => [
  [
    "from swarmformer import SwarmFormerModel",
    "",
    `model = SwarmFormerModel.from_pretrained(${py(model.id)})`,
  ].join("\n"),
];

const tabpfn: LibrarySnippet = (model) => {
  const regression = model.pipeline_tag === "tabular-regression" || /reg/i.test(repoName(model));
  const estimator = regression ? "TabPFNRegressor" : "TabPFNClassifier";
  return [
    "pip install tabpfn",
    [
      `from tabpfn import ${estimator}`,
      pyFindRepoFile(model.id, [".ckpt"]),
      "",
      pyFishTable(regression ? "regression" : "classification"),
      ...(regression ? ['X = X.assign(Species=X["Species"].astype("category"))'] : []),
      "",
      `model = ${estimator}(model_path=checkpoint)`,
      "model.fit(X, y)",
      "print(model.predict(X.head(2)))",
    ].join("\n"),
  ].map((block, i) => (i === 1 ? hoistPythonImports(block) : block));
};

const timesfm: LibrarySnippet = (model) => {
  const id = py(model.id);
  if (/2\.5/.test(model.id)) {
    return [
      [
        "import numpy as np",
        "import timesfm",
        "",
        `model = timesfm.TimesFM_2p5_200M_torch.from_pretrained(${id})`,
        "model.compile(timesfm.ForecastConfig(max_context=1024, max_horizon=256, normalize_inputs=True))",
        "",
        "point_forecast, quantile_forecast = model.forecast(",
        "    horizon=12,",
        "    inputs=[np.linspace(0, 1, 100), np.sin(np.linspace(0, 20, 67))],",
        ")",
        "print(point_forecast.shape)  # (2, 12)",
      ].join("\n"),
    ];
  }
  return [
    [
      "import numpy as np",
      "import timesfm",
      "",
      "tfm = timesfm.TimesFm(",
      '    hparams=timesfm.TimesFmHparams(backend="gpu", per_core_batch_size=32, horizon_len=128),',
      `    checkpoint=timesfm.TimesFmCheckpoint(huggingface_repo_id=${id}),`,
      ")",
      "",
      "forecast_input = [np.sin(np.linspace(0, 20, 100)), np.sin(np.linspace(0, 20, 200))]",
      "point_forecast, quantile_forecast = tfm.forecast(forecast_input, freq=[0, 1])",
    ].join("\n"),
  ];
};

const tirex: LibrarySnippet = (model) => [
  "pip install tirex-ts",
  [
    "import torch",
    "from tirex import ForecastModel, load_model",
    "",
    `model: ForecastModel = load_model(${py(model.id)})`,
    "",
    "context = torch.rand((5, 128))  # 5 series of 128 steps",
    "quantiles, mean = model.forecast(context=context, prediction_length=64)",
  ].join("\n"),
];

const tensorrt: LibrarySnippet = (model) => [
  [
    "# Build an engine for this GPU from the repository's ONNX model (engines are tied to one GPU and TensorRT version)",
    shDownload(model.id, "trt-model"),
    'trtexec --onnx="$(ls trt-model/*.onnx | head -n 1)" --saveEngine=model.engine',
  ].join("\n"),
  [
    "import tensorrt as trt",
    "",
    "logger = trt.Logger(trt.Logger.WARNING)",
    'with open("model.engine", "rb") as f, trt.Runtime(logger) as runtime:',
    "    engine = runtime.deserialize_cuda_engine(f.read())",
    "",
    "context = engine.create_execution_context()",
    "for i in range(engine.num_io_tensors):",
    "    name = engine.get_tensor_name(i)",
    "    print(name, engine.get_tensor_mode(name), engine.get_tensor_shape(name))",
  ].join("\n"),
];

const tfKeras: LibrarySnippet = (model) => [
  [
    "# Legacy Keras 2 model: needs tf-keras (or keras<3) installed",
    "from huggingface_hub import from_pretrained_keras",
    "",
    `model = from_pretrained_keras(${py(model.id)})`,
    "model.summary()",
  ].join("\n"),
];

/** Unity Sentis runs ONNX/.sentis models inside Unity: the snippet is C#. */
const unitySentis: LibrarySnippet = (model) => [
  [
    `// Copy the .sentis file from ${js(model.id)} into Assets/StreamingAssets`,
    'string modelName = "model.sentis";',
    'Model model = ModelLoader.Load(Application.streamingAssetsPath + "/" + modelName);',
    "IWorker engine = WorkerFactory.CreateWorker(BackendType.GPUCompute, model);",
    "// see the C# files in the repository for input preparation and output decoding",
  ].join("\n"),
];

const skala: LibrarySnippet = (model) => [
  "pip install skala",
  [
    "from pyscf import gto",
    "from skala.pyscf import SkalaKS",
    "",
    `# density functional theory with the Skala exchange-correlation functional (${py(model.id)})`,
    'molecule = gto.M(atom="H 0 0 0; H 0 0 1.4", basis="def2-tzvp")',
    'ks = SkalaKS(molecule, xc="skala")',
    "energy = ks.kernel()",
    "print(energy)",
  ].join("\n"),
];

const paddlenlp: LibrarySnippet = (model) => {
  const architecture = model.config?.architectures?.[0];
  const id = py(model.id);
  const modelClass = architecture && /^[A-Za-z_]\w*$/.test(architecture) ? architecture : undefined;
  return [
    [
      ...(modelClass
        ? []
        : ["# ⚠️ Type of model unknown: config.json names no architecture, so AutoModel is used"]),
      `from paddlenlp.transformers import AutoTokenizer, ${modelClass ?? "AutoModel"}`,
      "",
      `tokenizer = AutoTokenizer.from_pretrained(${id}, from_hf_hub=True)`,
      `model = ${modelClass ?? "AutoModel"}.from_pretrained(${id}, from_hf_hub=True)`,
    ].join("\n"),
  ];
};

export const MISC_FAMILY_M_TO_Z: Record<string, LibrarySnippet> = {
  "mamba-ssm": mambaSsm,
  mlx,
  "mlc-llm": mlcLlm,
  mitie,
  mindspore,
  "ml-agents": mlAgents,
  pxia,
  pythae,
  recurrentgemma,
  relik,
  refiners,
  rwkv,
  saelens,
  "sample-factory": sampleFactory,
  "sap-rpt-1-oss": sapRpt1Oss,
  sklearn,
  spacy,
  stanza,
  "stable-baselines3": stableBaselines3,
  swarmformer,
  tabpfn,
  timesfm,
  tirex,
  tensorrt,
  "tf-keras": tfKeras,
  "unity-sentis": unitySentis,
  skala,
  paddlenlp,
};
