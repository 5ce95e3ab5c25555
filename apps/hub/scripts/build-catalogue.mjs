// Builds apps/hub/data/models.jsonl (the embedded catalogue) from the tables in scripts/catalogue/.
// Deterministic: the same tables always give the same bytes. Run: node apps/hub/scripts/build-catalogue.mjs
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const tables = path.join(here, "catalogue");
const output = path.join(here, "..", "data", "models.jsonl");

const MODEL_TABLES = ["models-task-pages.tsv", "models-libraries.tsv", "models-popular.tsv"];
const SLUG = /^[a-z0-9][a-z0-9_.-]*$/i;
const LATEST = Date.UTC(2025, 11, 1);

/** Rows of a TSV table, skipping comments and blank lines, each checked for its column count. */
function readTable(name, columns) {
  const rows = [];
  readFileSync(path.join(tables, name), "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (line.trim() === "" || line.startsWith("#")) return;
      const cells = line.split("\t");
      if (cells.length !== columns.length) {
        throw new Error(
          `${name}:${index + 1}: expected ${columns.length} columns (${columns.join(", ")}), got ${cells.length}`,
        );
      }
      rows.push({
        ...Object.fromEntries(columns.map((column, i) => [column, cells[i].trim()])),
        where: `${name}:${index + 1}`,
      });
    });
  return rows;
}

const opt = (value) => (value === "-" || value === "" ? undefined : value);

/** A stable number in [0, 1) derived from a string. */
function unit(text) {
  return createHash("sha256").update(text).digest().readUInt32BE(0) / 2 ** 32;
}

const families = new Map(
  readTable("families.tsv", ["family", "modelType", "architectures", "autoModel", "chat"]).map((row) => [
    row.family,
    row,
  ]),
);
const chatTemplates = JSON.parse(readFileSync(path.join(tables, "chat-templates.json"), "utf8"));
const widgets = JSON.parse(readFileSync(path.join(tables, "widgets.json"), "utf8"));
const ggufRepos = JSON.parse(readFileSync(path.join(tables, "gguf-repos.json"), "utf8"));
const usedGgufRepos = new Set(["_about"]);
// Files with sizes and safetensors parameter counts of well-known repositories (repo-files.json).
const repoFiles = JSON.parse(readFileSync(path.join(tables, "repo-files.json"), "utf8"));
const usedRepoFiles = new Set(["_comment"]);

const mappings = new Map();
for (const row of readTable("providers.tsv", ["model", "provider", "task", "providerId", "status"])) {
  if (row.status !== "live" && row.status !== "staging")
    throw new Error(`${row.where}: status must be live or staging`);
  const entry = mappings.get(row.model) ?? {};
  if (entry[row.provider]) throw new Error(`${row.where}: ${row.model} is mapped twice for ${row.provider}`);
  entry[row.provider] = { status: row.status, providerId: row.providerId, task: row.task };
  mappings.set(row.model, entry);
}

