// The hub API under /api, in the real hub's response shapes: models (search, filters, sorts, cursor
// pagination with a Link header), one model with expand[], task pages and the library registry.
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  SORT_FIELDS,
  type FacetCounts,
  type ListCursor,
  type ModelQuery,
  type SortField,
} from "../store/sqlite.js";
import {
  APP_TAG,
  INFERENCE_WARM_TAG,
  PARAM_STOPS,
  PARAMS_BELOW_TAG,
  PARAMS_MIN_TAG,
  PROVIDER_TAG,
  trendingScore,
} from "../catalogue/derived.js";
import { badRequest, HttpError } from "../http/errors.js";
import { modelCard } from "../catalogue/model-card.js";
import type { LibraryInfo } from "../catalogue/hub-data.js";
import type { HubConfig, ModelFacets } from "../contract/api.js";
import { MODEL_DETAIL_FIELDS } from "../contract/model-fields.js";
import { isValidModelId, type HubModel } from "../catalogue/model-record.js";
import { PROVIDER_STATS_PATH, type ProviderStatsReply } from "../router/provider-stats.js";
import type { HubStore } from "../store/hub-store.js";
import { librarySample, modelUsage } from "./usage.js";

export const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 100;
/** Counts past this are reported as "at least" (a count reads every match). */
export const COUNT_CAP = 10_000;

/** Fields a list item carries by default (the real hub's list shape). */
const LIST_FIELDS = [
  "likes",
  "downloads",
  "private",
  "tags",
  "pipeline_tag",
  "library_name",
  "createdAt",
  "modelId",
];

/** Fields a model page carries by default (the web app's model page asks for them, and the mapping). */
const DETAIL_FIELDS = MODEL_DETAIL_FIELDS;

/**
 * Accepted `expand[]` values: the real hub's names (the ones hubkit does not store are accepted and
 * left out of the response) plus hubkit's `description`.
 */
export const EXPAND_FIELDS = [
  "author",
  "baseModels",
  "cardData",
  "childrenModelCount",
  "config",
  "createdAt",
  "description",
  "disabled",
  "downloads",
  "downloadsAllTime",
  "gated",
  "gguf",
  "inference",
  "inferenceProviderMapping",
  "lastModified",
  "library_name",
  "likes",
  "mask_token",
  "model-index",
  "modelId",
  "pipeline_tag",
  "private",
  "safetensors",
  "sha",
  "siblings",
  "spaces",
  "tags",
  "transformersInfo",
  "trendingScore",
  "widgetData",
];
const EXPAND_SET = new Set(EXPAND_FIELDS);

type Query = Record<string, string | string[] | undefined>;

/** Values of a parameter given as `name`, `name[]`, repeated, or comma-separated. */
function listParam(query: Query, name: string): string[] {
  const values = [query[name], query[`${name}[]`]]
    .flat()
    .filter((value): value is string => value !== undefined);
  return values
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
}

function singleParam(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw badRequest(`${name} must be given at most once`);
  return value;
}

function parseExpand(query: Query): string[] | undefined {
  const fields = listParam(query, "expand");
  if (fields.length === 0) return undefined;
  const unknown = fields.find((field) => !EXPAND_SET.has(field));
  if (unknown !== undefined) {
    throw badRequest(
      `expand "${unknown.slice(0, 60)}" is not a known field; expected one of ${EXPAND_FIELDS.join(", ")}`,
    );
  }
  return [...new Set(fields)];
}

function fieldValue(model: HubModel, field: string): unknown {
  if (field === "inference") {
    const mapping = Object.values(model.inferenceProviderMapping ?? {});
    return mapping.some((entry) => entry.status === "live") ? "warm" : undefined;
  }
  if (field === "trendingScore") return trendingScore(model);
  return (model as unknown as Record<string, unknown>)[field];
}

/** `_id` and `id` first, then the requested fields that the model has. */
export function projectModel(model: HubModel, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { _id: model._id, id: model.id };
  for (const field of fields) {
    const value = fieldValue(model, field);
    if (value !== undefined) out[field] = value;
  }
  return out;
}

function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.direction, cursor.value, cursor.rowid])).toString(
    "base64url",
  );
}

