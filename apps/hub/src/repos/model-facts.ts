// What the catalogue knows of a hosted model, read from its files at a commit: the README's front
// matter (task, library, tags, licence, languages, base model), config.json (architectures), and the
// file list. The catalogue indexes this record for search and lists, and the API returns it.
import { createHash } from "node:crypto";
import { parse as parseYaml } from "yaml";
import type { HubModel } from "../catalogue/model-record.js";
import type { BlobStore } from "./blob-store.js";
import type { CommitRecord, RepoRecord, TreeEntry } from "./model.js";
import { ggufFacts, safetensorsParameters, type GgufFacts, type SafetensorsCount } from "./weight-headers.js";

/** Largest README.md or config.json read for facts. */
const MAX_FACT_FILE_BYTES = 1024 * 1024;
const TAG_RE = /^[a-z0-9][a-z0-9_.:/+-]{0,99}$/i;

/** Architecture suffixes of transformers' config.json, and the task they do. */
const ARCHITECTURE_TASKS: [RegExp, string][] = [
  [/ForCausalLM$/, "text-generation"],
  [/ForConditionalGeneration$/, "text2text-generation"],
  [/ForSequenceClassification$/, "text-classification"],
  [/ForTokenClassification$/, "token-classification"],
  [/ForQuestionAnswering$/, "question-answering"],
  [/ForMaskedLM$/, "fill-mask"],
  [/ForImageClassification$/, "image-classification"],
  [/ForObjectDetection$/, "object-detection"],
  [/ForCTC$|ForSpeechSeq2Seq$/, "automatic-speech-recognition"],
];

export async function readSmallFile(
  blobs: BlobStore,
  tree: TreeEntry[],
  path: string,
): Promise<string | undefined> {
  const entry = tree.find((file) => file.path === path);
  if (!entry || entry.size > MAX_FACT_FILE_BYTES) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of blobs.read(entry.sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The YAML front matter of a model card, or {} when it has none or it does not parse to a map. */
export function frontMatter(readme: string | undefined): Record<string, unknown> {
  const match = readme && /^---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/.exec(readme);
  if (!match) return {};
  try {
    const data: unknown = parseYaml(match[1], { maxAliasCount: 100 });
    return typeof data === "object" && data !== null && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function strings(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter((item): item is string => typeof item === "string");
}

function slug(value: unknown): string | undefined {
  return typeof value === "string" && /^[a-z0-9][a-z0-9_.-]{0,99}$/i.test(value) ? value : undefined;
}

export interface HostedFacts {
  record: HubModel;
  cardData: Record<string, unknown>;
}

/** The catalogue record of a hosted model at a commit. */
export async function hostedModelRecord(
  blobs: BlobStore,
  repo: RepoRecord,
  commit: CommitRecord,
  tree: TreeEntry[],
): Promise<HubModel> {
  const readme = await readSmallFile(blobs, tree, "README.md");
  const cardData = frontMatter(readme);
  let config: Record<string, unknown> | undefined;
  try {
    const text = await readSmallFile(blobs, tree, "config.json");
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      config = parsed as Record<string, unknown>;
  } catch {
    config = undefined;
  }
  const architectures = strings(config?.architectures);
  const hasFile = (re: RegExp) => tree.some((entry) => re.test(entry.path));
  const pipelineTag =
    slug(cardData.pipeline_tag) ??
    ARCHITECTURE_TASKS.find(([re]) => architectures.some((name) => re.test(name)))?.[1];
  const libraryName =
    slug(cardData.library_name) ??
    (config && (architectures.length > 0 || typeof config.model_type === "string")
      ? "transformers"
      : undefined) ??
    (hasFile(/\.gguf$/) ? "gguf" : undefined);
  const tags = new Set<string>();
  if (libraryName) tags.add(libraryName);
  for (const tag of strings(cardData.tags)) tags.add(tag);
  if (hasFile(/\.safetensors$/)) tags.add("safetensors");
  if (hasFile(/\.gguf$/)) tags.add("gguf");
  for (const language of strings(cardData.language)) tags.add(language);
  const license = slug(cardData.license);
  if (license) tags.add(`license:${license}`);
  for (const dataset of strings(cardData.datasets)) tags.add(`dataset:${dataset}`);
  for (const base of strings(cardData.base_model)) tags.add(`base_model:${base}`);
  const [author] = repo.id.split("/");
  const record: HubModel = {
    _id: createHash("sha1").update(`repo:${repo.type}:${repo.rid}`).digest("hex").slice(0, 24),
    id: repo.id,
    modelId: repo.id,
    author,
    sha: commit.id,
    private: repo.private,
    disabled: false,
    gated: repo.gated,
    tags: [...tags].filter((tag) => TAG_RE.test(tag)).slice(0, 500),
    downloads: 0,
    likes: 0,
    createdAt: repo.createdAt,
    lastModified: commit.date,
    siblings: tree.map((entry) => ({ rfilename: entry.path, size: entry.size })),
  };
  if (pipelineTag) record.pipeline_tag = pipelineTag;
  if (libraryName) record.library_name = libraryName;
  if (Object.keys(cardData).length > 0) record.cardData = cardData;
  if (config) {
    const kept: Record<string, unknown> = {};
    if (architectures.length > 0) kept.architectures = architectures;
    if (typeof config.model_type === "string") kept.model_type = config.model_type;
    record.config = kept;
  }
  Object.assign(record, await weightFacts(blobs, tree));
  return record;
}

/** Most weight files whose headers are read for one commit (a sharded model has a few dozen). */
const MAX_WEIGHT_FILES = 256;

/**
 * The parameter counts of a commit's weights, as huggingface.co reports them: `safetensors`
 * (`{ parameters: { F16: n, … }, total }`, summed over every `*.safetensors` file) and `gguf` (from
 * the header of the first `.gguf` file: `total`, `architecture`, `context_length`). Only the
 * headers are read from the blob store. A file whose header does not parse is left out.
 */
export async function weightFacts(
  blobs: BlobStore,
  tree: TreeEntry[],
): Promise<{ safetensors?: SafetensorsCount; gguf?: GgufFacts }> {
  const out: { safetensors?: SafetensorsCount; gguf?: GgufFacts } = {};
  const shards = tree.filter((entry) => entry.path.endsWith(".safetensors")).slice(0, MAX_WEIGHT_FILES);
  if (shards.length > 0) {
    const parameters: Record<string, number> = {};
    let total = 0;
    let read = 0;
    for (const shard of shards) {
      try {
        const count = await safetensorsParameters(blobs.filePath(shard.sha256));
        for (const [dtype, n] of Object.entries(count.parameters))
          parameters[dtype] = (parameters[dtype] ?? 0) + n;
        total += count.total;
        read++;
      } catch {
        // not a safetensors file after all: no count from it
      }
    }
    if (read > 0) out.safetensors = { parameters, total };
  }
  const gguf = tree.find((entry) => entry.path.endsWith(".gguf"));
  if (gguf) {
    try {
      out.gguf = await ggufFacts(blobs.filePath(gguf.sha256));
    } catch {
      // not a GGUF file this reader knows
    }
  }
  return out;
}
