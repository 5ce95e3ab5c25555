// Snippets for text, retrieval and language-model libraries (ids a–l).
import type { ModelData } from "../model-data.js";
import type { LibrarySnippet } from "./index.js";
import { hasTag, nameWithoutNamespace, py, pythonIdentifier, sh } from "./common.js";
import { baseModelOf, cloneAndRun, hfDownload, pythonInputFor, pythonMessagesFor } from "./helpers-a-l.js";

const adapterTransformers: LibrarySnippet = (model) => {
  // An adapter is loaded on top of the model it was trained for; the hub records that model in
  // adapter_config.json, and the card may name it too.
  const base = model.config?.adapter_transformers?.model_name ?? baseModelOf(model);
  const header = base
    ? ""
    : "# ⚠️ Base model is not found in adapter_config.json: replace the placeholder below with the model\n# this adapter was trained on.\n";
  return [
    `${header}from adapters import AutoAdapterModel

model = AutoAdapterModel.from_pretrained(${py(base ?? "<base-model-id>")})
adapter_name = model.load_adapter(${py(model.id)}, set_active=True)`,
  ];
};

const allennlp: LibrarySnippet = (model) => {
  const load = `import allennlp_models
from allennlp.predictors.predictor import Predictor

predictor = Predictor.from_path(${py(`hf://${model.id}`)})`;
  if (hasTag(model, "question-answering") || model.pipeline_tag === "question-answering") {
    return [
      `${load}

predictions = predictor.predict_json(
    {"passage": "My name is Wolfgang and I live in Berlin", "question": "Where do I live?"}
)
print(predictions["best_span_str"])`,
    ];
  }
  return [load];
};

const glinerPredict = (model: ModelData, labels: string[], text: string): string =>
  `from gliner import GLiNER

model = GLiNER.from_pretrained(${py(model.id)})

text = ${text}
labels = [${labels.map(py).join(", ")}]
entities = model.predict_entities(text, labels, threshold=0.5)
for entity in entities:
    print(entity["text"], "=>", entity["label"])`;

const gliner: LibrarySnippet = (model) => [
  glinerPredict(
    model,
    ["person", "organization", "location", "date"],
    pythonInputFor(model, "My name is Sarah Jessica Parker but you can call me Jessica"),
  ),
];

const aviationNer: LibrarySnippet = (model) => [
  // The Boeing aviation NER models are GLiNER checkpoints fine-tuned on maintenance records.
  glinerPredict(
    model,
    ["aircraft", "aircraft component", "defect", "action", "location"],
    py("Found crack on left hand main landing gear actuator during inspection, replaced actuator."),
  ),
];

const gliner2: LibrarySnippet = (model) => [
  `from gliner2 import GLiNER2

extractor = GLiNER2.from_pretrained(${py(model.id)})

text = "Apple CEO Tim Cook announced the iPhone 15 in Cupertino yesterday."
result = extractor.extract_entities(text, ["company", "person", "product", "location"])
print(result)`,
];

const bertopic: LibrarySnippet = (model) => [
  `from bertopic import BERTopic

topic_model = BERTopic.load(${py(model.id)})

# Assign topics to new documents
topics, probabilities = topic_model.transform(["The new graphics card runs every game at 4K."])
print(topic_model.get_topic_info().head())`,
];

const bm25s: LibrarySnippet = (model) => [
  `import bm25s
from bm25s.hf import BM25HF

retriever = BM25HF.load_from_hub(${py(model.id)}, load_corpus=True)

query_tokens = bm25s.tokenize("What is the capital of France?")
documents, scores = retriever.retrieve(query_tokens, k=3)
print(documents[0], scores[0])`,
];

const cartesiaPytorch: LibrarySnippet = (model) => [
  "pip install --no-binary :all: cartesia-pytorch",
  `from cartesia_pytorch import ReneLMHeadModel
from transformers import AutoTokenizer

model = ReneLMHeadModel.from_pretrained(${py(model.id)})
# Rene uses the OLMo tokenizer
tokenizer = AutoTokenizer.from_pretrained("allenai/OLMo-1B-hf")

inputs = tokenizer(["Rene Descartes was"], return_tensors="pt")
outputs = model.generate(inputs.input_ids, max_length=50, top_k=100, top_p=0.99)
print(tokenizer.batch_decode(outputs, skip_special_tokens=True)[0])`,
];

