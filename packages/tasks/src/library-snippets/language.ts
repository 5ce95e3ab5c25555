// Library snippets: language: NLP toolkits, text classifiers and taggers, retrieval, and language-model
// architectures outside transformers. One generator per library, keyed by library id; index.ts lists the
// families.
import { type ModelData } from "../model-data.js";
import {
  NER_SENTENCE,
  baseModelOf,
  cloneAndRun,
  exampleText,
  GENERATION_PROMPT,
  hasTag,
  hfDownload,
  type LibrarySnippet,
  nameWithoutNamespace,
  py,
  pyFindRepoFile,
  pythonIdentifier,
  pythonInputFor,
  researchRepo,
  sh,
} from "./helpers.js";

const glinerPredict = (model: ModelData, labels: string[], text: string): string =>
  `from gliner import GLiNER

model = GLiNER.from_pretrained(${py(model.id)})

text = ${text}
labels = [${labels.map(py).join(", ")}]
entities = model.predict_entities(text, labels, threshold=0.5)
for entity in entities:
    print(entity["text"], "=>", entity["label"])`;

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

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const LANGUAGE_SNIPPETS: Record<string, LibrarySnippet> = {
  paddlenlp: (model) => {
    const architecture = model.config?.architectures?.[0];
    const id = py(model.id);
    const modelClass = architecture && /^[A-Za-z_]\w*$/.test(architecture) ? architecture : undefined;
    return [
      `${
        modelClass
          ? ""
          : `# ⚠️ Type of model unknown: config.json names no architecture, so AutoModel is used
`
      }from paddlenlp.transformers import AutoTokenizer, ${modelClass ?? "AutoModel"}

tokenizer = AutoTokenizer.from_pretrained(${id}, from_hf_hub=True)
model = ${modelClass ?? "AutoModel"}.from_pretrained(${id}, from_hf_hub=True)`,
    ];
  },
  bm25s: (model) => [
    `import bm25s
from bm25s.hf import BM25HF

retriever = BM25HF.load_from_hub(${py(model.id)}, load_corpus=True)

query_tokens = bm25s.tokenize("What is the capital of France?")
documents, scores = retriever.retrieve(query_tokens, k=3)
print(documents[0], scores[0])`,
  ],
  gliner2: (model) => [
    `from gliner2 import GLiNER2

extractor = GLiNER2.from_pretrained(${py(model.id)})

text = "Apple CEO Tim Cook announced the iPhone 15 in Cupertino yesterday."
result = extractor.extract_entities(text, ["company", "person", "product", "location"])
print(result)`,
  ],
  mitie: (model) => [
    `from huggingface_hub import snapshot_download
from mitie import named_entity_extractor, tokenize, total_word_feature_extractor

model_dir = snapshot_download(${py(model.id)})

# word features used to train MITIE models
features = total_word_feature_extractor(f"{model_dir}/total_word_feature_extractor.dat")
print(features.get_feature_vector("home")[:5])

# a named-entity model, if the repository has one (e.g. ner_model.dat)
ner = named_entity_extractor(f"{model_dir}/ner_model.dat")
tokens = tokenize("Tim Cook is the CEO of Apple, based in Cupertino.")
for entity in ner.extract_entities(tokens):
    print(entity)`,
  ],
  fairseq: (model) => [
    `from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub

models, cfg, task = load_model_ensemble_and_task_from_hf_hub(${py(model.id)})
model = models[0]
generator = task.build_generator(models, cfg.generation)`,
  ],
  saelens: (model) => [
    "pip install sae-lens",
    `from sae_lens import SAE

# sparse autoencoders from ${py(model.id)}: see the release list in sae_lens/pretrained_saes.yaml
sae, cfg_dict, sparsity = SAE.from_pretrained(
    release="gpt2-small-res-jb",  # the release this repository belongs to
    sae_id="blocks.8.hook_resid_pre",  # which SAE of the release
)`,
  ],
  swarmformer: (model) => [
    `from swarmformer import SwarmFormerModel

model = SwarmFormerModel.from_pretrained(${py(model.id)})`,
  ],
  stanza: (model) => {
    const language = nameWithoutNamespace(model.id).replace(/^stanza-/, "");
    return [
      `import stanza

# models for ${py(language)} come from ${py(model.id)}
stanza.download(${py(language)})
nlp = stanza.Pipeline(${py(language)})
doc = nlp(${py(exampleText(model) ?? "Barack Obama was born in Hawaii.")})
print(doc.entities)`,
    ];
  },
  "mamba-ssm": (model) => [
    `import torch
from mamba_ssm.models.mixer_seq_simple import MambaLMHeadModel
from transformers import AutoTokenizer

model = MambaLMHeadModel.from_pretrained(${py(model.id)}, device="cuda", dtype=torch.float16)
# Mamba checkpoints use the GPT-NeoX tokenizer
tokenizer = AutoTokenizer.from_pretrained("EleutherAI/gpt-neox-20b")

input_ids = tokenizer(${py(GENERATION_PROMPT)}, return_tensors="pt").input_ids.to("cuda")
output = model.generate(input_ids, max_length=64, top_k=50, top_p=0.9, temperature=0.7)
print(tokenizer.decode(output[0]))`,
  ],
  /** spaCy pipelines on the Hub are pip-installable wheels named after the repository. */
  spacy: (model) => {
    const name = nameWithoutNamespace(model.id);
    const wheel = `https://huggingface.co/${model.id}/resolve/main/${name}-any-py3-none-any.whl`;
    const text = exampleText(model) ?? "My name is Sarah and I live in London.";
    return [
      `pip install ${sh(wheel)}`,
      `import spacy

nlp = spacy.load(${py(name)})
doc = nlp(${py(text)})
print([(ent.text, ent.label_) for ent in doc.ents])

# the pipeline is also an importable package
import ${pythonIdentifier(name)}

nlp = ${pythonIdentifier(name)}.load()`,
    ];
  },
  allennlp: (model) => {
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
  },
  "diff-interpretation-tuning": researchRepo(
    "https://github.com/Aviously/diff-interpretation-tuning.git",
    "checkpoints",
    "ls checkpoints",
    "The adapters are used with the repository's notebooks and scripts.",
  ),
  elm: (model) => [
    `git clone https://github.com/slicex-ai/elm
cd elm
pip install -r requirements.txt

# Download the ELM checkpoint next to the code
${hfDownload(model.id, nameWithoutNamespace(model.id))}`,
    `from elm.infer_elm import generate_elm_responses

prompts = ["<s>[INST] Summarize: The Eiffel Tower is 324 metres tall and was the tallest man-made structure for 41 years. [/INST]"]
responses = generate_elm_responses(${py(nameWithoutNamespace(model.id))}, prompts, verbose=True)`,
  ],
  "aviation-ner": (model) => [
    // The Boeing aviation NER models are GLiNER checkpoints fine-tuned on maintenance records.
    glinerPredict(
      model,
      ["aircraft", "aircraft component", "defect", "action", "location"],
      py("Found crack on left hand main landing gear actuator during inspection, replaced actuator."),
    ),
  ],
  gliner: (model) => [
    glinerPredict(model, ["person", "organization", "location", "date"], pythonInputFor(model, NER_SENTENCE)),
  ],
  rwkv: (model) => [
    "pip install rwkv",
    `import os

os.environ["RWKV_JIT_ON"] = "1"

from rwkv.model import RWKV
from rwkv.utils import PIPELINE, PIPELINE_ARGS
${pyFindRepoFile(model.id, [".pth"])}

# the path is given without its .pth extension
model = RWKV(model=checkpoint[: -len(".pth")], strategy="cuda fp16")
pipeline = PIPELINE(model, "rwkv_vocab_v20230424")

args = PIPELINE_ARGS(temperature=1.0, top_p=0.7)
print(pipeline.generate(${py(GENERATION_PROMPT)}, token_count=100, args=args))`,
  ],
  comet: (model) => {
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
  },
  relik: (model) => [
    `from relik import Relik

relik = Relik.from_pretrained(${py(model.id)})
output = relik("Michael Jordan was one of the best players in the NBA.")
print(output)`,
  ],
  colpali: (model) => {
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
  },
  cartesia_pytorch: (model) => [
    "pip install --no-binary :all: cartesia-pytorch",
    `from cartesia_pytorch import ReneLMHeadModel
from transformers import AutoTokenizer

model = ReneLMHeadModel.from_pretrained(${py(model.id)})
# Rene uses the OLMo tokenizer
tokenizer = AutoTokenizer.from_pretrained("allenai/OLMo-1B-hf")

inputs = tokenizer(["Rene Descartes was"], return_tensors="pt")
outputs = model.generate(inputs.input_ids, max_length=50, top_k=100, top_p=0.99)
print(tokenizer.batch_decode(outputs, skip_special_tokens=True)[0])`,
  ],
  fasttext: (model) => {
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
  },
  bertopic: (model) => [
    `from bertopic import BERTopic

topic_model = BERTopic.load(${py(model.id)})

# Assign topics to new documents
topics, probabilities = topic_model.transform(["The new graphics card runs every game at 4K."])
print(topic_model.get_topic_info().head())`,
  ],
  "granite-library": (model) => {
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
  },
  flair: (model) => {
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
  },
  edsnlp: (model) => {
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
  },
  hezar: (model) => [
    `from hezar.models import Model

model = Model.load(${py(model.id)})
outputs = model.predict(${pythonInputFor(model, "سلام، حال شما چطور است؟")})
print(outputs)`,
  ],
  // jev-style README: one model answers several questions about a text at once; noul() asks a yes/no
  // question, choice() picks one of the given options.
  "jev-style": (model) => [
    'pip install "jev-style[torch]"',
    `from jev_style import JevStyle, choice, noul

classifier = JevStyle.from_pretrained(${py(model.id)})
result = classifier.decide(
    "My parcel arrived damaged and I would like a replacement.",
    {
        "complaint": noul("The customer is complaining."),
        "department": choice("Which department should answer?", ["billing", "shipping", "support"]),
    },
)
print(result["answers"]["department"]["choice"])`,
  ],
  "lightning-ir": (model) => {
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
  },
  cartesia_mlx: (model) => [
    `import mlx.core as mx
import cartesia_mlx as cmx

model = cmx.from_pretrained(${py(model.id)})
model.set_dtype(mx.float32)

prompt = "Rene Descartes was"
for text in model.generate(prompt, max_tokens=500, eval_every_n=5, verbose=True, top_p=0.99, temperature=0.85):
    print(text, end="", flush=True)`,
  ],
  grok: (model) => [
    cloneAndRun(model, {
      repoUrl: "https://github.com/xai-org/grok-1.git",
      localDir: "checkpoints",
      include: ["ckpt-0/*"],
      note: "Grok-1 has 314B parameters: running it needs a multi-GPU machine with enough memory.",
      run: "python run.py",
    }),
  ],
  recurrentgemma: (model) => [
    'pip install "recurrentgemma[torch]"',
    `from pathlib import Path

import sentencepiece as spm
import torch
from huggingface_hub import snapshot_download
from recurrentgemma import torch as recurrentgemma

model_dir = snapshot_download(${py(model.id)})
checkpoint = next(Path(model_dir).glob("*.pt"))

params = torch.load(checkpoint, map_location="cpu")
config = recurrentgemma.GriffinConfig.from_torch_params(params)
model = recurrentgemma.Griffin(config)
model.load_state_dict(params)

vocab = spm.SentencePieceProcessor()
vocab.Load(f"{model_dir}/tokenizer.model")

sampler = recurrentgemma.Sampler(model=model, vocab=vocab)
output = sampler([${py(GENERATION_PROMPT)}], total_generation_steps=50)
print(output.text)`,
  ],
};
