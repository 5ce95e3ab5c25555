// The model card a repository's README.md holds: the one a team imported (`readme`), or for models
// without one (the embedded catalogue) a card written here from the model's facts: YAML front matter
// from cardData, then prose about its task, size, files, lineage and how to run it.
import {
  formatParameters,
  parameterCount,
  parentModels,
  type ModelRelation,
} from "../contract/model-facts.js";
import type { HubModel } from "./model-record.js";

/** A YAML scalar: plain when unambiguous, else double-quoted JSON (valid YAML). */
function yamlScalar(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === null || value === undefined) return "null";
  const text = String(value);
  return /^[A-Za-z0-9_./+-][\w ./+-]*$/.test(text) && !/^(true|false|null|yes|no|~)$/i.test(text)
    ? text
    : JSON.stringify(text);
}

/** Front matter for the plain values of cardData (strings, numbers, lists and maps of them). */
export function yamlFrontMatter(data: Record<string, unknown>, indent = ""): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    const name = /^[\w-]+$/.test(key) ? key : JSON.stringify(key);
    if (Array.isArray(value)) {
      if (value.length === 0) {
        lines.push(`${indent}${name}: []`);
        continue;
      }
      lines.push(`${indent}${name}:`);
      for (const item of value) {
        if (item !== null && typeof item === "object") {
          lines.push(`${indent}- ${JSON.stringify(item)}`);
        } else lines.push(`${indent}- ${yamlScalar(item)}`);
      }
    } else if (value !== null && typeof value === "object") {
      lines.push(`${indent}${name}:`);
      lines.push(yamlFrontMatter(value as Record<string, unknown>, `${indent}  `));
    } else {
      lines.push(`${indent}${name}: ${yamlScalar(value)}`);
    }
  }
  return lines.join("\n");
}

const RELATIONS: Record<ModelRelation | "", string> = {
  finetune: "a fine-tune of",
  adapter: "an adapter (LoRA) for",
  quantized: "a quantized version of",
  merge: "a merge including",
  "": "derived from",
};

/** A card written from the facts the catalogue holds about a model. */
export function generatedCard(model: HubModel): string {
  const parts: string[] = [];
  const front = yamlFrontMatter(model.cardData ?? {});
  if (front) parts.push(`---\n${front}\n---`);
  const name = model.id.split("/").pop() ?? model.id;
  parts.push(`# ${name}`);
  const intro: string[] = [];
  if (model.description) intro.push(model.description);
  const author = model.author || "its author";
  const task = model.pipeline_tag ? `a **${model.pipeline_tag}** model` : "a model";
  intro.push(
    `${model.id} is ${task} published by ${author}${model.library_name ? ` for the \`${model.library_name}\` library` : ""}.`,
  );
  parts.push(intro.join(" "));

  const facts: [string, string][] = [];
  const params = parameterCount(model);
  if (params !== undefined) facts.push(["Parameters", formatParameters(params)]);
  const context = model.gguf?.context_length;
  if (typeof context === "number")
    facts.push(["Context length", `${context.toLocaleString("en-US")} tokens`]);
  if (typeof model.gguf?.architecture === "string")
    facts.push(["Architecture", `\`${model.gguf.architecture}\``]);
  const modelType = model.config?.model_type;
  if (typeof modelType === "string") facts.push(["Model type", `\`${modelType}\``]);
  const license = model.cardData?.license;
  if (typeof license === "string") facts.push(["License", `\`${license}\``]);
  facts.push(["Downloads (last 30 days)", model.downloads.toLocaleString("en-US")]);
  if (facts.length > 0) {
    parts.push(
      "## Facts\n\n| Fact | Value |\n|---|---|\n" +
        facts.map(([label, value]) => `| ${label} | ${value} |`).join("\n"),
    );
  }

  const lineage = parentModels(model.tags);
  if (lineage.length > 0) {
    parts.push(
      "## Lineage\n\n" +
        lineage.map(({ relation, id }) => `- ${RELATIONS[relation]} [${id}](/${id})`).join("\n"),
    );
  }

  const providers = Object.entries(model.inferenceProviderMapping ?? {}).filter(
    ([, entry]) => entry.status === "live",
  );
  const usage: string[] = [];
  if (providers.length > 0) {
    usage.push(
      `Inference providers serving it: ${providers.map(([provider]) => `\`${provider}\``).join(", ")}. ` +
        "The widget on this page calls it through the hub's router; its snippets do the same from code.",
    );
    if (model.tags.includes("conversational")) {
      usage.push(
        "```python\nfrom huggingface_hub import InferenceClient\n\nclient = InferenceClient()\n" +
          `reply = client.chat_completion(\n    model="${model.id}",\n` +
          '    messages=[{"role": "user", "content": "Hello!"}],\n)\nprint(reply.choices[0].message.content)\n```',
      );
    }
  } else {
    usage.push(
      "No inference provider serves it: run it locally with its library or a local app (see “Use this model”).",
    );
  }
  const ggufFiles = (model.siblings ?? []).filter((file) => file.rfilename.endsWith(".gguf"));
  if (ggufFiles.length > 0) {
    usage.push(
      `The repository holds ${ggufFiles.length} GGUF file${ggufFiles.length === 1 ? "" : "s"} for llama.cpp and the local apps built on it:\n\n` +
        "```bash\n" +
        `llama-server -hf ${model.id}\n` +
        "```",
    );
  }
  parts.push(`## How to use\n\n${usage.join("\n\n")}`);

  const tags = model.tags.filter((tag) => !tag.includes(":"));
  if (tags.length > 0) parts.push(`## Tags\n\n${tags.map((tag) => `\`${tag}\``).join(" ")}`);
  parts.push(
    "_This card was written by hubkit from the catalogue's facts about the model; its publisher's own card is on huggingface.co._",
  );
  return parts.join("\n\n") + "\n";
}

/** The README.md the hub serves for a model: its imported card, else the generated one. */
export function modelCard(model: HubModel): string {
  return model.readme ?? generatedCard(model);
}
