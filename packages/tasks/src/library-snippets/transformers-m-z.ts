// Snippets for transformers and the libraries built on it (transformers.js, PEFT, sentence-transformers,
// SetFit, SpanMarker, Model2Vec, MultiMolecule, Mobilint, Pruna AI).
import { LIBRARY_TASK_MAPPING } from "../library-to-tasks.js";
import type { ModelData } from "../model-data.js";
import type { WidgetExample } from "../widget-example.js";
import { hasTag, js, py } from "./common.js";
import {
  NO_INPUT_EXAMPLE,
  SAMPLE_IMAGE_URL,
  exampleInput,
  exampleText,
  jsLiteral,
  pyLiteral,
  pyStrings,
} from "./helpers-m-z.js";
import type { LibrarySnippet } from "./index.js";

const CUSTOM_CODE_TAG = "custom_code";

const CHAT_QUESTION = "Who are you?";
const VLM_IMAGE_URL =
  "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/p-blog/candy.JPG";
const VLM_QUESTION = "What animal is on the candy?";
const ZERO_SHOT_IMAGE_LABELS = ["animals", "humans", "landscape"];
const ZERO_SHOT_TEXT_LABELS = ["refund", "legal", "faq"];

/** Tasks whose transformers pipeline takes an image as its only positional input. */
const IMAGE_INPUT_TASKS = new Set([
  "image-classification",
  "image-segmentation",
  "object-detection",
  "depth-estimation",
  "image-to-text",
  "image-feature-extraction",
  "mask-generation",
  "image-to-image",
]);

/** Tasks whose example input is a JSON object whose keys are the pipeline's keyword arguments. */
const KEYWORD_INPUT_TASKS = new Set([
  "question-answering",
  "document-question-answering",
  "table-question-answering",
]);

function hasChatTemplate(model: ModelData): boolean {
  return model.config?.tokenizer_config?.chat_template !== undefined;
}

function isVisionChat(model: ModelData): boolean {
  return model.pipeline_tag === "image-text-to-text" || hasTag(model, "image-text-to-text");
}

/** The chat messages used by transformers snippets, as Python code. */
function pyChatMessages(model: ModelData): string {
  const content = isVisionChat(model)
    ? [
        { type: "image", url: VLM_IMAGE_URL },
        { type: "text", text: VLM_QUESTION },
      ]
    : CHAT_QUESTION;
  return `messages = ${pyLiteral([{ role: "user", content }])}`;
}

/** The lines calling `pipe` with an example input suited to the task. */
function pipelineCall(model: ModelData): string[] {
  const task = model.pipeline_tag ?? "";
  if (hasTag(model, "conversational")) {
    return [pyChatMessages(model), isVisionChat(model) ? "pipe(text=messages)" : "pipe(messages)"];
  }
  if (task === "zero-shot-image-classification" || task === "zero-shot-object-detection") {
    return [
      `pipe(`,
      `    ${py(SAMPLE_IMAGE_URL)},`,
      `    candidate_labels=${pyStrings(ZERO_SHOT_IMAGE_LABELS)},`,
      `)`,
    ];
  }
  if (task === "visual-question-answering") {
    return [`pipe(image=${py(SAMPLE_IMAGE_URL)}, question=${py("How many birds are there?")})`];
  }
  if (IMAGE_INPUT_TASKS.has(task)) {
    return [`pipe(${py(SAMPLE_IMAGE_URL)})`];
  }
  if (task === "video-classification") {
    return [`pipe("path/to/video.mp4")`];
  }
  if (task === "fill-mask" && !model.mask_token) {
    // The mask token is unknown here; the tokenizer knows it at run time.
    return [`pipe(f"The answer to the universe is {pipe.tokenizer.mask_token}.")`];
  }
  const input = exampleInput(model);
  if (input.kind === "none") {
    return [`# ${NO_INPUT_EXAMPLE}`];
  }
  if (input.kind === "messages") {
    return [`messages = ${pyLiteral(input.messages)}`, "pipe(messages)"];
  }
  if (KEYWORD_INPUT_TASKS.has(task) && input.code.startsWith("{")) {
    return [`inputs = ${pyLiteral(JSON.parse(input.code))}`, "pipe(**inputs)"];
  }
  if (task === "zero-shot-classification") {
    return [`pipe(`, `    ${input.code},`, `    candidate_labels=${pyStrings(ZERO_SHOT_TEXT_LABELS)},`, `)`];
  }
  return [`pipe(${input.code})`];
}

function processorVariable(processor: string): string {
  if (processor === "AutoTokenizer") return "tokenizer";
  if (processor === "AutoFeatureExtractor") return "extractor";
  return "processor";
}

