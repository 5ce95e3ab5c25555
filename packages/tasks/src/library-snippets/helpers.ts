// The one set of helpers the library snippet generators share: the escaping layer (../escape.ts:
// every value read from a model goes through py/js/sh, pyName or commentText), reading optional model fields with
// fallbacks, example inputs, and the block shapes that recur (clone a repository and run it, download with
// `hf download`, find a checkpoint file, build a Python literal).
import { type ModelData } from "../model-data.js";
import { getModelInputSnippet } from "../snippets/inputs.js";
import { type WidgetExample } from "../widget-example.js";

import { commentText, js, py, pyName, sh } from "../escape.js";

// The escaping layer (../escape.ts), for the generators.
export { commentText, js, py, pyName, sh };

/** A library's snippet generator: the code blocks shown on a model page for one model. */
export type LibrarySnippet = (model: ModelData) => string[];

/** The part of a repo id after the owner ("owner/name" → "name"). */
export function nameWithoutNamespace(modelId: string): string {
  const slash = modelId.indexOf("/");
  return slash === -1 ? modelId : modelId.slice(slash + 1);
}

/** A Python identifier derived from a repo name ("my-model.v2" → "my_model_v2"). */
export function pythonIdentifier(text: string): string {
  const id = text.replace(/[^A-Za-z0-9_]/g, "_");
  return /^[0-9]/.test(id) ? `_${id}` : id;
}

export function hasTag(model: ModelData, tag: string): boolean {
  return model.tags?.includes(tag) ?? false;
}

export function baseModelOf(model: ModelData): string | undefined {
  const base = model.cardData?.base_model;
  const first = Array.isArray(base) ? base[0] : base;
  return first && first.trim() !== "" ? first : undefined;
}

/** The prompt the author showed in the widget, else the DreamBooth instance prompt, else undefined. */
export function promptOf(model: ModelData): string | undefined {
  const widget = model.widgetData?.[0] as { text?: unknown } | undefined;
  const text = typeof widget?.text === "string" ? widget.text : undefined;
  const prompt = text ?? model.cardData?.instance_prompt ?? undefined;
  return prompt && prompt.trim() !== "" ? prompt : undefined;
}

export const NO_INPUT_EXAMPLE = "No input example has been defined for this model task";

/**
 * The task's example input as a Python expression (already quoted by the inputs module), or
 * `fallback` quoted when the task has no example or the example is a chat transcript.
 */
export function pythonInputFor(model: ModelData, fallback: string): string {
  if (!model.pipeline_tag) {
    return py(fallback);
  }
  const input = getModelInputSnippet(model);
  if (typeof input !== "string" || input.startsWith(NO_INPUT_EXAMPLE) || input.trim() === "") {
    return py(fallback);
  }
  return input;
}

/** Chat messages for a conversational model, as a Python literal (JSON is valid Python here). */
export function pythonMessagesFor(model: ModelData): string {
  const input = model.pipeline_tag ? getModelInputSnippet(model) : undefined;
  const messages = Array.isArray(input)
    ? input
    : [{ role: "user", content: "What is the capital of France?" }];
  return JSON.stringify(messages, null, 4);
}

/** A shell command that downloads the whole repository (or some files) into a folder. */
export function hfDownload(modelId: string, localDir: string, include?: string[]): string {
  // One --include per pattern: the hf CLI reads a second word after --include as a file name.
  const includes = (include ?? []).map((pattern) => ` --include ${sh(pattern)}`).join("");
  return `hf download ${sh(modelId)}${includes} --local-dir ${sh(localDir)}`;
}

export interface CloneAndRun {
  /** Git URL of the project's code. */
  repoUrl: string;
  /** Where the checkpoint goes, relative to the cloned folder. */
  localDir: string;
  /** Install steps, run inside the cloned folder. Defaults to the requirements file. */
  install?: string[];
  /** Only these files of the repository (glob patterns). */
  include?: string[];
  /** The commands that use the checkpoint (lines separated by newlines). */
  run: string;
  /** A short line explaining where the full options are documented. */
  note?: string;
}

/**
 * One shell block for research code that ships as a repository rather than a package: clone it,
 * install its requirements, download the checkpoint where the scripts look for it, run it.
 */
export function cloneAndRun(model: ModelData, spec: CloneAndRun): string {
  const folder = spec.repoUrl
    .replace(/\/+$/, "")
    .replace(/\.git$/, "")
    .split("/")
    .pop();
  const lines = [
    ...(spec.note ? [`# ${spec.note}`] : []),
    `git clone ${spec.repoUrl}`,
    `cd ${sh(folder ?? "repo")}`,
    ...(spec.install ?? ["pip install -r requirements.txt"]),
    "",
    "# Download the checkpoint",
    hfDownload(model.id, spec.localDir, spec.include),
    "",
    spec.run,
  ];
  return lines.join("\n");
}

/** A public sample photo (two parrots on a branch) from the hub's documentation images. */
export const SAMPLE_IMAGE_URL =
  "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/hub/parrots.png";

