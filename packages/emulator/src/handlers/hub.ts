// The hub API subset the client and snippets use: model info (with expand[]), model search,
// task pages and whoami.
import type { Ctx } from "../context.js";
import { fail } from "../errors.js";
import { json } from "../reply.js";
import type { Reply } from "../reply.js";
import { hashString, mulberry32 } from "../text.js";
import type { EmulatedModel } from "../types.js";

function hex(seed: number, length: number): string {
  const rand = mulberry32(seed);
  return Array.from({ length }, () => Math.floor(rand() * 16).toString(16)).join("");
}

/** Full model info as GET /api/models/{id} returns it (without the expandable extras). */
export function modelInfo(m: EmulatedModel): Record<string, unknown> {
  const seed = hashString(m.id);
  const rand = mulberry32(seed);
  const created = Date.UTC(2022, 0, 1) + Math.floor(rand() * 3 * 365) * 86_400_000;
  const info: Record<string, unknown> = {
    _id: hex(seed, 24),
    id: m.id,
    modelId: m.id,
    author: m.id.includes("/") ? m.id.split("/")[0] : undefined,
    private: false,
    gated: false,
    disabled: false,
    pipeline_tag: m.pipeline_tag,
    library_name: m.library_name,
    tags: m.tags,
    downloads: Math.floor(rand() * 5_000_000),
    likes: Math.floor(rand() * 5_000),
    sha: hex(seed ^ 0x5a5a5a5a, 40),
    createdAt: new Date(created).toISOString(),
    lastModified: new Date(created + Math.floor(rand() * 300) * 86_400_000).toISOString(),
    inference: Object.keys(m.inferenceProviderMapping).length > 0 ? "warm" : undefined,
    siblings: [{ rfilename: ".gitattributes" }, { rfilename: "README.md" }, { rfilename: "config.json" }],
  };
  if (m.mask_token !== undefined) info.mask_token = m.mask_token;
  return info;
}

const EXPANDABLE = new Set([
  "author",
  "createdAt",
  "disabled",
  "downloads",
  "gated",
  "inference",
  "inferenceProviderMapping",
  "lastModified",
  "library_name",
  "likes",
  "mask_token",
  "pipeline_tag",
  "private",
  "sha",
  "siblings",
  "tags",
]);

function expandFields(ctx: Ctx): string[] {
  const params = new URLSearchParams(ctx.req.search);
  return [...params.getAll("expand[]"), ...params.getAll("expand")];
}

function getModel(ctx: Ctx, id: string): Reply {
  const model = ctx.env.catalog.get(id);
  if (!model) {
    return json(
      404,
      { error: "Repository not found" },
      { "X-Error-Code": "RepoNotFound", "X-Error-Message": "Repository not found" },
    );
  }
  const info = modelInfo(model);
  const expand = expandFields(ctx);
  if (expand.length === 0) return json(200, info);
  const unknown = expand.filter((f) => !EXPANDABLE.has(f));
  if (unknown.length > 0) {
    fail("hf", 400, `"expand" must be one of ${[...EXPANDABLE].join(", ")}; got ${unknown.join(", ")}`);
  }
  // With expand[], the hub answers only _id, id and the requested fields.
  const out: Record<string, unknown> = { _id: info._id, id: info.id };
  for (const f of expand)
    out[f] = f === "inferenceProviderMapping" ? model.inferenceProviderMapping : info[f];
  return json(200, out);
}

function listModels(ctx: Ctx): Reply {
  const q = ctx.query;
  let limit = 20;
  if (q.limit !== undefined) {
    limit = Number(q.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      fail("hf", 400, "limit must be an integer between 1 and 1000");
  }
  const search = (q.search ?? "").toLowerCase();
  const models = ctx.env.catalog.models.filter(
    (m) =>
      (search === "" || m.id.toLowerCase().includes(search)) &&
      (q.pipeline_tag === undefined || m.pipeline_tag === q.pipeline_tag) &&
      (q.library === undefined || m.library_name === q.library) &&
      (q.filter === undefined || m.tags.includes(q.filter)) &&
      (q.inference_provider === undefined || q.inference_provider in m.inferenceProviderMapping),
  );
  return json(
    200,
    models.slice(0, limit).map((m) => {
      const info = modelInfo(m);
      return {
        _id: info._id,
        id: m.id,
        likes: info.likes,
        downloads: info.downloads,
        pipeline_tag: m.pipeline_tag,
        library_name: m.library_name,
        tags: m.tags,
        createdAt: info.createdAt,
        modelId: m.id,
        private: false,
      };
    }),
  );
}

export function hubRoute(ctx: Ctx): Reply {
  const method = ctx.req.method;
  if (method !== "GET" && method !== "HEAD")
    fail("hf", 405, `Method ${method} is not allowed on ${ctx.path}`);
  if (ctx.path === "/api/tasks") return json(200, ctx.env.catalog.tasksListing());
  if (ctx.path === "/api/models") return listModels(ctx);
  if (ctx.path.startsWith("/api/models/")) {
    const id = decodeURIComponent(ctx.path.slice("/api/models/".length)).replace(/\/+$/, "");
    if (id === "" || id.split("/").length > 2) fail("hf", 404, "Repository not found");
    return getModel(ctx, id);
  }
  if (ctx.path === "/api/whoami-v2") {
    if (!ctx.headers.authorization) fail("hf", 401, "Invalid credentials in Authorization header");
    return json(200, {
      type: "user",
      name: "hubkit-user",
      fullname: "hubkit emulated user",
      auth: { type: "access_token", accessToken: { displayName: "emulator", role: "read" } },
    });
  }
  fail("hf", 404, `Sorry, we can't find the page you are looking for (${ctx.path}).`);
}