const transformers: LibrarySnippet = (model) => {
  const info = model.transformersInfo;
  const remote = hasTag(model, CUSTOM_CODE_TAG) ? ", trust_remote_code=True" : "";
  const id = py(model.id);
  const isGguf = hasTag(model, "gguf");
  const blocks: string[] = [];

  const task = model.pipeline_tag;
  if (task && LIBRARY_TASK_MAPPING.transformers?.includes(task) && !isGguf) {
    blocks.push(
      [
        "# Use a pipeline as a high-level helper",
        "from transformers import pipeline",
        "",
        `pipe = pipeline(${py(task)}, model=${id}${remote})`,
        ...pipelineCall(model),
      ].join("\n"),
    );
  }

  if (!info) {
    blocks.push(
      [
        "# ⚠️ Type of model unknown: the repository does not say which transformers class it needs,",
        "# so this loads it with the generic AutoModel class.",
        "from transformers import AutoModel",
        "",
        `model = AutoModel.from_pretrained(${id}${remote})`,
      ].join("\n"),
    );
    return blocks;
  }

  const auto = info.auto_model;
  if (isGguf) {
    // transformers de-quantizes GGUF weights on load; the file name is read from the repository.
    const processor = info.processor ?? "AutoTokenizer";
    const variable = processorVariable(processor);
    blocks.push(
      [
        "# Load the GGUF weights with transformers (they are de-quantized to full precision)",
        "from huggingface_hub import list_repo_files",
        `from transformers import ${processor}, ${auto}`,
        "",
        `gguf_file = next(f for f in list_repo_files(${id}) if f.endswith(".gguf"))`,
        `${variable} = ${processor}.from_pretrained(${id}, gguf_file=gguf_file${remote})`,
        `model = ${auto}.from_pretrained(${id}, gguf_file=gguf_file${remote})`,
      ].join("\n"),
    );
    return blocks;
  }

  const direct: string[] = ["# Load model directly"];
  if (info.processor) {
    const variable = processorVariable(info.processor);
    direct.push(
      `from transformers import ${info.processor}, ${auto}`,
      "",
      `${variable} = ${info.processor}.from_pretrained(${id}${remote})`,
      `model = ${auto}.from_pretrained(${id}${remote}, dtype="auto")`,
    );
    if (hasTag(model, "conversational") && hasChatTemplate(model)) {
      direct.push(
        "",
        pyChatMessages(model),
        `inputs = ${variable}.apply_chat_template(`,
        "    messages,",
        "    add_generation_prompt=True,",
        "    tokenize=True,",
        "    return_dict=True,",
        '    return_tensors="pt",',
        ").to(model.device)",
        "",
        "outputs = model.generate(**inputs, max_new_tokens=40)",
        `print(${variable}.decode(outputs[0][inputs["input_ids"].shape[-1]:]))`,
      );
    }
  } else {
    direct.push(
      `from transformers import ${auto}`,
      "",
      `model = ${auto}.from_pretrained(${id}${remote}, dtype="auto")`,
    );
  }
  blocks.push(direct.join("\n"));
  return blocks;
};

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
  if (input.code.startsWith("{")) {
    return [`const output = await pipe(${input.code});`];
  }
  return [`const output = await pipe(${input.code});`];
}

/** Adds a console.log of the result when the call lines end by computing `output`. */
function withPrintedOutput(callLines: string[]): string[] {
  const last = callLines[callLines.length - 1] ?? "";
  return last.startsWith("const output") ? [...callLines, "console.log(output);"] : callLines;
}

const transformersJs: LibrarySnippet = (model) => {
  if (!model.pipeline_tag) {
    return [
      [
        "// ⚠️ Unknown pipeline tag: the model card does not name a task, so this loads the raw model.",
        "// npm i @huggingface/transformers",
        'import { AutoModel } from "@huggingface/transformers";',
        "",
        `const model = await AutoModel.from_pretrained(${js(model.id)});`,
      ].join("\n"),
    ];
  }
  return [
    [
      "// npm i @huggingface/transformers",
      'import { pipeline } from "@huggingface/transformers";',
      "",
      `const pipe = await pipeline(${js(model.pipeline_tag)}, ${js(model.id)});`,
      ...withPrintedOutput(transformersJsCall(model)),
    ].join("\n"),
  ];
};

/** PEFT task types → [transformers auto class, PEFT auto class]. */
const PEFT_TASKS: Record<string, [string, string]> = {
  CAUSAL_LM: ["AutoModelForCausalLM", "AutoPeftModelForCausalLM"],
  SEQ_2_SEQ_LM: ["AutoModelForSeq2SeqLM", "AutoPeftModelForSeq2SeqLM"],
  TOKEN_CLS: ["AutoModelForTokenClassification", "AutoPeftModelForTokenClassification"],
  SEQ_CLS: ["AutoModelForSequenceClassification", "AutoPeftModelForSequenceClassification"],
  QUESTION_ANS: ["AutoModelForQuestionAnswering", "AutoPeftModelForQuestionAnswering"],
  FEATURE_EXTRACTION: ["AutoModel", "AutoPeftModelForFeatureExtraction"],
};