const cartesiaMlx: LibrarySnippet = (model) => [
  `import mlx.core as mx
import cartesia_mlx as cmx

model = cmx.from_pretrained(${py(model.id)})
model.set_dtype(mx.float32)

prompt = "Rene Descartes was"
for text in model.generate(prompt, max_tokens=500, eval_every_n=5, verbose=True, top_p=0.99, temperature=0.85):
    print(text, end="", flush=True)`,
];

const colpaliClass = (model: ModelData): { model: string; processor: string } => {
  const id = model.id.toLowerCase();
  if (id.includes("colqwen2.5") || id.includes("colqwen2_5")) {
    return { model: "ColQwen2_5", processor: "ColQwen2_5_Processor" };
  }
  if (id.includes("colqwen2")) {
    return { model: "ColQwen2", processor: "ColQwen2Processor" };
  }
  if (id.includes("colsmol") || id.includes("colidefics3")) {
    return { model: "ColIdefics3", processor: "ColIdefics3Processor" };
  }
  return { model: "ColPali", processor: "ColPaliProcessor" };
};

const colpali: LibrarySnippet = (model) => {
  const { model: modelClass, processor } = colpaliClass(model);
  return [
    `import torch
from PIL import Image
from colpali_engine.models import ${modelClass}, ${processor}

model = ${modelClass}.from_pretrained(${py(model.id)}, torch_dtype=torch.bfloat16, device_map="cuda:0").eval()
processor = ${processor}.from_pretrained(${py(model.id)})

images = [Image.new("RGB", (32, 32), color="white"), Image.new("RGB", (16, 16), color="black")]
queries = ["What is the revenue for 2023?", "Which figure shows the attention maps?"]

batch_images = processor.process_images(images).to(model.device)
batch_queries = processor.process_queries(queries).to(model.device)

with torch.no_grad():
    image_embeddings = model(**batch_images)
    query_embeddings = model(**batch_queries)

scores = processor.score_multi_vector(query_embeddings, image_embeddings)`,
  ];
};

const comet: LibrarySnippet = (model) => {
  // Quality-estimation checkpoints (CometKiwi) score a translation without a reference.
  const referenceFree = /kiwi|qe/i.test(model.id);
  const sample = referenceFree
    ? `{"src": "Dem Feuer konnte Einhalt geboten werden", "mt": "The fire could be stopped"}`
    : `{"src": "Dem Feuer konnte Einhalt geboten werden", "mt": "The fire could be stopped", "ref": "They were able to control the fire."}`;
  return [
    `from comet import download_model, load_from_checkpoint

model_path = download_model(${py(model.id)})
model = load_from_checkpoint(model_path)

data = [
    ${sample},
]
model_output = model.predict(data, batch_size=8, gpus=1)
print(model_output.scores, model_output.system_score)`,
  ];
};

const edsnlp: LibrarySnippet = (model) => {
  const packageName = pythonIdentifier(nameWithoutNamespace(model.id).replace(/-/g, "_"));
  return [
    `# Load the pipeline from the Hub directly
import edsnlp

nlp = edsnlp.load(${py(model.id)})
doc = nlp("Le patient est admis pour une pneumopathie.")
print(doc.ents)`,
    `# Or install it as a package
pip install ${sh(`git+https://huggingface.co/${model.id}`)}`,
    `# and import it as a module
import ${packageName}

nlp = ${packageName}.load()`,
  ];
};

const elm: LibrarySnippet = (model) => [
  `git clone https://github.com/slicex-ai/elm
cd elm
pip install -r requirements.txt

# Download the ELM checkpoint next to the code
${hfDownload(model.id, nameWithoutNamespace(model.id))}`,
  `from elm.infer_elm import generate_elm_responses

prompts = ["<s>[INST] Summarize: The Eiffel Tower is 324 metres tall and was the tallest man-made structure for 41 years. [/INST]"]
responses = generate_elm_responses(${py(nameWithoutNamespace(model.id))}, prompts, verbose=True)`,
];

