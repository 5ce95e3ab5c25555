// Library snippets: the transformers stack: transformers, transformers.js and the libraries built directly
// on them (PEFT adapters, sentence embeddings, SetFit, SpanMarker, Model2Vec, Adapters). One generator per
// library, keyed by library id; index.ts lists the families.
import { TRANSFORMERS_SERVED_TASKS } from "../library-to-tasks.js";
import { type ModelData } from "../model-data.js";
import { type WidgetExample } from "../widget-example.js";
import {
  IMAGE_INPUT_TASKS,
  NER_SENTENCE,
  NO_INPUT_EXAMPLE,
  SAMPLE_IMAGE_URL,
  ZERO_SHOT_IMAGE_LABELS,
  ZERO_SHOT_TEXT_LABELS,
  baseModelOf,
  exampleInput,
  exampleText,
  hasTag,
  js,
  jsLiteral,
  pipelineCall,
  py,
  pyChatMessages,
  pyLiteral,
  pyName,
  pyStrings,
  type LibrarySnippet,
} from "./helpers.js";

const CUSTOM_CODE_TAG = "custom_code";

function hasChatTemplate(model: ModelData): boolean {
  return model.config?.tokenizer_config?.chat_template !== undefined;
}

function processorVariable(processor: string): string {
  if (processor === "AutoTokenizer") return "tokenizer";
  if (processor === "AutoFeatureExtractor") return "extractor";
  return "processor";
}

/** The JavaScript call of a transformers.js pipeline on the task's example input. */
function transformersJsCall(model: ModelData): string[] {
  const task = model.pipeline_tag ?? "";
  if (task === "zero-shot-image-classification" || task === "zero-shot-object-detection") {
    return [`const output = await pipe(${js(SAMPLE_IMAGE_URL)}, ${jsLiteral(ZERO_SHOT_IMAGE_LABELS, 0)});`];
  }
  if (IMAGE_INPUT_TASKS.has(task)) {
    return [`const output = await pipe(${js(SAMPLE_IMAGE_URL)});`];
  }
  const input = exampleInput(model);
  if (input.kind === "none") {
    return [`// ${NO_INPUT_EXAMPLE}`];
  }
  if (input.kind === "messages") {
    return [
      `const messages = ${jsLiteral(input.messages)};`,
      "const output = await pipe(messages, { max_new_tokens: 128 });",
      "console.log(output[0].generated_text.at(-1).content);",
    ];
  }
  if (task === "zero-shot-classification") {
    return [`const output = await pipe(${input.code}, ${jsLiteral(ZERO_SHOT_TEXT_LABELS, 0)});`];
  }
  if (task === "question-answering") {
    return [`const { question, context } = ${input.code};`, "const output = await pipe(question, context);"];
  }
  return [`const output = await pipe(${input.code});`];
}

/** Adds a console.log of the result when the call lines end by computing `output`. */
function withPrintedOutput(callLines: string[]): string[] {
  const last = callLines[callLines.length - 1] ?? "";
  return last.startsWith("const output") ? [...callLines, "console.log(output);"] : callLines;
}

/** PEFT task types → [transformers auto class, PEFT auto class]. */
const PEFT_TASKS: Record<string, [string, string]> = {
  CAUSAL_LM: ["AutoModelForCausalLM", "AutoPeftModelForCausalLM"],
  SEQ_2_SEQ_LM: ["AutoModelForSeq2SeqLM", "AutoPeftModelForSeq2SeqLM"],
  TOKEN_CLS: ["AutoModelForTokenClassification", "AutoPeftModelForTokenClassification"],
  SEQ_CLS: ["AutoModelForSequenceClassification", "AutoPeftModelForSequenceClassification"],
  QUESTION_ANS: ["AutoModelForQuestionAnswering", "AutoPeftModelForQuestionAnswering"],
  FEATURE_EXTRACTION: ["AutoModel", "AutoPeftModelForFeatureExtraction"],
};

const DEFAULT_SENTENCES = [
  "The weather is lovely today.",
  "It's so sunny outside!",
  "He drove to the stadium.",
];

