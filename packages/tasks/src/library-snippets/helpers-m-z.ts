// Helpers shared by the m–z snippet generators: Python literals, example inputs, and the few
// recurring pieces of code (finding a checkpoint file, downloading a repo from the shell).
import type { ModelData } from "../model-data.js";
import { getModelInputSnippet } from "../snippets/inputs.js";
import type { WidgetExample } from "../widget-example.js";
import { py, sh } from "./common.js";

/** The note every generator uses when the task has no example input. */
export const NO_INPUT_EXAMPLE = "No input example has been defined for this model task";

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
  if (inline.length + indent * (level + 1) <= 100) return inline;
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "None";
  if (typeof value === "string") return py(value);
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

/** Shell lines that download the whole repo into a local folder. */
export function shDownload(modelId: string, localDir: string, include?: string): string {
  const includeFlag = include ? ` --include ${sh(include)}` : "";
  return `pip install -U "huggingface_hub[cli]"
huggingface-cli download ${sh(modelId)}${includeFlag} --local-dir ${sh(localDir)}`;
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

/** Joins code lines, dropping nothing: a small readability helper. */
export function lines(...parts: string[]): string {
  return parts.join("\n");
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