function parseExtra(text, where) {
  const extra = {};
  for (const pair of (opt(text) ?? "").split(";").filter(Boolean)) {
    const eq = pair.indexOf("=");
    if (eq < 1) throw new Error(`${where}: bad extra "${pair}" (expected key=value)`);
    extra[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return extra;
}

function processorFor(pipeline) {
  if (!pipeline) return undefined;
  if (/image|video|depth|object|mask|keypoint|visual|document/.test(pipeline)) {
    return pipeline.includes("text") || pipeline.includes("question")
      ? "AutoProcessor"
      : "AutoImageProcessor";
  }
  if (/audio|speech/.test(pipeline)) return "AutoProcessor";
  return "AutoTokenizer";
}

function buildModel(row) {
  const { id, where } = row;
  const pipeline = opt(row.pipeline);
  const library = opt(row.library);
  for (const [name, value] of [
    ["pipeline", pipeline],
    ["library", library],
  ]) {
    if (value !== undefined && !SLUG.test(value)) throw new Error(`${where}: invalid ${name} "${value}"`);
  }
  const extra = parseExtra(row.extra, where);
  const license = opt(row.license);
  const extraTags = (opt(row.tags) ?? "").split(",").filter(Boolean);
  const config = {};
  let family;
  const familyKey = opt(row.family);
  if (familyKey?.startsWith("dif:")) {
    config.diffusers = { _class_name: familyKey.slice(4) };
  } else if (familyKey) {
    family = families.get(familyKey);
    if (!family) throw new Error(`${where}: unknown family "${familyKey}"`);
    config.architectures = [family.architectures];
    config.model_type = family.modelType;
    const style = opt(family.chat);
    if (style) {
      const template = chatTemplates[style];
      if (!template) throw new Error(`${where}: unknown chat template style "${style}"`);
      config.tokenizer_config = { ...template };
      if (config.tokenizer_config.bos_token === null) delete config.tokenizer_config.bos_token;
    }
  }
  if (extra.peft) config.peft = { base_model_name_or_path: extra.base, task_type: extra.peft };
  if (extra.adapter_model) config.adapter_transformers = { model_name: extra.adapter_model };
  if (extra.keras_tasks) config.keras_hub = { tasks: extra.keras_tasks.split(",") };

  const isAdapter = extraTags.includes("lora") || Boolean(extra.peft);
  // A quantization (GGUF files, or a quantized export such as MLX 4-bit or MLC q4f16) derives from its
  // base by "quantized", as huggingface.co labels it, not "finetune".
  const isQuantized = extraTags.includes("gguf") || /GGUF|AWQ|GPTQ|EXL2|\d-?bit|q4f16|MLC/i.test(id);
  const relation = isAdapter ? "adapter" : isQuantized ? "quantized" : "finetune";
  const tags = [
    ...(library ? [library] : []),
    ...(family ? ["safetensors", family.modelType] : []),
    ...(pipeline ? [pipeline] : []),
    ...extraTags,
    ...(config.tokenizer_config && !extraTags.includes("conversational") ? ["conversational"] : []),
    ...(extra.base ? [`base_model:${relation}:${extra.base}`] : []),
    ...(license ? [`license:${license}`] : []),
  ];

  const cardData = {};
  if (license) cardData.license = license;
  if (extra.base) cardData.base_model = extra.base;
  if (extra.base && relation === "quantized") cardData.base_model_relation = relation;
  if (extra.prompt) cardData.instance_prompt = extra.prompt;
  if (library) cardData.library_name = library;
  if (pipeline) cardData.pipeline_tag = pipeline;

  const pop = Number(row.pop);
  if (!Number.isInteger(pop) || pop < 1 || pop > 9) throw new Error(`${where}: pop must be 1-9`);
  // Estimates from the popularity tier (not real counts), on the hub's scale: `downloads` is the last
  // 30 days, so tier 9 ≈ 2–10 million a month and 1–10 thousand likes; tier 1 ≈ a few a month.
  const downloads = Math.round(10 ** (pop - 3) * (2 + 8 * unit(`${id}:downloads`)));
  const likes = Math.round(10 ** Math.max(0, pop - 6) * (1 + 9 * unit(`${id}:likes`)));
  const created = Date.parse(`${row.created}T00:00:00Z`);
  if (Number.isNaN(created)) throw new Error(`${where}: bad created date "${row.created}"`);
  const createdAt = created + Math.floor(unit(`${id}:hour`) * 86_400_000);
  const lastModified = createdAt + Math.floor(unit(`${id}:modified`) * Math.max(0, LATEST - createdAt) * 0.6);

  const model = {
    id,
    author: id.includes("/") ? id.split("/")[0] : undefined,
    ...(pipeline ? { pipeline_tag: pipeline } : {}),
    ...(library ? { library_name: library } : {}),
    tags,
    downloads,
    likes,
    createdAt: new Date(createdAt).toISOString(),
    lastModified: new Date(lastModified).toISOString(),
    ...(Object.keys(config).length ? { config } : {}),
    cardData,
  };
  if (pipeline && widgets[pipeline]) model.widgetData = widgets[pipeline];
  if (library === "transformers" && family) {
    model.transformersInfo = {
      auto_model: family.autoModel,
      pipeline_tag: pipeline,
      processor: processorFor(pipeline),
    };
  }
  if (extra.mask) model.mask_token = extra.mask;
  const gguf = ggufRepos[id];
  if (gguf) {
    usedGgufRepos.add(id);
    // Local apps (llama.cpp, Ollama, LM Studio…) need the gguf summary and the file list.
    model.gguf = gguf.gguf;
    model.siblings = ["README.md", ...gguf.files].map((rfilename) => ({ rfilename }));
  }
  const files = repoFiles[id];
  if (files) {
    usedRepoFiles.add(id);
    model.siblings = files.files.map(([rfilename, size]) =>
      size === null ? { rfilename } : { rfilename, size },
    );
    model.safetensors = {
      parameters: files.parameters,
      total: Object.values(files.parameters).reduce((sum, n) => sum + n, 0),
    };
    if (!model.tags.includes("safetensors")) model.tags.splice(library ? 1 : 0, 0, "safetensors");
  }
  const mapping = mappings.get(id);
  if (mapping) {
    model.inferenceProviderMapping = mapping;
    mappings.delete(id);
  }
  model.description = row.description;
  return model;
}

const CONVERSATIONAL_PROVIDERS = [
  "cerebras",
  "cohere",
  "fireworks-ai",
  "hf-inference",
  "hyperbolic",
  "nebius",
  "novita",
  "sambanova",
  "together",
];

function buildFixture(row) {
  return {
    id: row.id,
    author: row.id.split("/")[0],
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["hubkit-fixture", "text-generation", "conversational"],
    downloads: 0,
    likes: 0,
    createdAt: "2025-01-01T00:00:00.000Z",
    lastModified: "2025-01-01T00:00:00.000Z",
    config: {
      model_type: "llama",
      architectures: ["LlamaForCausalLM"],
      tokenizer_config: chatTemplates.chatml,
    },
    cardData: { tags: ["hubkit-fixture"] },
    inferenceProviderMapping: Object.fromEntries(
      CONVERSATIONAL_PROVIDERS.map((provider) => [
        provider,
        { status: "live", providerId: row.id, task: row.task },
      ]),
    ),
    description: `Test fixture, not a real model. ${row.description}`,
  };
}

const seen = new Map();
const models = [];
for (const table of MODEL_TABLES) {
  for (const row of readTable(table, [
    "id",
    "pipeline",
    "library",
    "family",
    "created",
    "pop",
    "license",
    "tags",
    "extra",
    "description",
  ])) {
    if (seen.has(row.id)) throw new Error(`${row.where}: ${row.id} is already listed at ${seen.get(row.id)}`);
    seen.set(row.id, row.where);
    models.push(buildModel(row));
  }
}
for (const row of readTable("fixtures.tsv", ["id", "task", "description"])) models.push(buildFixture(row));
if (mappings.size > 0) {
  throw new Error(
    `providers.tsv maps models that are not in the catalogue: ${[...mappings.keys()].join(", ")}`,
  );
}

const unusedFiles = Object.keys(repoFiles).filter((id) => !usedRepoFiles.has(id));
if (unusedFiles.length)
  throw new Error(`repo-files.json names models missing from the tables: ${unusedFiles.join(", ")}`);
const unusedGguf = Object.keys(ggufRepos).filter((id) => !usedGgufRepos.has(id));
if (unusedGguf.length)
  throw new Error(`gguf-repos.json names models missing from the tables: ${unusedGguf.join(", ")}`);
writeFileSync(output, models.map((model) => JSON.stringify(model)).join("\n") + "\n");
const mapped = models.filter((model) => model.inferenceProviderMapping).length;
console.log(
  `wrote ${models.length} models (${mapped} with provider mappings) to ${path.relative(process.cwd(), output)}`,
);