function widgetSentences(model: ModelData): string[] | undefined {
  const first = model.widgetData?.[0] as
    (WidgetExample & { source_sentence?: unknown; sentences?: unknown }) | undefined;
  if (typeof first?.source_sentence !== "string" || !Array.isArray(first.sentences)) return undefined;
  const sentences = first.sentences.filter((s): s is string => typeof s === "string");
  return sentences.length > 0 ? [first.source_sentence, ...sentences] : undefined;
}

const RERANK_QUERY = "Which planet is known as the Red Planet?";
const RERANK_PASSAGES = [
  "Venus is often called Earth's twin because of its similar size and proximity.",
  "Mars, known for its reddish appearance, is often referred to as the Red Planet.",
  "Jupiter, the largest planet in our solar system, has a prominent red spot.",
  "Saturn, famous for its rings, is sometimes mistaken for the Red Planet.",
];

// Entries in the order that compresses best, not alphabetical (index.ts says why): search for the id.
export const TRANSFORMERS_SNIPPETS: Record<string, LibrarySnippet> = {
  peft: (model) => {
    const { base_model_name_or_path: baseModel, task_type: taskType } = model.config?.peft ?? {};
    const classes = taskType ? PEFT_TASKS[taskType] : undefined;
    const id = py(model.id);
    if (!classes) {
      const found = taskType ? ` (adapter_config.json says ${JSON.stringify(taskType)})` : "";
      return [
        `# ⚠️ Task type is invalid${found}: loading the adapter with the task-agnostic AutoPeftModel,
# which reads the base model from the adapter's config.
from peft import AutoPeftModel

model = AutoPeftModel.from_pretrained(${id})`,
      ];
    }
    const [autoClass, peftAutoClass] = classes;
    if (!baseModel) {
      return [
        `# ⚠️ Base model is not found in adapter_config.json: make sure the adapter repository names it,
# then ${peftAutoClass} loads the base model and the adapter together.
from peft import ${peftAutoClass}

model = ${peftAutoClass}.from_pretrained(${id})`,
      ];
    }
    const withTokenizer = taskType === "CAUSAL_LM" || taskType === "SEQ_2_SEQ_LM";
    const generate = withTokenizer
      ? `
tokenizer = AutoTokenizer.from_pretrained(${py(baseModel)})

inputs = tokenizer("The answer to the universe is", return_tensors="pt")
outputs = model.generate(**inputs, max_new_tokens=20)
print(tokenizer.decode(outputs[0], skip_special_tokens=True))`
      : "";
    return [
      `from peft import PeftModel
from transformers import ${withTokenizer ? `AutoTokenizer, ${autoClass}` : autoClass}

base_model = ${autoClass}.from_pretrained(${py(baseModel)})
model = PeftModel.from_pretrained(base_model, ${id})${generate}`,
    ];
  },
  transformers: (model) => {
    const info = model.transformersInfo;
    const remote = hasTag(model, CUSTOM_CODE_TAG) ? ", trust_remote_code=True" : "";
    const id = py(model.id);
    const isGguf = hasTag(model, "gguf");
    const blocks: string[] = [];

    const task = model.pipeline_tag;
    if (task && TRANSFORMERS_SERVED_TASKS.includes(task) && !isGguf) {
      blocks.push(`# Use a pipeline as a high-level helper
from transformers import pipeline

pipe = pipeline(${py(task)}, model=${id}${remote})
${pipelineCall(model).join("\n")}`);
    }

    if (!info) {
      blocks.push(
        `# ⚠️ Type of model unknown: the repository does not say which transformers class it needs,
# so this loads it with the generic AutoModel class.
from transformers import AutoModel

model = AutoModel.from_pretrained(${id}${remote})`,
      );
      return blocks;
    }

    // Class names read from the repository go into code unquoted: only Python identifiers do.
    const auto = pyName(info.auto_model, "AutoModel");
    const infoProcessor = info.processor ? pyName(info.processor, "AutoProcessor") : undefined;
    if (isGguf) {
      // transformers de-quantizes GGUF weights on load; the file name is read from the repository.
      const processor = infoProcessor ?? "AutoTokenizer";
      const variable = processorVariable(processor);
      blocks.push(
        `# Load the GGUF weights with transformers (they are de-quantized to full precision)
from huggingface_hub import list_repo_files
from transformers import ${processor}, ${auto}

gguf_file = next(f for f in list_repo_files(${id}) if f.endswith(".gguf"))
${variable} = ${processor}.from_pretrained(${id}, gguf_file=gguf_file${remote})
model = ${auto}.from_pretrained(${id}, gguf_file=gguf_file${remote})`,
      );
      return blocks;
    }

    if (!infoProcessor) {
      blocks.push(`# Load model directly
from transformers import ${auto}

model = ${auto}.from_pretrained(${id}${remote}, dtype="auto")`);
      return blocks;
    }
    const variable = processorVariable(infoProcessor);
    const chat =
      hasTag(model, "conversational") && hasChatTemplate(model)
        ? `

${pyChatMessages(model)}
inputs = ${variable}.apply_chat_template(
    messages,
    add_generation_prompt=True,
    tokenize=True,
    return_dict=True,
    return_tensors="pt",
).to(model.device)

outputs = model.generate(**inputs, max_new_tokens=40)
print(${variable}.decode(outputs[0][inputs["input_ids"].shape[-1]:]))`
        : "";
    blocks.push(`# Load model directly
from transformers import ${infoProcessor}, ${auto}

${variable} = ${infoProcessor}.from_pretrained(${id}${remote})
model = ${auto}.from_pretrained(${id}${remote}, dtype="auto")${chat}`);
    return blocks;
  },
  "sentence-transformers": (model) => {
    const remote = hasTag(model, CUSTOM_CODE_TAG) ? ", trust_remote_code=True" : "";
    const id = py(model.id);
    if (hasTag(model, "cross-encoder") || model.pipeline_tag === "text-ranking") {
      return [
        `from sentence_transformers import CrossEncoder

model = CrossEncoder(${id}${remote})

query = ${py(RERANK_QUERY)}
passages = ${pyLiteral(RERANK_PASSAGES)}

scores = model.predict([(query, passage) for passage in passages])
print(scores)`,
      ];
    }
    const sentences = widgetSentences(model) ?? DEFAULT_SENTENCES;
    const encoderClass = hasTag(model, "sparse-encoder") ? "SparseEncoder" : "SentenceTransformer";
    return [
      `from sentence_transformers import ${encoderClass}

model = ${encoderClass}(${id}${remote})

sentences = ${pyLiteral(sentences)}
embeddings = model.encode(sentences)

similarities = model.similarity(embeddings, embeddings)
print(similarities.shape)
# [${sentences.length}, ${sentences.length}]`,
    ];
  },
  model2vec: (model) => [
    `from model2vec import StaticModel

model = StaticModel.from_pretrained(${py(model.id)})

embeddings = model.encode(${pyStrings(DEFAULT_SENTENCES)})
print(embeddings.shape)`,
  ],
  setfit: (model) => {
    const text = exampleText(model) ?? "I loved the spiderman movie!";
    return [
      `from setfit import SetFitModel

model = SetFitModel.from_pretrained(${py(model.id)})

predictions = model.predict(${pyStrings([text, "Pineapple on pizza is the worst 🤮"])})
print(predictions)`,
    ];
  },
  "span-marker": (model) => {
    const text = exampleText(model) ?? NER_SENTENCE;
    return [
      `from span_marker import SpanMarkerModel

model = SpanMarkerModel.from_pretrained(${py(model.id)})

entities = model.predict(${py(text)})
print(entities)`,
    ];
  },
  "adapter-transformers": (model) => {
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
  },
  "transformers.js": (model) => {
    if (!model.pipeline_tag) {
      return [
        `// ⚠️ Unknown pipeline tag: the model card does not name a task, so this loads the raw model.
// npm i @huggingface/transformers
import { AutoModel } from "@huggingface/transformers";

const model = await AutoModel.from_pretrained(${js(model.id)});`,
      ];
    }
    return [
      `// npm i @huggingface/transformers
import { pipeline } from "@huggingface/transformers";

const pipe = await pipeline(${js(model.pipeline_tag)}, ${js(model.id)});
${withPrintedOutput(transformersJsCall(model)).join("\n")}`,
    ];
  },
};