function decodeCursor(text: string, sort: SortField, direction: 1 | -1): ListCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 4 &&
      parsed[0] === sort &&
      parsed[1] === direction &&
      Number.isSafeInteger(parsed[2]) &&
      Number.isSafeInteger(parsed[3])
    ) {
      return { sort, direction, value: parsed[2] as number, rowid: parsed[3] as number };
    }
  } catch {
    // fall through to the error below
  }
  throw badRequest("cursor is invalid, or was made for another sort or direction");
}

/** Weight formats that the models list offers as libraries; `library=` matches them as tags. */
export const FORMAT_LIBRARIES = ["gguf", "safetensors", "onnx", "pytorch", "tf", "jax", "coreml", "openvino"];

const TAG_PARAM_RE = /^[\w.:/+-]{1,200}$/;

/** "6B", "500M", "1.5T" or a plain number of parameters. */
function parseParamAmount(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)([KMBT]?)$/i.exec(text.trim());
  if (!match) return undefined;
  const unit = { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[match[2].toUpperCase()] ?? 1;
  return Number(match[1]) * unit;
}

/**
 * huggingface.co's `num_parameters=min:1B,max:6B` as derived tags (derived.ts): each bound must be one
 * of the PARAM_STOPS (or 0 / absent for open ends).
 */
function paramRangeTags(text: string): string[] {
  const tags: string[] = [];
  const stops = PARAM_STOPS.map((stop) => stop.label).join(", ");
  for (const part of text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^(min|max):(.+)$/.exec(part);
    const amount = match ? parseParamAmount(match[2]) : undefined;
    if (!match || amount === undefined) {
      throw badRequest(`num_parameters must look like "min:1B,max:6B" (got "${text.slice(0, 60)}")`);
    }
    if (amount === 0 && match[1] === "min") continue;
    const stop = PARAM_STOPS.find((entry) => entry.value === amount);
    if (!stop) throw badRequest(`num_parameters bounds must be 0 or one of ${stops}`);
    tags.push(match[1] === "min" ? `${PARAMS_MIN_TAG}${stop.label}` : `${PARAMS_BELOW_TAG}${stop.label}`);
  }
  return tags;
}

/**
 * huggingface.co's list filters, each as filter tags: `library` (a library name or a tag such as
 * gguf), `other`, `license`, `language`, `apps`, `inference_provider` (`all` for any) and
 * `inference=warm`, `num_parameters`.
 */
function hubFilterTags(query: Query): string[] {
  const tags: string[] = [];
  const check = (name: string, value: string) => {
    if (!TAG_PARAM_RE.test(value)) throw badRequest(`${name} "${value.slice(0, 60)}" is not a valid value`);
    return value;
  };
  for (const value of listParam(query, "other")) tags.push(check("other", value));
  for (const value of listParam(query, "license")) {
    tags.push(check("license", value.startsWith("license:") ? value : `license:${value}`));
  }
  for (const value of listParam(query, "language")) tags.push(check("language", value));
  for (const value of listParam(query, "apps")) tags.push(`${APP_TAG}${check("apps", value)}`);
  for (const value of listParam(query, "inference_provider")) {
    tags.push(value === "all" ? INFERENCE_WARM_TAG : `${PROVIDER_TAG}${check("inference_provider", value)}`);
  }
  const inference = singleParam(query, "inference");
  if (inference !== undefined) {
    if (inference !== "warm") throw badRequest(`inference must be "warm" (models a provider serves)`);
    tags.push(INFERENCE_WARM_TAG);
  }
  const params = singleParam(query, "num_parameters");
  if (params !== undefined) tags.push(...paramRangeTags(params));
  return tags;
}

export type { ModelFacets } from "../contract/api.js";

let languageNames: Intl.DisplayNames | undefined;
/** ISO 639-1 codes only: three-letter tags are more often words ("ner", "moe") than languages. */
function isLanguageTag(tag: string): boolean {
  if (!/^[a-z]{2}$/.test(tag)) return false;
  languageNames ??= new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
  try {
    return languageNames.of(tag) !== undefined;
  } catch {
    return false;
  }
}

