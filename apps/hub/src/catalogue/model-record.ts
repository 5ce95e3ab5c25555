// The model document the hub stores and serves, in the real hub API's shape, and the validation of
// records coming from a JSON-lines file (the embedded catalogue, or what a user exported from the hub).
import crypto, { createHash } from "node:crypto";

import type { ProviderMappingEntry } from "../contract/api.js";

export type { ProviderMappingEntry } from "../contract/api.js";

export interface HubModel {
  _id: string;
  id: string;
  modelId: string;
  author: string;
  sha: string;
  private: boolean;
  disabled: boolean;
  gated: false | "auto" | "manual";
  pipeline_tag?: string;
  library_name?: string;
  tags: string[];
  downloads: number;
  likes: number;
  createdAt: string;
  lastModified: string;
  config?: Record<string, unknown>;
  cardData?: Record<string, unknown>;
  widgetData?: unknown[];
  transformersInfo?: Record<string, unknown>;
  /** files of the repository; `size` in bytes when the export carries it */
  siblings?: { rfilename: string; size?: number }[];
  inferenceProviderMapping?: Record<string, ProviderMappingEntry>;
  mask_token?: string;
  safetensors?: Record<string, unknown>;
  gguf?: Record<string, unknown>;
  spaces?: string[];
  /** Our own one-line summary of the model (embedded catalogue only; not a real hub field). */
  description?: string;
  /**
   * The repository's README.md (model card, YAML front matter included) for teams that import their
   * own cards; served at /{id}/resolve/{revision}/README.md, never in the API's model documents.
   */
  readme?: string;
}

export type ParseResult =
  | {
      ok: true;
      model: HubModel;
      /** model.createdAt and model.lastModified in ms since the epoch (Date.parse of each), parsed once here */
      createdTime: number;
      modifiedTime: number;
    }
  | { ok: false; reason: string };

/** `owner/name`, or a single-segment legacy id such as `gpt2`. */
const MODEL_ID_RE = /^[A-Za-z0-9](?:[\w.-]{0,95})(?:\/[A-Za-z0-9_.][\w.-]{0,95})?$/;
const TAG_RE = /^[a-z0-9][a-z0-9_.:/+-]*$/i;
const SLUG_RE = /^[a-z0-9][a-z0-9_.-]*$/i;
const MAX_TAGS = 500;
const MAX_OBJECT_JSON = 256 * 1024;
const MAX_README_CHARS = 512 * 1024;

export function isValidModelId(id: string): boolean {
  return MODEL_ID_RE.test(id) && !id.includes("..") && !id.endsWith(".");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether a list of strings holds one twice: pairwise for short lists (a model's few tags), cheaper than a Set. */
function hasRepeats(list: string[]): boolean {
  if (list.length > 32) return new Set(list).size !== list.length;
  for (let i = 1; i < list.length; i++) for (let j = 0; j < i; j++) if (list[i] === list[j]) return true;
  return false;
}

function fail(reason: string): ParseResult {
  return { ok: false, reason };
}

/** Node's one-shot digest (20.12+; not in this @types/node): a third of createHash's cost per call. */
const oneShotHash = (
  crypto as unknown as { hash?: (algorithm: string, data: string, encoding: "hex") => string }
).hash;

function hexDigest(text: string, length: number): string {
  const hex = oneShotHash ? oneShotHash("sha1", text, "hex") : createHash("sha1").update(text).digest("hex");
  return hex.slice(0, length);
}

/** An ISO 8601 date string's time in ms since the epoch, or NaN when it is not one. */
const CANONICAL_DATE_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function dateTime(value: unknown): number {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(value)) return Number.NaN;
  return Date.parse(value);
}

/** The normalised ISO string of a date string whose time (dateTime) is `time`. */
function normalisedDate(value: string, time: number): string {
  // Exports carry dates already in toISOString()'s form: those that Date.parse takes without rolling
  // over (day ≤ 28, hour ≤ 23) come back unchanged, skipping a Date and its formatting.
  if (CANONICAL_DATE_RE.test(value) && value.slice(8, 10) <= "28" && value.slice(11, 13) <= "23")
    return value;
  return new Date(time).toISOString();
}

function parseProviderMapping(value: unknown): Record<string, ProviderMappingEntry> | string {
  // The hub has served two shapes: an object keyed by provider (what @huggingface/inference 3.7.1
  // reads) and, later, an array of entries naming their provider. Both normalise to the object.
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [
        isPlainObject(item) && typeof item.provider === "string" ? item.provider : `#${index}`,
        item,
      ])
    : isPlainObject(value)
      ? Object.entries(value)
      : [];
  if (!Array.isArray(value) && !isPlainObject(value)) {
    return `"inferenceProviderMapping" must be an object keyed by provider`;
  }
  const mapping: Record<string, ProviderMappingEntry> = {};
  for (const [provider, raw] of entries) {
    if (!SLUG_RE.test(provider))
      return `"inferenceProviderMapping" has an invalid provider name "${provider}"`;
    if (!isPlainObject(raw)) return `"inferenceProviderMapping.${provider}" must be an object`;
    if (raw.status !== "live" && raw.status !== "staging") {
      return `"inferenceProviderMapping.${provider}.status" must be "live" or "staging"`;
    }
    if (typeof raw.providerId !== "string" || raw.providerId === "") {
      return `"inferenceProviderMapping.${provider}.providerId" must be a non-empty string`;
    }
    if (typeof raw.task !== "string" || !SLUG_RE.test(raw.task)) {
      return `"inferenceProviderMapping.${provider}.task" must be a task id such as "text-to-image"`;
    }
    // any task id passes through (a real hub's export may name tasks newer than this catalogue)
    const task = raw.task as ProviderMappingEntry["task"];
    const entry: ProviderMappingEntry = { status: raw.status, providerId: raw.providerId, task };
    if (typeof raw.adapter === "string") entry.adapter = raw.adapter;
    if (typeof raw.adapterWeightsPath === "string") entry.adapterWeightsPath = raw.adapterWeightsPath;
    mapping[provider] = entry;
  }
  return mapping;
}