const peft: LibrarySnippet = (model) => {
  const { base_model_name_or_path: baseModel, task_type: taskType } = model.config?.peft ?? {};
  const classes = taskType ? PEFT_TASKS[taskType] : undefined;
  const id = py(model.id);
  if (!classes) {
    const found = taskType ? ` (adapter_config.json says ${JSON.stringify(taskType)})` : "";
    return [
      [
        `# ⚠️ Task type is invalid${found}: loading the adapter with the task-agnostic AutoPeftModel,`,
        "# which reads the base model from the adapter's config.",
        "from peft import AutoPeftModel",
        "",
        `model = AutoPeftModel.from_pretrained(${id})`,
      ].join("\n"),
    ];
  }
  const [autoClass, peftAutoClass] = classes;
  if (!baseModel) {
    return [
      [
        "# ⚠️ Base model is not found in adapter_config.json: make sure the adapter repository names it,",
        `# then ${peftAutoClass} loads the base model and the adapter together.`,
        `from peft import ${peftAutoClass}`,
        "",
        `model = ${peftAutoClass}.from_pretrained(${id})`,
      ].join("\n"),
    ];
  }
  const withTokenizer = taskType === "CAUSAL_LM" || taskType === "SEQ_2_SEQ_LM";
  const code = [
    "from peft import PeftModel",
    `from transformers import ${withTokenizer ? `AutoTokenizer, ${autoClass}` : autoClass}`,
    "",
    `base_model = ${autoClass}.from_pretrained(${py(baseModel)})`,
    `model = PeftModel.from_pretrained(base_model, ${id})`,
  ];
  if (withTokenizer) {
    code.push(
      `tokenizer = AutoTokenizer.from_pretrained(${py(baseModel)})`,
      "",
      `inputs = tokenizer(${py("The answer to the universe is")}, return_tensors="pt")`,
      "outputs = model.generate(**inputs, max_new_tokens=20)",
      "print(tokenizer.decode(outputs[0], skip_special_tokens=True))",
    );
  }
  return [code.join("\n")];
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

const sentenceTransformers: LibrarySnippet = (model) => {
  const remote = hasTag(model, CUSTOM_CODE_TAG) ? ", trust_remote_code=True" : "";
  const id = py(model.id);
  if (hasTag(model, "cross-encoder") || model.pipeline_tag === "text-ranking") {
    return [
      [
        "from sentence_transformers import CrossEncoder",
        "",
        `model = CrossEncoder(${id}${remote})`,
        "",
        `query = ${py(RERANK_QUERY)}`,
        `passages = ${pyLiteral(RERANK_PASSAGES)}`,
        "",
        "scores = model.predict([(query, passage) for passage in passages])",
        "print(scores)",
      ].join("\n"),
    ];
  }
  const sentences = widgetSentences(model) ?? DEFAULT_SENTENCES;
  const encoderClass = hasTag(model, "sparse-encoder") ? "SparseEncoder" : "SentenceTransformer";
  return [
    [
      `from sentence_transformers import ${encoderClass}`,
      "",
      `model = ${encoderClass}(${id}${remote})`,
      "",
      `sentences = ${pyLiteral(sentences)}`,
      "embeddings = model.encode(sentences)",
      "",
      "similarities = model.similarity(embeddings, embeddings)",
      "print(similarities.shape)",
      `# [${sentences.length}, ${sentences.length}]`,
    ].join("\n"),
  ];
};

const setfit: LibrarySnippet = (model) => {
  const text = exampleText(model) ?? "I loved the spiderman movie!";
  return [
    [
      "from setfit import SetFitModel",
      "",
      `model = SetFitModel.from_pretrained(${py(model.id)})`,
      "",
      `predictions = model.predict(${pyStrings([text, "Pineapple on pizza is the worst 🤮"])})`,
      "print(predictions)",
    ].join("\n"),
  ];
};

const spanMarker: LibrarySnippet = (model) => {
  const text = exampleText(model) ?? "My name is Sarah Jessica Parker but you can call me Jessica";
  return [
    [
      "from span_marker import SpanMarkerModel",
      "",
      `model = SpanMarkerModel.from_pretrained(${py(model.id)})`,
      "",
      `entities = model.predict(${py(text)})`,
      "print(entities)",
    ].join("\n"),
  ];
};

const model2vec: LibrarySnippet = (model) => [
  [
    "from model2vec import StaticModel",
    "",
    `model = StaticModel.from_pretrained(${py(model.id)})`,
    "",
    `embeddings = model.encode(${pyStrings(DEFAULT_SENTENCES)})`,
    "print(embeddings.shape)",
  ].join("\n"),
];

/** MultiMolecule registers its RNA/DNA/protein models with transformers on import. */
const multimolecule: LibrarySnippet = (model) => {
  const id = py(model.id);
  if (model.pipeline_tag === "fill-mask" || !model.pipeline_tag) {
    const mask = model.mask_token ?? "<mask>";
    const widget = (model.widgetData?.[0] as { text?: unknown } | undefined)?.text;
    const sequence =
      typeof widget === "string" && widget.includes(mask) ? widget : `UAGCUUAUCAGACUGAUGUUG${mask}A`;
    return [
      [
        "import multimolecule  # registers the MultiMolecule models with transformers",
        "from transformers import pipeline",
        "",
        `unmasker = pipeline("fill-mask", model=${id})`,
        `print(unmasker(${py(sequence)}))`,
      ].join("\n"),
    ];
  }
  return [
    [
      "import multimolecule  # registers the MultiMolecule models with transformers",
      "from transformers import AutoModel, AutoTokenizer",
      "",
      `tokenizer = AutoTokenizer.from_pretrained(${id})`,
      `model = AutoModel.from_pretrained(${id})`,
      "",
      `inputs = tokenizer(${py("UAGCUUAUCAGACUGAUGUUGA")}, return_tensors="pt")`,
      "outputs = model(**inputs)",
    ].join("\n"),
  ];
};

/** Mobilint's model zoo mirrors transformers' classes for models compiled for its NPUs. */
const mobilint: LibrarySnippet = (model) => {
  const id = py(model.id);
  const install =
    '# Needs a Mobilint NPU and its runtime (MACCEL)\npip install "mblt-model-zoo[transformers]"';
  if (model.pipeline_tag === "text-generation" || hasTag(model, "conversational")) {
    return [
      install,
      [
        "from mblt_model_zoo.transformers import pipeline",
        "",
        `pipe = pipeline("text-generation", model=${id})`,
        pyChatMessages({ ...model, pipeline_tag: "text-generation", tags: [] }),
        "outputs = pipe(messages, max_new_tokens=256)",
        'print(outputs[0]["generated_text"][-1]["content"])',
      ].join("\n"),
    ];
  }
  if (model.pipeline_tag) {
    return [
      install,
      [
        "from mblt_model_zoo.transformers import pipeline",
        "",
        `pipe = pipeline(${py(model.pipeline_tag)}, model=${id})`,
        ...pipelineCall({ ...model, tags: model.tags.filter((t) => t !== "conversational") }),
      ].join("\n"),
    ];
  }
  return [
    install,
    [
      "from mblt_model_zoo.transformers import AutoModel",
      "",
      `model = AutoModel.from_pretrained(${id})`,
    ].join("\n"),
  ];
};

/** Pruna AI publishes compressed (quantized, compiled) versions of diffusers and transformers models. */
const prunaAi: LibrarySnippet = (model) => {
  const pro = hasTag(model, "pruna_pro-ai");
  const pkg = pro ? "pruna_pro" : "pruna";
  const cls = pro ? "PrunaProModel" : "PrunaModel";
  const id = py(model.id);
  const load = [`from ${pkg} import ${cls}`, "", `model = ${cls}.from_pretrained(${id})`];
  if (hasTag(model, "diffusers") || model.pipeline_tag === "text-to-image") {
    return [
      `pip install ${pkg}`,
      [
        ...load,
        "",
        `image = model(${py("A red panda reading a book, watercolor")}).images[0]`,
        'image.save("output.png")',
      ].join("\n"),
    ];
  }
  if (hasTag(model, "transformers") && model.pipeline_tag === "text-generation") {
    return [
      `pip install ${pkg}`,
      [
        ...load.slice(0, 1),
        "from transformers import AutoTokenizer",
        ...load.slice(1),
        `tokenizer = AutoTokenizer.from_pretrained(${id})`,
        "",
        `inputs = tokenizer(${py("The best way to learn a language is")}, return_tensors="pt").to(model.device)`,
        "outputs = model.generate(**inputs, max_new_tokens=40)",
        "print(tokenizer.decode(outputs[0], skip_special_tokens=True))",
      ].join("\n"),
    ];
  }
  return [`pip install ${pkg}`, load.join("\n")];
};

export const TRANSFORMERS_FAMILY_M_TO_Z: Record<string, LibrarySnippet> = {
  transformers,
  "transformers.js": transformersJs,
  peft,
  "sentence-transformers": sentenceTransformers,
  setfit,
  "span-marker": spanMarker,
  model2vec,
  multimolecule,
  mobilint,
  "pruna-ai": prunaAi,
};