function groupFacets(counts: FacetCounts, libraries: Map<string, number>): ModelFacets {
  const facets: ModelFacets = {
    total: counts.total,
    pipeline_tag: counts.pipeline_tag,
    library: {},
    license: {},
    language: {},
    inference_provider: {},
    inference: counts.tags[INFERENCE_WARM_TAG] ?? 0,
    apps: {},
    num_parameters: {},
    other: {},
  };
  for (const [library, n] of [...libraries].sort(([a], [b]) => (a < b ? -1 : 1))) facets.library[library] = n;
  for (const format of FORMAT_LIBRARIES)
    if (counts.tags[format]) facets.library[format] = counts.tags[format];
  const others: [string, number][] = [];
  for (const [tag, n] of Object.entries(counts.tags)) {
    if (tag.startsWith("license:")) facets.license[tag.slice("license:".length)] = n;
    else if (tag.startsWith(PROVIDER_TAG)) facets.inference_provider[tag.slice(PROVIDER_TAG.length)] = n;
    else if (tag.startsWith(APP_TAG)) facets.apps[tag.slice(APP_TAG.length)] = n;
    else if (isLanguageTag(tag)) facets.language[tag] = n;
    else if (
      !/[:=<>]/.test(tag) &&
      !counts.pipeline_tag[tag] &&
      !libraries.has(tag) &&
      !FORMAT_LIBRARIES.includes(tag)
    ) {
      others.push([tag, n]);
    }
  }
  others.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  facets.other = Object.fromEntries(others.slice(0, 30));
  // Models in [stop i, stop i+1): those at or above stop i minus those at or above stop i+1.
  const atLeast = (label: string) => counts.tags[`${PARAMS_MIN_TAG}${label}`] ?? 0;
  const below = counts.tags[`${PARAMS_BELOW_TAG}${PARAM_STOPS[0].label}`] ?? 0;
  facets.num_parameters[`min:0,max:${PARAM_STOPS[0].label}`] = below;
  PARAM_STOPS.forEach((stop, index) => {
    const next = PARAM_STOPS[index + 1];
    const key = next ? `min:${stop.label},max:${next.label}` : `min:${stop.label}`;
    facets.num_parameters[key] = atLeast(stop.label) - (next ? atLeast(next.label) : 0);
  });
  return facets;
}

/**
 * The facet groups whose values replace one another in the models list (one task, library, provider,
 * size range or licence at a time) and the list parameters that filter on each.
 */
const EXCLUSIVE_GROUP_PARAMS: [Exclude<keyof ModelFacets, "total" | "inference">, string[]][] = [
  ["pipeline_tag", ["pipeline_tag"]],
  ["library", ["library"]],
  ["license", ["license"]],
  ["inference_provider", ["inference_provider", "inference"]],
  ["num_parameters", ["num_parameters"]],
];

/** The list parameters that select models (search and filters); sort, paging and fields aside. */
const MATCH_PARAMS = [
  "search",
  "author",
  "filter",
  "language",
  "apps",
  "other",
  ...EXCLUSIVE_GROUP_PARAMS.flatMap(([, params]) => params),
];

/**
 * GET /api/models-facets: over the whole catalogue without filters. With them, each count is the
 * number of models the list would show once that value is chosen: an exclusive group's values
 * (which replace the group's active one) are counted over the query without that group's own
 * parameters, the other groups' values (languages, apps, other tags: added to the active ones, all
 * required) over the full query. One grouped read per distinct query, at most six.
 */