/** A Python literal on one line. */
function pyInline(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "None";
  if (typeof value === "string") return py(value);
  if (Array.isArray(value)) return `[${value.map(pyInline).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${py(k)}: ${pyInline(v)}`).join(", ")}}`;
}

/**
 * A Python literal for any JSON-like value (True/False/None instead of true/false/null). Values
 * that fit on a line of about 100 characters stay on one line; larger ones are split per item.
 */
export function pyLiteral(value: unknown, indent = 4, level = 0): string {
  const inline = pyInline(value);
  // Scalars have one form only; containers that fit stay on one line.
  if (typeof value !== "object" || value === null || inline.length + indent * (level + 1) <= 100)
    return inline;
  const pad = " ".repeat(indent * (level + 1));
  const closePad = " ".repeat(indent * level);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const items = value.map((item) => pad + pyLiteral(item, indent, level + 1));
    return `[\n${items.join(",\n")},\n${closePad}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return "{}";
  const items = entries.map(([k, v]) => `${pad}${py(k)}: ${pyLiteral(v, indent, level + 1)}`);
  return `{\n${items.join(",\n")},\n${closePad}}`;
}

/** A JavaScript literal for any JSON-like value. */
export function jsLiteral(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent) ?? "null";
}

/** A list of Python string literals on one line: ["a", "b"]. */
export function pyStrings(values: readonly string[]): string {
  return `[${values.map((v) => py(v)).join(", ")}]`;
}

/**
 * The task's example input as a literal usable in Python and JavaScript, or undefined when the
 * task has none. Chat models give their messages as a value instead.
 */
export type ExampleInput =
  { kind: "literal"; code: string } | { kind: "messages"; messages: unknown[] } | { kind: "none" };

