// The hub API under /api, in the real hub's response shapes: models (search, filters, sorts, cursor
// pagination with a Link header), one model with expand[], task pages and the library registry.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { SORT_FIELDS, type ListCursor, type ModelQuery, type SortField } from "./catalogue-store.js";
import { badRequest, HttpError } from "./errors.js";
import type { LibraryInfo } from "./hub-data.js";
import { isValidModelId, type HubModel } from "./model-record.js";
import type { HubStore } from "./store.js";
import { librarySample, modelUsage } from "./usage.js";

export const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 100;

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

/** Fields a model page carries by default: everything stored except the provider mapping. */
const DETAIL_FIELDS = [
  "modelId",
  "author",
  "sha",
  "lastModified",
  "private",
  "disabled",
  "gated",
  "pipeline_tag",
  "library_name",
  "tags",
  "downloads",
  "likes",
  "createdAt",
  "config",
  "cardData",
  "widgetData",
  "transformersInfo",
  "mask_token",
  "safetensors",
  "gguf",
  "siblings",
  "spaces",
  "inference",
  "description",
];

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

const TAG_PARAM_RE = /^[\w.:/+-]{1,200}$/;

export function parseModelQuery(query: Query): ModelQuery {
  const limitText = singleParam(query, "limit");
  let limit = DEFAULT_LIMIT;
  if (limitText !== undefined) {
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_LIMIT) {
      throw badRequest(`limit must be an integer between 1 and ${MAX_LIMIT}`);
    }
    limit = Number(limitText);
  }
  const sortText = singleParam(query, "sort") ?? "downloads";
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
  const tags = listParam(query, "filter");
  if (tags.length > 20) throw badRequest("filter accepts at most 20 tags");
  const badTag = tags.find((tag) => !TAG_PARAM_RE.test(tag));
  if (badTag !== undefined) throw badRequest(`filter "${badTag.slice(0, 60)}" is not a valid tag`);

  const cursorText = singleParam(query, "cursor");
  const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText, sort, direction);
  return {
    search: search || undefined,
    author,
    pipelineTag,
    library,
    tags,
    sort,
    direction,
    limit,
    cursor,
  };
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

export interface ApiContext {
  store: HubStore;
  tasks: () => Record<string, unknown>;
  libraries: () => LibraryInfo[];
  config: () => Record<string, unknown>;
}

export async function registerHubApi(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get("/api/models", async (request, reply) => {
    const query = request.query as Query;
    const modelQuery = parseModelQuery(query);
    const expand = parseExpand(query);
    const fields = expand ?? (wantsTrue(query, "full") ? DETAIL_FIELDS : LIST_FIELDS);
    const withConfig = wantsTrue(query, "config") && !fields.includes("config");
    const page = await ctx.store.listModels(modelQuery);
    if (page.next) reply.header("Link", nextLink(request, page.next));
    return page.models.map((model) => projectModel(model, withConfig ? [...fields, "config"] : fields));
  });

  const findModel = async (id: string): Promise<HubModel> => {
    const model = await ctx.store.getModel(id);
    if (!model)
      throw new HttpError(404, `Repository not found: model "${id}" is not in this hub's catalogue`);
    return model;
  };
  const modelPage = async (id: string, query: Query) => {
    const expand = parseExpand(query);
    return projectModel(await findModel(id), expand ?? DETAIL_FIELDS);
  };
  const modelRoute = async (request: FastifyRequest) =>
    modelPage(modelIdFromParams(request.params as Record<string, string>), request.query as Query);
  app.get("/api/models/:name", modelRoute);
  app.get("/api/models/:owner/:name", modelRoute);

  const usageRoute = async (request: FastifyRequest) => {
    const id = modelIdFromParams(request.params as Record<string, string>);
    const file = singleParam(request.query as Query, "file");
    return modelUsage(await findModel(id), file);
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
}
