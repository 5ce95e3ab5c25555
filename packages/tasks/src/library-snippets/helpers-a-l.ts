// Building blocks shared by the a–l snippet generators: reading optional model fields with
// fallbacks, and the few block shapes that recur (clone + download, download only).
import type { ModelData } from "../model-data.js";
import { getModelInputSnippet } from "../snippets/inputs.js";
import { py, sh } from "./common.js";

/** The first base model named in the model card, if any (an array keeps only its first entry). */
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
  const includes = include?.length ? ` --include ${include.map(sh).join(" ")}` : "";
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
  /** The commands that use the checkpoint. */
  run: string[];
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
    ...spec.run,
  ];
  return lines.join("\n");
}