// mozilla-ai/encoderfile README ("Usage Modes"): the binary runs one-off inference with `infer`, or
// serves HTTP/gRPC with `serve` (POST /predict on port 8080).
const encoderfile: LibrarySnippet = (model) => [
  `# An encoderfile is a self-contained executable: download it, make it executable, run it.
${hfDownload(model.id, nameWithoutNamespace(model.id), ["*.encoderfile"])}
cd ${sh(nameWithoutNamespace(model.id))}
chmod +x ./*.encoderfile
binary=$(ls ./*.encoderfile | head -n 1)

# One-off inference on a few texts (JSON on stdout)
"$binary" infer "This is the cutest cat ever!" "Boring video, waste of time"`,
  `# Or serve it: HTTP on port 8080 (gRPC on 50051), then POST texts to /predict
cd ${sh(nameWithoutNamespace(model.id))}
"$(ls ./*.encoderfile | head -n 1)" serve --http-port 8080 &
sleep 2
curl -X POST http://localhost:8080/predict \\
  -H "Content-Type: application/json" \\
  -d '{"inputs": ["This is the cutest cat ever!", "Boring video, waste of time"]}'`,
];

const fairseq: LibrarySnippet = (model) => [
  `from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub

models, cfg, task = load_model_ensemble_and_task_from_hf_hub(${py(model.id)})
model = models[0]
generator = task.build_generator(models, cfg.generation)`,
];

const fasttext: LibrarySnippet = (model) => {
  const load = `import fasttext
from huggingface_hub import hf_hub_download

model = fasttext.load_model(hf_hub_download(${py(model.id)}, "model.bin"))`;
  if (model.pipeline_tag === "text-classification" || hasTag(model, "text-classification")) {
    return [
      `${load}

labels, probabilities = model.predict(${pythonInputFor(model, "I like you. I love you")}, k=3)
print(labels, probabilities)`,
    ];
  }
  return [
    `${load}

vector = model.get_word_vector("bread")
neighbours = model.get_nearest_neighbors("bread", k=5)
print(vector.shape, neighbours)`,
  ];
};

const flair: LibrarySnippet = (model) => {
  if (model.pipeline_tag === "text-classification") {
    return [
      `from flair.data import Sentence
from flair.models import TextClassifier

classifier = TextClassifier.load(${py(model.id)})

sentence = Sentence(${pythonInputFor(model, "I like you. I love you")})
classifier.predict(sentence)
print(sentence.labels)`,
    ];
  }
  return [
    `from flair.data import Sentence
from flair.models import SequenceTagger

tagger = SequenceTagger.load(${py(model.id)})

sentence = Sentence(${pythonInputFor(model, "George Washington went to Washington")})
tagger.predict(sentence)
for entity in sentence.get_spans():
    print(entity)`,
  ];
};

const gemmaCpp: LibrarySnippet = (model) => [
  `# Build gemma.cpp from source (CMake and a C++17 compiler are needed)
git clone https://github.com/google/gemma.cpp
cd gemma.cpp
cmake -B build && cmake --build build -j 4 --target gemma

# Download the weights (.sbs) and the tokenizer
${hfDownload(model.id, nameWithoutNamespace(model.id))}

# Start an interactive session; pass --tokenizer too if the weights file does not embed it
./build/gemma --weights ${sh(nameWithoutNamespace(model.id))}/*.sbs`,
];