async function modelFacets(store: HubStore, query: Query): Promise<ModelFacets> {
  const present = MATCH_PARAMS.filter((name) => listParam(query, name).length > 0);
  if (present.length === 0) return groupFacets(await store.facetCounts(), await store.libraryCounts());
  const matchQuery = (without: string[]): Query => {
    const kept: Query = {};
    for (const name of present) {
      if (without.includes(name)) continue;
      kept[name] = query[name];
      if (query[`${name}[]`] !== undefined) kept[`${name}[]`] = query[`${name}[]`];
    }
    return kept;
  };
  const answers = new Map<string, Promise<ModelFacets>>();
  const facetsOf = (kept: Query) => {
    const key = JSON.stringify(kept);
    let answer = answers.get(key);
    if (!answer) {
      const parsed = parseModelQuery(kept);
      // Without its one filter a group counts over the whole catalogue: the cached aggregates.
      answer =
        Object.keys(kept).length === 0
          ? Promise.all([store.facetCounts(), store.libraryCounts()]).then(([counts, libraries]) =>
              groupFacets(counts, libraries),
            )
          : store
              .matchFacetCounts(parsed)
              .then((counts) => groupFacets(counts, new Map(Object.entries(counts.library_name))));
      answers.set(key, answer);
    }
    return answer;
  };
  // Parse every variant before reading any, so a bad parameter fails the request as a whole.
  const full = facetsOf(matchQuery([]));
  const own = EXCLUSIVE_GROUP_PARAMS.filter(([, params]) =>
    params.some((name) => present.includes(name)),
  ).map(([group, params]) => [group, facetsOf(matchQuery(params))] as const);
  const [all, ...groups] = await Promise.all([full, ...own.map(([, answer]) => answer)]);
  const facets = { ...all };
  for (const [index, [group]] of own.entries()) {
    const counts = groups[index];
    (facets as unknown as Record<string, unknown>)[group] = counts[group];
    if (group === "inference_provider") facets.inference = counts.inference;
  }
  return facets;
}

export function parseModelQuery(query: Query): ModelQuery {
  const limitText = singleParam(query, "limit");
  let limit = DEFAULT_LIMIT;
  if (limitText !== undefined) {
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_LIMIT) {
      throw badRequest(`limit must be an integer between 1 and ${MAX_LIMIT}`);
    }
    limit = Number(limitText);
  }
  // huggingface_hub's list_models(sort="trending_score") sends the field name, trendingScore.
  const sortParam = singleParam(query, "sort") ?? "downloads";
  const sortText = sortParam === "trendingScore" ? "trending" : sortParam;
  if (!(SORT_FIELDS as readonly string[]).includes(sortText)) {
    throw badRequest(`sort must be one of ${SORT_FIELDS.join(", ")}`);
  }
  const sort = sortText as SortField;
  const directionText = singleParam(query, "direction") ?? "-1";
  if (directionText !== "-1" && directionText !== "1")
    throw badRequest("direction must be -1 (descending) or 1 (ascending)");
  const direction = directionText === "1" ? 1 : -1;

  const search = singleParam(query, "search")?.trim();
  if (search !== undefined && search.length > 200) throw badRequest("search must be at most 200 characters");
  const author = singleParam(query, "author");
  if (author !== undefined && !/^[\w.-]{1,96}$/.test(author))
    throw badRequest("author must be a user or organisation name");
  const pipelineTag = singleParam(query, "pipeline_tag");
  const library = singleParam(query, "library");
  for (const [name, value] of [
    ["pipeline_tag", pipelineTag],
    ["library", library],
  ] as const) {
    if (value !== undefined && !TAG_PARAM_RE.test(value))
      throw badRequest(`${name} must be an id such as "text-generation"`);
  }
  // File formats huggingface.co lists among libraries are tags (GGUF repositories rarely name a library).
  const formatLibrary = library !== undefined && FORMAT_LIBRARIES.includes(library);
  const tags = [...listParam(query, "filter"), ...(formatLibrary ? [library] : []), ...hubFilterTags(query)];
  if (tags.length > 20) throw badRequest("filter accepts at most 20 tags");
  const badTag = listParam(query, "filter").find((tag) => !TAG_PARAM_RE.test(tag));
  if (badTag !== undefined) throw badRequest(`filter "${badTag.slice(0, 60)}" is not a valid tag`);

  const cursorText = singleParam(query, "cursor");
  const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText, sort, direction);
  return {
    search: search || undefined,
    author,
    pipelineTag,
    library: formatLibrary ? undefined : library,
    tags: [...new Set(tags)],
    sort,
    direction,
    limit,
    cursor,
  };
}