export function exampleInput(model: ModelData): ExampleInput {
  let raw: unknown;
  try {
    raw = getModelInputSnippet(model);
  } catch {
    return { kind: "none" };
  }
  if (Array.isArray(raw)) return { kind: "messages", messages: raw };
  if (typeof raw !== "string") return { kind: "none" };
  const text = raw.trim();
  // Example inputs come back as quoted strings or JSON; anything else is the "no example" message.
  // A fill-mask model without a known mask token would interpolate "undefined": treat as no example.
  if (/^["'{[]/.test(text) && !text.includes("undefined")) return { kind: "literal", code: text };
  return { kind: "none" };
}

/** The task's example input as a plain string (no quotes), when it is a string. */
export function exampleText(model: ModelData): string | undefined {
  const input = exampleInput(model);
  if (input.kind !== "literal") return undefined;
  try {
    const value: unknown = JSON.parse(input.code);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The first widget example's text, when the model card defines one. */
export function widgetText(model: ModelData): string | undefined {
  const first = model.widgetData?.[0] as (WidgetExample & { text?: unknown }) | undefined;
  return typeof first?.text === "string" && first.text.trim() !== "" ? first.text : undefined;
}

/** Python lines that download one file of the repo whose name ends with `suffix` (first match). */
export function pyFindRepoFile(
  modelId: string,
  suffixes: readonly string[],
  variable = "checkpoint",
): string {
  const endings = suffixes.length === 1 ? py(suffixes[0]) : `(${suffixes.map((s) => py(s)).join(", ")})`;
  return `from huggingface_hub import hf_hub_download, list_repo_files

# the repository's first ${suffixes.join(" / ")} file
filename = next(f for f in list_repo_files(${py(modelId)}) if f.endswith(${endings}))
${variable} = hf_hub_download(${py(modelId)}, filename)`;
}

/** Shell lines that install the hub CLI, then download the repo (or the files matching `include`). */
export function shDownload(modelId: string, localDir: string, include?: string): string {
  return `pip install -U huggingface_hub\n${hfDownload(modelId, localDir, include ? [include] : undefined)}`;
}

/** A few rows of the fish-measurement table (scikit-learn Fish-Weight data). */
export const FISH_COLUMNS = ["Species", "Length1", "Length2", "Length3", "Height", "Width"] as const;
export const FISH_ROWS: ReadonlyArray<readonly [string, number, number, number, number, number, number]> = [
  // Species, Length1, Length2, Length3, Height, Width, Weight
  ["Bream", 23.2, 25.4, 30.0, 11.52, 4.02, 242],
  ["Bream", 24.0, 26.3, 31.2, 12.48, 4.3056, 290],
  ["Roach", 20.5, 22.5, 25.3, 7.0334, 3.8203, 160],
  ["Perch", 22.0, 23.5, 25.0, 6.275, 3.725, 150],
  ["Pike", 30.0, 32.3, 34.8, 5.568, 3.3756, 200],
  ["Smelt", 11.3, 11.8, 13.1, 2.2139, 1.2838, 9.8],
];

/** Python lines building `X` (features) and `y` (weight, or species for classification) from the fish table. */
export function pyFishTable(target: "regression" | "classification"): string {
  const columns = target === "regression" ? [...FISH_COLUMNS] : FISH_COLUMNS.filter((c) => c !== "Species");
  const rows = FISH_ROWS.map((row) => {
    const [species, l1, l2, l3, height, width] = row;
    const values =
      target === "regression" ? [py(species), l1, l2, l3, height, width] : [l1, l2, l3, height, width];
    return `        [${values.join(", ")}],`;
  }).join("\n");
  const targetValues =
    target === "regression"
      ? FISH_ROWS.map((row) => row[6]).join(", ")
      : FISH_ROWS.map((row) => py(row[0])).join(", ");
  return `import pandas as pd

# fish measurements (scikit-learn Fish-Weight data)
X = pd.DataFrame(
    [
${rows}
    ],
    columns=${pyStrings(columns)},
)
y = [${targetValues}]  # ${target === "regression" ? "Weight (g)" : "Species"}`;
}

/** The widget's table example (`structuredData`) when the model card defines one. */
export function widgetTable(model: ModelData): Record<string, unknown[]> | undefined {
  const first = model.widgetData?.[0] as (WidgetExample & { structuredData?: unknown }) | undefined;
  const table = first?.structuredData;
  if (!table || typeof table !== "object" || Array.isArray(table)) return undefined;
  const entries = Object.entries(table as Record<string, unknown>).filter(([, v]) => Array.isArray(v));
  return entries.length > 0 ? (Object.fromEntries(entries) as Record<string, unknown[]>) : undefined;
}

/** The last path segment of a repo id, lower-cased, for matching known checkpoint names. */
export function repoName(model: ModelData): string {
  const slash = model.id.lastIndexOf("/");
  return (slash === -1 ? model.id : model.id.slice(slash + 1)).toLowerCase();
}

/**
 * Moves every top-level import of a Python block to its top (keeping their order, without
 * duplicates), so that blocks assembled from pieces still read imports-first.
 */
export function hoistPythonImports(code: string): string {
  const imports: string[] = [];
  const body: string[] = [];
  for (const line of code.split("\n")) {
    if (/^(import|from) \S/.test(line)) {
      if (!imports.includes(line)) imports.push(line);
    } else {
      body.push(line);
    }
  }
  while (body.length > 0 && body[0].trim() === "") body.shift();
  return `${imports.join("\n")}\n\n${body.join("\n")}`.replace(/\n{3,}/g, "\n\n");
}

export const DIFFUSERS_INSTALL = "pip install -U diffusers transformers accelerate";

export const researchRepo =
  (repoUrl: string, localDir: string, run: string, note: string, install?: string[]): LibrarySnippet =>
  (model) => [cloneAndRun(model, { repoUrl, localDir, run, note, install })];

export const GENERATION_PROMPT = "Once upon a time in";

/** The COCO validation photo (two cats on a couch) that many vision READMEs use. */
export const COCO_IMAGE_URL = "http://images.cocodataset.org/val2017/000000039769.jpg";

/** The Python line picking the GPU when there is one. */
export const TORCH_DEVICE = 'device = "cuda" if torch.cuda.is_available() else "cpu"';

/** The sample sentence of token-classification snippets. */
export const NER_SENTENCE = "My name is Sarah Jessica Parker but you can call me Jessica";

/** Hub-hosted projects whose code ships in the model repository itself. */
export const hubProject =
  (commands: string, note: string): LibrarySnippet =>
  (model: ModelData) => [
    `# ${note}
git clone ${sh(`https://huggingface.co/${model.id}`)}
cd ${sh(nameWithoutNamespace(model.id))}
${commands}`,
  ];

export const CHAT_QUESTION = "Who are you?";
export const VLM_IMAGE_URL =
  "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/p-blog/candy.JPG";
export const VLM_QUESTION = "What animal is on the candy?";
export const ZERO_SHOT_IMAGE_LABELS = ["animals", "humans", "landscape"];
export const ZERO_SHOT_TEXT_LABELS = ["refund", "legal", "faq"];

/** Tasks whose transformers pipeline takes an image as its only positional input. */
export const IMAGE_INPUT_TASKS = new Set([
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
export const KEYWORD_INPUT_TASKS = new Set([
  "question-answering",
  "document-question-answering",
  "table-question-answering",
]);

export function isVisionChat(model: ModelData): boolean {
  return model.pipeline_tag === "image-text-to-text" || hasTag(model, "image-text-to-text");
}

/** The chat messages used by transformers snippets, as Python code. */
export function pyChatMessages(model: ModelData): string {
  const content = isVisionChat(model)
    ? [
        { type: "image", url: VLM_IMAGE_URL },
        { type: "text", text: VLM_QUESTION },
      ]
    : CHAT_QUESTION;
  return `messages = ${pyLiteral([{ role: "user", content }])}`;
}

/** The lines calling `pipe` with an example input suited to the task. */
export function pipelineCall(model: ModelData): string[] {
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
    return [`pipe(image=${py(SAMPLE_IMAGE_URL)}, question="How many birds are there?")`];
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