const OBJECT_FIELDS = ["config", "cardData", "transformersInfo", "safetensors", "gguf"] as const;

/**
 * Validates one record in the hub API's model shape and returns the normalised document. Unknown
 * top-level fields are dropped; missing counters default to 0 and missing dates to `now`.
 */
export function parseModelRecord(
  value: unknown,
  now: string = new Date().toISOString(),
  /** The JSON text `value` was parsed from, when there is one: hashed for a missing sha, and it bounds every field's size. */
  source?: string,
): ParseResult {
  if (!isPlainObject(value)) return fail("a model record must be a JSON object");
  const rawId = value.id ?? value.modelId;
  if (typeof rawId !== "string" || rawId === "") return fail(`missing "id" (a string such as "owner/name")`);
  if (!isValidModelId(rawId)) {
    return fail(
      `invalid "id" "${rawId.slice(0, 120)}": expected "owner/name" of letters, digits, "-", "_", "."`,
    );
  }
  const id = rawId;
  const slash = id.indexOf("/");
  const author = slash === -1 ? "" : id.slice(0, slash);
  if (value.author !== undefined && typeof value.author !== "string")
    return fail(`"author" must be a string`);

  for (const field of ["pipeline_tag", "library_name"] as const) {
    const fieldValue = value[field];
    if (
      fieldValue !== undefined &&
      fieldValue !== null &&
      (typeof fieldValue !== "string" || !SLUG_RE.test(fieldValue))
    ) {
      return fail(`"${field}" must be an id such as "text-generation" or "transformers"`);
    }
  }

  let tags: string[] = [];
  if (value.tags !== undefined) {
    if (!Array.isArray(value.tags) || !value.tags.every((tag) => typeof tag === "string")) {
      return fail(`"tags" must be an array of strings`);
    }
    if (value.tags.length > MAX_TAGS) return fail(`"tags" has more than ${MAX_TAGS} entries`);
    const badTag = value.tags.find((tag) => !TAG_RE.test(tag) || tag.length > 200);
    if (badTag !== undefined) return fail(`invalid tag "${badTag.slice(0, 60)}" in "tags"`);
    tags = hasRepeats(value.tags) ? [...new Set(value.tags)] : value.tags.slice();
  }

  const counters: Record<"downloads" | "likes", number> = { downloads: 0, likes: 0 };
  for (const field of ["downloads", "likes"] as const) {
    const count = value[field];
    if (count === undefined) continue;
    if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 0) {
      return fail(`"${field}" must be a non-negative integer`);
    }
    counters[field] = count;
  }

  // Each date is parsed once; its time goes to the caller too (the stores keep dates as numbers).
  const dates: Partial<Record<"createdAt" | "lastModified", { text: string; time: number }>> = {};
  for (const field of ["createdAt", "lastModified"] as const) {
    if (value[field] === undefined) continue;
    const time = dateTime(value[field]);
    if (Number.isNaN(time))
      return fail(`"${field}" must be an ISO 8601 date such as "2024-05-01T12:00:00.000Z"`);
    dates[field] = { text: normalisedDate(value[field] as string, time), time };
  }
  const modified = dates.lastModified ?? { text: now, time: Date.parse(now) };
  const created = dates.createdAt ?? modified;

  const model: HubModel = {
    _id: typeof value._id === "string" && /^[0-9a-f]{24}$/.test(value._id) ? value._id : hexDigest(id, 24),
    id,
    modelId: id,
    author: typeof value.author === "string" ? value.author : author,
    sha: typeof value.sha === "string" && /^[0-9a-f]{40}$/.test(value.sha) ? value.sha : "",
    private: false,
    disabled: value.disabled === true,
    gated: value.gated === "auto" || value.gated === "manual" ? value.gated : false,
    tags,
    downloads: counters.downloads,
    likes: counters.likes,
    createdAt: created.text,
    lastModified: modified.text,
  };
  if (typeof value.pipeline_tag === "string") model.pipeline_tag = value.pipeline_tag;
  if (typeof value.library_name === "string") model.library_name = value.library_name;

  for (const field of OBJECT_FIELDS) {
    const fieldValue = value[field];
    if (fieldValue === undefined || fieldValue === null) continue;
    if (!isPlainObject(fieldValue)) return fail(`"${field}" must be an object`);
    // Re-serialised, a field is at most ~5× its source text (a number such as 1e20 grows from 4 to 21
    // characters): fields of lines under an eighth of the limit need no measuring.
    const fitsSource = source !== undefined && source.length <= MAX_OBJECT_JSON / 8;
    if (!fitsSource && JSON.stringify(fieldValue).length > MAX_OBJECT_JSON)
      return fail(`"${field}" is larger than 256 KiB`);
    model[field] = fieldValue;
  }
  if (model.transformersInfo && typeof model.transformersInfo.auto_model !== "string") {
    return fail(`"transformersInfo.auto_model" must be a string`);
  }
  if (value.widgetData !== undefined && value.widgetData !== null) {
    if (!Array.isArray(value.widgetData) || !value.widgetData.every(isPlainObject)) {
      return fail(`"widgetData" must be an array of objects`);
    }
    model.widgetData = value.widgetData;
  }
  if (value.siblings !== undefined) {
    if (
      !Array.isArray(value.siblings) ||
      !value.siblings.every((sibling) => isPlainObject(sibling) && typeof sibling.rfilename === "string")
    ) {
      return fail(`"siblings" must be an array of {rfilename} objects`);
    }
    const badSize = value.siblings.find((sibling) => {
      const size = (sibling as { size?: unknown }).size;
      return size !== undefined && (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0);
    });
    if (badSize) return fail(`"siblings[].size" must be a non-negative integer (bytes)`);
    model.siblings = value.siblings.map((sibling) => {
      const { rfilename, size } = sibling as { rfilename: string; size?: number };
      return size === undefined ? { rfilename } : { rfilename, size };
    });
  }
  if (value.spaces !== undefined) {
    if (!Array.isArray(value.spaces) || !value.spaces.every((space) => typeof space === "string")) {
      return fail(`"spaces" must be an array of strings`);
    }
    model.spaces = value.spaces;
  }
  if (value.mask_token !== undefined) {
    if (typeof value.mask_token !== "string") return fail(`"mask_token" must be a string`);
    model.mask_token = value.mask_token;
  }
  if (value.description !== undefined) {
    if (typeof value.description !== "string") return fail(`"description" must be a string`);
    model.description = value.description;
  }
  if (value.readme !== undefined && value.readme !== null) {
    if (typeof value.readme !== "string") return fail(`"readme" must be a string (the README.md text)`);
    if (value.readme.length > MAX_README_CHARS) return fail(`"readme" is longer than 512 KiB`);
    model.readme = value.readme;
  }
  if (value.inferenceProviderMapping !== undefined && value.inferenceProviderMapping !== null) {
    const mapping = parseProviderMapping(value.inferenceProviderMapping);
    if (typeof mapping === "string") return fail(mapping);
    model.inferenceProviderMapping = mapping;
  }
  // A record without a sha gets one from its content (the source line, or the parsed record).
  if (model.sha === "") model.sha = hexDigest(source ?? JSON.stringify(model), 40);
  return { ok: true, model, createdTime: created.time, modifiedTime: modified.time };
}