/** The cursor after the first `count` matches of the query (null when there are fewer). */
async function skipModels(
  store: HubStore,
  query: ModelQuery,
  count: number,
): Promise<ListCursor | undefined | null> {
  let cursor: ListCursor | undefined;
  let left = count;
  while (left > 0) {
    const page = await store.listModels({ ...query, cursor, limit: Math.min(left, MAX_LIMIT) });
    left -= page.models.length;
    // No next cursor: nothing follows these matches, so the page asked for is empty.
    if (!page.next) return null;
    cursor = page.next;
  }
  return cursor;
}

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function nextLink(request: FastifyRequest, cursor: ListCursor): string {
  const url = new URL(request.url, requestOrigin(request));
  url.searchParams.set("cursor", encodeCursor(cursor));
  return `<${url.toString()}>; rel="next"`;
}

function wantsTrue(query: Query, name: string): boolean {
  const value = singleParam(query, name);
  return value === "true" || value === "1";
}

function modelIdFromParams(params: Record<string, string | undefined>): string {
  const id = params.owner ? `${params.owner}/${params.name}` : (params.name ?? "");
  if (!isValidModelId(id)) throw badRequest(`"${id.slice(0, 120)}" is not a valid model id`);
  return id;
}

/** A model document as the model route returns it, with the request's `expand[]`. */
export function projectModelForQuery(model: HubModel, query: Query): Record<string, unknown> {
  return projectModel(model, parseExpand(query) ?? DETAIL_FIELDS);
}