const granite: LibrarySnippet = (model) => {
  const base = baseModelOf(model) ?? model.config?.peft?.base_model_name_or_path;
  const header = base
    ? ""
    : "# ⚠️ Base model is not found in the model card: set it to the Granite model these adapters extend.\n";
  return [
    `${header}# The repository holds one LoRA adapter per intrinsic, each in its own folder.
import torch
from huggingface_hub import snapshot_download
from peft import PeftModel
from transformers import AutoModelForCausalLM, AutoTokenizer

adapters_dir = snapshot_download(${py(model.id)})

tokenizer = AutoTokenizer.from_pretrained(${py(base ?? "<base-model-id>")})
base_model = AutoModelForCausalLM.from_pretrained(${py(base ?? "<base-model-id>")}, torch_dtype=torch.bfloat16)
# Pick the adapter folder for the intrinsic you need, e.g. f"{adapters_dir}/<intrinsic>/lora"
model = PeftModel.from_pretrained(base_model, adapters_dir)`,
  ];
};

const grok: LibrarySnippet = (model) => [
  cloneAndRun(model, {
    repoUrl: "https://github.com/xai-org/grok-1.git",
    localDir: "checkpoints",
    include: ["ckpt-0/*"],
    note: "Grok-1 has 314B parameters: running it needs a multi-GPU machine with enough memory.",
    run: ["python run.py"],
  }),
];

const hezar: LibrarySnippet = (model) => [
  `from hezar.models import Model

model = Model.load(${py(model.id)})
outputs = model.predict(${pythonInputFor(model, "سلام، حال شما چطور است؟")})
print(outputs)`,
];

const kernels: LibrarySnippet = (model) => [
  `# pip install kernels
import torch
from kernels import get_kernel

# Downloads the build that matches your Torch and CUDA versions
kernel = get_kernel(${py(model.id)})
print([name for name in dir(kernel) if not name.startswith("_")])`,
];

const lightningIr: LibrarySnippet = (model) => {
  const isCross = hasTag(model, "cross-encoder");
  const isBi = hasTag(model, "bi-encoder");
  const moduleClass = isCross ? "CrossEncoderModule" : "BiEncoderModule";
  const note =
    isCross || isBi
      ? ""
      : "# The model type is not tagged: use CrossEncoderModule instead for a cross-encoder checkpoint.\n";
  return [
    `# pip install lightning-ir
from lightning_ir import ${moduleClass}

${note}model = ${moduleClass}(${py(model.id)})
output = model.score("What is the capital of France?", ["Paris is the capital of France.", "Berlin is in Germany."])
print(output.scores)`,
  ];
};

const llamaCppPython: LibrarySnippet = (model) => {
  const load = `# pip install llama-cpp-python
from llama_cpp import Llama

llm = Llama.from_pretrained(
    repo_id=${py(model.id)},
    filename="{{GGUF_FILE}}",
)`;
  if (hasTag(model, "conversational")) {
    return [
      load,
      `response = llm.create_chat_completion(
    messages=${pythonMessagesFor(model).replace(/\n/g, "\n    ")}
)
print(response["choices"][0]["message"]["content"])`,
    ];
  }
  return [
    load,
    `output = llm(
    "Once upon a time,",
    max_tokens=512,
    echo=True,
)
print(output["choices"][0]["text"])`,
  ];
};

const litertLm: LibrarySnippet = (model) => [
  `pip install --upgrade litert-lm

# Download the .litertlm bundle and chat with it
litert-lm run \\
  --from-huggingface-repo=${sh(model.id)} \\
  ${sh(`${nameWithoutNamespace(model.id).replace(/-litert-lm$/i, "")}.litertlm`)} \\
  --prompt="What is the capital of France?"`,
];

export const TEXT_SNIPPETS_A_TO_L: Partial<Record<string, LibrarySnippet>> = {
  "adapter-transformers": adapterTransformers,
  allennlp,
  "aviation-ner": aviationNer,
  bertopic,
  bm25s,
  cartesia_pytorch: cartesiaPytorch,
  cartesia_mlx: cartesiaMlx,
  colpali,
  comet,
  edsnlp,
  elm,
  encoderfile,
  fairseq,
  fasttext,
  flair,
  "gemma.cpp": gemmaCpp,
  gliner,
  gliner2,
  "granite-library": granite,
  grok,
  hezar,
  kernels,
  "lightning-ir": lightningIr,
  "llama-cpp-python": llamaCppPython,
  "litert-lm": litertLm,
};