export interface ApiContext {
  store: HubStore;
  /**
   * Hosted repositories (repos/routes.ts) answer first for their models: info, tree and README;
   * undefined means the id is not a hosted repo and the catalogue answers.
   */
  hosted?: (
    kind: "info" | "tree" | "readme",
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<unknown>;
  /** a hosted model's catalogue record, for the caller (undefined: not hosted) */
  hostedRecord?: (request: FastifyRequest, id: string) => Promise<HubModel | undefined>;
  tasks: () => Record<string, unknown>;
  libraries: () => LibraryInfo[];
  config: () => HubConfig;
  /** measured latency and throughput per provider from recent /router calls (provider-stats.ts) */
  providerStats?: () => ProviderStatsReply;
  /** the pull-through mirror's models: where each came from and when (list marks, `mirrored=true`) */
  mirrored?: {
    of(id: string): { upstream: string; fetchedAt: string } | undefined;
    ids(): string[];
  };
}

export async function registerHubApi(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  registerModelList(app, ctx);
  registerModelRoutes(app, ctx);
  registerCatalogueRoutes(app, ctx);
}

/** The models list (huggingface.co's /api/models, with hubkit's `p` and `count`). */
function registerModelList(app: FastifyInstance, ctx: ApiContext): void {
  app.get("/api/models", async (request, reply) => {
    const query = request.query as Query;
    const modelQuery = parseModelQuery(query);
    // hubkit's `mirrored=true`: the models the pull-through mirror holds (none without a mirror).
    const mirroredText = singleParam(query, "mirrored");
    if (mirroredText !== undefined && !["true", "1", "false", "0"].includes(mirroredText))
      throw badRequest("mirrored must be true or false");
    if (mirroredText === "true" || mirroredText === "1") modelQuery.ids = ctx.mirrored?.ids() ?? [];
    const expand = parseExpand(query);
    const fields = expand ?? (wantsTrue(query, "full") ? DETAIL_FIELDS : LIST_FIELDS);
    const withConfig = wantsTrue(query, "config") && !fields.includes("config");
    // hubkit's `p` (as huggingface.co's models page): the page index, 0 first, for numbered pages.
    const pageText = singleParam(query, "p");
    let emptyPage = false;
    if (pageText !== undefined) {
      const index = /^\d{1,6}$/.test(pageText) ? Number(pageText) : NaN;
      if (!Number.isInteger(index)) throw badRequest("p must be a page index: 0, 1, 2…");
      if (modelQuery.cursor) throw badRequest("p and cursor cannot be combined");
      if (index * modelQuery.limit > COUNT_CAP) {
        throw badRequest(
          `p can reach the first ${COUNT_CAP} models; narrow the search or filters to see further`,
        );
      }
      const skipped = await skipModels(ctx.store, modelQuery, index * modelQuery.limit);
      if (skipped === null) emptyPage = true;
      else modelQuery.cursor = skipped;
    }
    const [page, total] = await Promise.all([
      emptyPage ? { models: [], next: undefined } : ctx.store.listModels(modelQuery),
      // hubkit's `count=true`: the number of matches in X-Total-Count (a lower bound past COUNT_CAP)
      wantsTrue(query, "count") ? ctx.store.countModels(modelQuery, COUNT_CAP) : undefined,
    ]);
    if (page.next) reply.header("Link", nextLink(request, page.next));
    if (total) {
      reply.header("X-Total-Count", String(total.count));
      if (!total.exact) reply.header("X-Total-Count-Exact", "false");
    }
    return page.models.map((model) => {
      const projected = projectModel(model, withConfig ? [...fields, "config"] : fields);
      const mirrored = ctx.mirrored?.of(model.id);
      return mirrored ? { ...projected, hubkitMirror: mirrored } : projected;
    });
  });
}

/** One model: its info (at a revision), files, card and usage; hosted repos answer first. */
function registerModelRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const findModel = async (id: string): Promise<HubModel> => {
    const model = await ctx.store.getModel(id);
    if (!model)
      throw new HttpError(
        404,
        `Repository not found: model "${id}" is not in this hub's catalogue`,
        "RepoNotFound",
      );
    return model;
  };
  const modelPage = async (id: string, query: Query) => {
    const expand = parseExpand(query);
    return projectModel(await findModel(id), expand ?? DETAIL_FIELDS);
  };
  /** The hosted repo's answer, when the request names one. */
  const hostedAnswer = async (
    kind: "info" | "tree" | "readme",
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<unknown> => (ctx.hosted ? ctx.hosted(kind, request, reply) : undefined);
  const modelRoute = async (request: FastifyRequest, reply: FastifyReply) =>
    (await hostedAnswer("info", request, reply)) ??
    modelPage(modelIdFromParams(request.params as Record<string, string>), request.query as Query);
  app.get("/api/models/:name", modelRoute);
  app.get("/api/models/:owner/:name", modelRoute);

  // What @huggingface/hub's modelInfo and huggingface_hub's model_info(revision=…) ask for. The hub
  // keeps one revision per model: "main", "HEAD" and its sha name it; others are not found.
  const revisionOf = async (request: FastifyRequest) => {
    const params = request.params as Record<string, string>;
    const id = modelIdFromParams(params);
    const model = await findModel(id);
    const revision = decodeURIComponent(params.revision ?? "");
    if (!["main", "HEAD", model.sha].includes(revision)) {
      throw new HttpError(
        404,
        `Revision not found: ${id} has no revision "${revision.slice(0, 80)}" (try "main")`,
        "RevisionNotFound",
      );
    }
    return model;
  };
  const revisionRoute = async (request: FastifyRequest, reply: FastifyReply) => {
    const hosted = await hostedAnswer("info", request, reply);
    if (hosted !== undefined) return hosted;
    const model = await revisionOf(request);
    const expand = parseExpand(request.query as Query);
    return projectModel(model, expand ?? DETAIL_FIELDS);
  };
  app.get("/api/models/:name/revision/:revision", revisionRoute);
  app.get("/api/models/:owner/:name/revision/:revision", revisionRoute);

  // listFiles / list_repo_tree: the files the catalogue knows (sizes when the import carried them).
  const treeRoute = async (request: FastifyRequest, reply: FastifyReply) => {
    const hosted = await hostedAnswer("tree", request, reply);
    if (hosted !== undefined) return hosted;
    const model = await revisionOf(request);
    const files = [...(model.siblings ?? [])];
    if (!files.some((file) => file.rfilename === "README.md")) files.unshift({ rfilename: "README.md" });
    return files.map((file) => ({
      type: "file",
      path: file.rfilename,
      size:
        file.rfilename === "README.md" && file.size === undefined
          ? Buffer.byteLength(modelCard(model))
          : file.size,
      oid: model.sha,
    }));
  };
  app.get("/api/models/:owner/:name/tree/:revision", treeRoute);
  app.get("/api/models/:name/tree/:revision", treeRoute);

  // The model card, where hub clients download README.md from: the imported card, else one written
  // from the model's facts (model-card.ts).
  const readmeRoute = async (request: FastifyRequest, reply: FastifyReply) => {
    const hosted = await hostedAnswer("readme", request, reply);
    if (hosted !== undefined) return hosted;
    const model = await revisionOf(request);
    const card = modelCard(model);
    // hf_hub_download needs an ETag (a git blob id for small files) and the commit it came from.
    const oid = createHash("sha1")
      .update(`blob ${Buffer.byteLength(card)}\0`)
      .update(card)
      .digest("hex");
    return reply
      .type("text/markdown; charset=utf-8")
      .header("etag", `"${oid}"`)
      .header("x-repo-commit", model.sha)
      .send(card);
  };
  // HEAD has its own route: Fastify's automatic one answered a hosted card's HEAD with
  // Content-Length 0 (hf_hub_download then stored an empty README.md), and no compression, as for
  // every other file download (a gzip body has another length than the file's).
  for (const url of ["/:owner/:name/resolve/:revision/README.md", "/:name/resolve/:revision/README.md"]) {
    app.get(url, { exposeHeadRoute: false, compress: false }, readmeRoute);
    app.head(url, { compress: false }, readmeRoute);
  }

  const usageRoute = async (request: FastifyRequest) => {
    const id = modelIdFromParams(request.params as Record<string, string>);
    const file = singleParam(request.query as Query, "file");
    // A hosted model (a private one is not in the catalogue) is read from its repo.
    const hosted = ctx.hostedRecord ? await ctx.hostedRecord(request, id) : undefined;
    return modelUsage(hosted ?? (await findModel(id)), file);
  };
  app.get("/api/models/:owner/:name/usage", usageRoute);
  // "/api/models/x/usage" is also the page of a model named "x/usage": serve it when no "x" exists.
  app.get("/api/models/:name/usage", async (request) => {
    const { name } = request.params as { name: string };
    if (!(await ctx.store.getModel(name)) && (await ctx.store.getModel(`${name}/usage`))) {
      return modelPage(`${name}/usage`, request.query as Query);
    }
    return usageRoute(request);
  });
}

/** The catalogue around the models: filter counts, tasks, libraries, the hub's config and provider figures. */
function registerCatalogueRoutes(app: FastifyInstance, ctx: ApiContext): void {
  // Per-value counts for the models list's filters (hubkit's; the real hub has no such route). With
  // the list's parameters, each group counts the models that choosing its value would list: the
  // matches of every other active filter (and the search), as huggingface.co's sidebar does.
  app.get("/api/models-facets", async (request) => modelFacets(ctx.store, request.query as Query));

  app.get("/api/tasks", async () => ctx.tasks());
  app.get("/api/tasks/:task", async (request) => {
    const { task } = request.params as { task: string };
    // Own keys only: "constructor", "toString" or "__proto__" are not task ids.
    const tasks = ctx.tasks();
    const page = Object.hasOwn(tasks, task) ? tasks[task] : undefined;
    if (!page) throw new HttpError(404, `Task "${task.slice(0, 80)}" has no page`);
    return page;
  });

  const librariesWithCounts = async () => {
    const counts = await ctx.store.libraryCounts();
    return ctx.libraries().map((library) => ({ ...library, modelCount: counts.get(library.id) ?? 0 }));
  };
  app.get("/api/libraries", async () => librariesWithCounts());
  app.get("/api/libraries/:library", async (request) => {
    const { library } = request.params as { library: string };
    const found = (await librariesWithCounts()).find((entry) => entry.id === library);
    if (!found) throw new HttpError(404, `Library "${library.slice(0, 80)}" is not in the registry`);
    // The sample is generated for the library's most downloaded catalogue model.
    const [model] = (
      await ctx.store.listModels({
        library,
        tags: [],
        sort: "downloads",
        direction: -1,
        limit: 1,
      })
    ).models;
    const sample = librarySample(library, model);
    return sample ? { ...found, sample } : found;
  });

  app.get("/api/hubkit/config", async () => ctx.config());
  app.get(PROVIDER_STATS_PATH, async () =>
    ctx.providerStats ? ctx.providerStats() : { windowMinutes: 60, providers: {} },
  );
}
