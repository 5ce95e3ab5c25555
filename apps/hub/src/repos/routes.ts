// The hub API for hosted repositories, as huggingface.co answers it to huggingface_hub, the hf CLI
// and @huggingface/hub: identity, repo create/delete/move/settings, preupload, the LFS batch API
// with signed upload links, NDJSON commits, tree, paths-info, refs, commits, branches, tags, and
// resolve/raw downloads (ranges, ETags, streamed from the blob store).
import { createHmac, timingSafeEqual } from "node:crypto";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../http/errors.js";
import { SECURITY_HEADERS } from "../http/request-guard.js";
import type { Principal } from "./access.js";
import { gitBlobOid, folderOid, lfsPointer, wantsLfs } from "./git.js";
import type { CommitRecord, RepoRecord, RepoType, TreeEntry } from "./model.js";
import { frontMatter, hostedModelRecord } from "./model-facts.js";
import type { HubModel } from "../catalogue/model-record.js";
import { repoIdProblem, repoPathProblem } from "./names.js";
import type { CommitHeader, CommitOperation, RepoService, Resolved } from "./service.js";
import { registerXetRoutes, type XetRoutes } from "../xet/routes.js";

type Params = Record<string, string | undefined>;
type Query = Record<string, string | string[] | undefined>;

const TYPE_SEGMENTS: Record<string, RepoType> = { models: "model", datasets: "dataset" };
const URL_PREFIX: Record<RepoType, string> = { model: "", dataset: "datasets/" };
/** How long a signed LFS upload or download link works. */
const LFS_LINK_SECONDS = 3600;
const TREE_PAGE = 1000;
const COMMITS_PAGE = 50;
/** Most bytes of one commit request (inline files are base64 in it; large files go through LFS). */
export const COMMIT_BODY_LIMIT = 1024 * 1024 * 1024;
const LFS_MEDIA_TYPE = "application/vnd.git-lfs+json";

export interface RepoRoutes {
  /**
   * The catalogue record of a hosted model the caller may read (for "Use this model" of a private
   * one, which the catalogue does not hold); undefined when the id is not hosted.
   */
  hostedRecord(request: FastifyRequest, id: string): Promise<HubModel | undefined>;
  /** answers the catalogue's model routes for hosted models; undefined for the catalogue's own */
  hostedModel(
    kind: "info" | "tree" | "readme",
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<unknown>;
}

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function repoUrl(request: FastifyRequest, type: RepoType, id: string): string {
  return `${origin(request)}/${URL_PREFIX[type]}${id}`;
}

function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new HttpError(400, "The request body must be a JSON object");
  return body as Record<string, unknown>;
}

function stringField(body: Record<string, unknown>, name: string, required = true): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) {
    if (required) throw new HttpError(400, `"${name}" is missing from the request body`);
    return undefined;
  }
  if (typeof value !== "string") throw new HttpError(400, `"${name}" must be a string`);
  return value;
}

function repoTypeOf(value: unknown): RepoType {
  if (value === undefined || value === null || value === "model") return "model";
  if (value === "dataset") return "dataset";
  throw new HttpError(
    400,
    `Repo type ${JSON.stringify(value).slice(0, 40)} is not hosted here: model or dataset`,
  );
}

function wantsTrue(query: Query, name: string): boolean {
  const value = query[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === "true" || text === "1" || text === "True";
}

function lfsInfo(entry: TreeEntry) {
  return entry.lfs
    ? { oid: entry.sha256, size: entry.size, pointerSize: lfsPointer(entry.sha256, entry.size).length }
    : undefined;
}

function fileItem(entry: TreeEntry, lastCommit?: CommitRecord) {
  const item: Record<string, unknown> = { type: "file", oid: entry.oid, size: entry.size, path: entry.path };
  const lfs = lfsInfo(entry);
  if (lfs) item.lfs = lfs;
  if (lastCommit) {
    item.lastCommit = { id: lastCommit.id, title: lastCommit.title, date: lastCommit.date };
    item.securityFileStatus = { status: "unscanned" };
  }
  return item;
}

function folderItem(path: string, tree: TreeEntry[], lastCommit?: CommitRecord) {
  const item: Record<string, unknown> = { type: "directory", oid: folderOid(path, tree), size: 0, path };
  if (lastCommit) item.lastCommit = { id: lastCommit.id, title: lastCommit.title, date: lastCommit.date };
  return item;
}

/** The direct children (or, recursive, every descendant) of `folder`: folders first as git lists them. */
function listFolder(
  tree: TreeEntry[],
  folder: string,
  recursive: boolean,
): { path: string; entry?: TreeEntry }[] {
  const prefix = folder ? `${folder}/` : "";
  const folders = new Set<string>();
  const files: { path: string; entry?: TreeEntry }[] = [];
  for (const entry of tree) {
    if (!entry.path.startsWith(prefix)) continue;
    const rest = entry.path.slice(prefix.length);
    const parts = rest.split("/");
    if (parts.length === 1) files.push({ path: entry.path, entry });
    else if (recursive) {
      for (let i = 1; i < parts.length; i++) folders.add(prefix + parts.slice(0, i).join("/"));
      files.push({ path: entry.path, entry });
    } else folders.add(prefix + parts[0]);
  }
  const items = [...[...folders].map((path) => ({ path })), ...files];
  return items.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** For each path, the newest commit (from `head` back, up to `depth`) that changed it. */
async function lastCommits(service: RepoService, resolved: Resolved, paths: string[], depth = 200) {
  const found = new Map<string, CommitRecord>();
  const wanted = new Set(paths);
  const history = await service.meta.history(resolved.repo.rid, resolved.commit.id, 0, depth);
  const signature = (tree: TreeEntry[], path: string) =>
    tree
      .filter((entry) => entry.path === path || entry.path.startsWith(`${path}/`))
      .map((entry) => `${entry.path}:${entry.oid}`)
      .join("\n");
  let trees = new Map<string, TreeEntry[]>();
  const treeOf = async (commit: CommitRecord) => {
    let tree = trees.get(commit.tree);
    if (!tree) {
      tree = (await service.tree(commit.tree)) ?? [];
      trees.set(commit.tree, tree);
    }
    return tree;
  };
  for (let i = 0; i < history.length && wanted.size > 0; i++) {
    const commit = history[i];
    const parent = history[i + 1];
    const tree = await treeOf(commit);
    const parentTree = parent ? await treeOf(parent) : [];
    for (const path of [...wanted]) {
      if (!parent || signature(tree, path) !== signature(parentTree, path)) {
        found.set(path, commit);
        wanted.delete(path);
      }
    }
    if (trees.size > 4) trees = new Map([[commit.tree, tree]]);
  }
  return found;
}

function sign(key: Buffer, text: string): string {
  return createHmac("sha256", key).update(text).digest("base64url");
}

function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

function contentDisposition(path: string): string {
  const name = path.split("/").pop() ?? "file";
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `inline; filename*=UTF-8''${encodeURIComponent(name)}; filename="${ascii}"`;
}

/** Reads an NDJSON commit body line by line (inline files can be large: no whole-body buffer). */
async function readCommitLines(
  body: Readable,
): Promise<{ header: CommitHeader; operations: CommitOperation[] }> {
  let header: CommitHeader | undefined;
  const operations: CommitOperation[] = [];
  let lineNumber = 0;
  const lines = createInterface({ input: body, crlfDelay: Infinity });
  for await (const line of lines) {
    lineNumber++;
    if (!line.trim()) continue;
    let item: { key?: unknown; value?: Record<string, unknown> };
    try {
      item = JSON.parse(line) as typeof item;
    } catch {
      throw new HttpError(400, `Line ${lineNumber} of the commit is not valid JSON`);
    }
    const value = item?.value;
    if (typeof value !== "object" || value === null)
      throw new HttpError(400, `Line ${lineNumber} of the commit has no "value" object`);
    const path = value.path;
    if (item.key === "header") {
      if (header) throw new HttpError(400, `Line ${lineNumber}: a commit has one header`);
      if (typeof value.summary !== "string")
        throw new HttpError(400, `Line ${lineNumber}: the header needs a "summary" string`);
      if (
        value.parentCommit !== undefined &&
        (typeof value.parentCommit !== "string" || !/^[0-9a-f]{40}$/.test(value.parentCommit))
      )
        throw new HttpError(400, `Line ${lineNumber}: "parentCommit" must be a commit id (40 hex)`);
      header = {
        summary: value.summary,
        description: typeof value.description === "string" ? value.description : "",
        parentCommit: value.parentCommit as string | undefined,
      };
      continue;
    }
    if (!header)
      throw new HttpError(400, 'The commit\'s first line must be its header ({"key": "header", …})');
    const problem = repoPathProblem(path);
    if (problem) throw new HttpError(400, `Line ${lineNumber}: ${problem}`);
    const filePath = path as string;
    if (item.key === "file") {
      if (typeof value.content !== "string")
        throw new HttpError(400, `Line ${lineNumber}: "content" must be a string`);
      const encoding = value.encoding ?? "base64";
      if (encoding !== "base64" && encoding !== "utf-8")
        throw new HttpError(400, `Line ${lineNumber}: "encoding" must be base64 or utf-8`);
      operations.push({
        key: "file",
        path: filePath,
        content: Buffer.from(value.content, encoding === "base64" ? "base64" : "utf8"),
      });
    } else if (item.key === "lfsFile") {
      if (value.algo !== undefined && value.algo !== "sha256")
        throw new HttpError(400, `Line ${lineNumber}: LFS files are named by sha256 ("algo": "sha256")`);
      if (typeof value.oid !== "string")
        throw new HttpError(400, `Line ${lineNumber}: "oid" must be the file's sha256`);
      if (value.size !== undefined && !Number.isSafeInteger(value.size))
        throw new HttpError(400, `Line ${lineNumber}: "size" must be an integer`);
      operations.push({
        key: "lfsFile",
        path: filePath,
        oid: value.oid,
        size: value.size as number | undefined,
      });
    } else if (item.key === "deletedFile" || item.key === "deletedFolder") {
      operations.push({ key: item.key, path: filePath });
    } else {
      throw new HttpError(400, `Line ${lineNumber}: unknown key ${JSON.stringify(item.key).slice(0, 40)}`);
    }
  }
  if (!header) throw new HttpError(400, "The commit is empty: it needs a header line");
  return { header, operations };
}

/** The repository routes' options (see registerRepoRoutes). */
export interface RepoRouteOptions {
  projectModel: (resolved: Resolved, query: Query) => Promise<Record<string, unknown>>;
  /** whether the catalogue holds a model with this id (the embedded or an imported one) */
  inCatalogue: (id: string) => Promise<boolean>;
  /**
   * The bytes of a file whose contents this hub does not hold yet (a mirror fetching them from
   * its upstream); undefined when the blob store has them.
   */
  readMissing?: (
    resolved: Resolved,
    entry: TreeEntry,
    start: number,
    end: number,
  ) => Promise<Readable | undefined>;
}

/** What every group of repository routes uses: the server, the service, who calls, and the route helpers. */
interface RepoRouteContext {
  app: FastifyInstance;
  service: RepoService;
  options: RepoRouteOptions;
  signingKey: Buffer;
  /** the caller; a token this hub does not know is refused (401), as on writes and whoami */
  who: (request: FastifyRequest) => Promise<Principal | undefined>;
  /** the caller of a read: a token this hub does not know reads as anonymous */
  reader: (request: FastifyRequest) => Promise<Principal | undefined>;
  idOf: (params: Params) => string;
  typeOf: (params: Params) => RepoType;
  forTypes: (
    method: "get" | "post" | "put" | "delete",
    suffix: string,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    scope?: FastifyInstance,
    routeOptions?: Record<string, unknown>,
  ) => void;
  readRepo: (request: FastifyRequest, type: RepoType, id: string) => ReturnType<RepoService["readable"]>;
}

async function repoRouteContext(
  app: FastifyInstance,
  service: RepoService,
  options: RepoRouteOptions,
): Promise<RepoRouteContext> {
  const signingKey = await service.meta.signingKey();
  const principals = new WeakMap<FastifyRequest, Principal | undefined>();
  /** The caller; a token this hub does not know is refused (401), as on writes and whoami. */
  const who = async (request: FastifyRequest): Promise<Principal | undefined> => {
    if (principals.has(request)) return principals.get(request);
    const principal = await service.access.authenticate(request.headers.authorization);
    principals.set(request, principal);
    return principal;
  };
  /**
   * The caller of a read: a token this hub does not know reads as anonymous (public data only).
   * Offline, clients send any `hf_` token (the provider emulator accepts them) and read model
   * info with it; refusing those would break every offline snippet for no protection.
   */
  const reader = async (request: FastifyRequest): Promise<Principal | undefined> => {
    try {
      return await who(request);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) return undefined;
      throw error;
    }
  };
  const idOf = (params: Params) => `${params.owner}/${params.name}`;
  const typeOf = (params: Params): RepoType => {
    const type = TYPE_SEGMENTS[params.type ?? ""];
    if (!type) throw new HttpError(404, `Unknown repo type "${(params.type ?? "").slice(0, 40)}"`);
    return type;
  };
  /** Registers a route for models and datasets alike (`params.type` says which). */
  const forTypes = (
    method: "get" | "post" | "put" | "delete",
    suffix: string,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    scope: FastifyInstance = app,
    routeOptions: Record<string, unknown> = {},
  ) => {
    for (const segment of Object.keys(TYPE_SEGMENTS)) {
      scope[method](`/api/${segment}/:owner/:name${suffix}`, routeOptions, (request, reply) => {
        (request.params as Params).type = segment;
        return handler(request, reply);
      });
    }
  };
  const readRepo = async (request: FastifyRequest, type: RepoType, id: string) =>
    service.readable(await reader(request), type, id);
  return { app, service, options, signingKey, who, reader, idOf, typeOf, forTypes, readRepo };
}

/** whoami, and creating, deleting, moving, configuring repos and checking their cards; preupload and commits. */
async function registerAccountRoutes(context: RepoRouteContext): Promise<void> {
  const { app, service, who, idOf, typeOf, forTypes } = context;
  app.get("/api/whoami-v2", async (request) => {
    const principal = await who(request);
    if (!principal)
      throw new HttpError(401, "You must send a token (Authorization: Bearer hf_…) to ask who you are");
    return service.access.whoami(principal);
  });

  app.post("/api/repos/create", async (request, reply) => {
    const body = bodyObject(request);
    const type = repoTypeOf(body.type);
    const name = stringField(body, "name")!;
    const principal = await who(request);
    const organization = stringField(body, "organization", false);
    const owner = organization ?? principal?.user;
    if (!owner) throw new HttpError(401, "You must be authenticated to create a repo: send a write token");
    const isPrivate = body.visibility === "private" || body.private === true;
    if (
      body.visibility !== undefined &&
      !["private", "public", "protected"].includes(body.visibility as string)
    )
      throw new HttpError(400, `"visibility" must be public or private`);
    const id = `${owner}/${name}`;
    const { repo, existing } = await service.createRepo(principal, type, id, isPrivate);
    if (existing) {
      return reply.code(409).send({
        error: `You already created this ${type} repo: ${existing.id}`,
        url: repoUrl(request, type, existing.id),
      });
    }
    return { url: repoUrl(request, type, repo!.id), name: repo!.id, id: repo!.id };
  });

  app.delete("/api/repos/delete", async (request) => {
    const body = bodyObject(request);
    const type = repoTypeOf(body.type);
    const principal = await who(request);
    const owner = stringField(body, "organization", false) ?? principal?.user;
    if (!owner) throw new HttpError(401, "You must be authenticated to delete a repo: send a write token");
    await service.deleteRepo(principal, type, `${owner}/${stringField(body, "name")}`);
    return {};
  });

  app.post("/api/repos/move", async (request) => {
    const body = bodyObject(request);
    const type = repoTypeOf(body.type);
    const moved = await service.moveRepo(
      await who(request),
      type,
      stringField(body, "fromRepo")!,
      stringField(body, "toRepo")!,
    );
    return { url: repoUrl(request, type, moved.id) };
  });

  forTypes("put", "/settings", async (request) => {
    const params = request.params as Params;
    const body = bodyObject(request);
    const changes: { private?: boolean; gated?: RepoRecord["gated"] } = {};
    if (body.private !== undefined) {
      if (typeof body.private !== "boolean") throw new HttpError(400, `"private" must be true or false`);
      changes.private = body.private;
    }
    if (body.visibility !== undefined) {
      if (body.visibility !== "private" && body.visibility !== "public")
        throw new HttpError(400, `"visibility" must be public or private`);
      changes.private = body.visibility === "private";
    }
    if (body.gated !== undefined) {
      if (body.gated !== false && body.gated !== "auto" && body.gated !== "manual")
        throw new HttpError(400, `"gated" must be false, "auto" or "manual"`);
      changes.gated = body.gated;
    }
    const repo = await service.updateSettings(await who(request), typeOf(params), idOf(params), changes);
    return { private: repo.private, gated: repo.gated };
  });

  app.post("/api/validate-yaml", async (request, reply) => {
    const body = bodyObject(request);
    const content = stringField(body, "content")!;
    const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(content);
    if (match) {
      try {
        const { parse } = await import("yaml");
        parse(match[1], { maxAliasCount: 100 });
      } catch (error) {
        return reply.code(400).send({
          error: "Invalid metadata in README.md",
          errors: [
            { message: `Invalid YAML in the front matter: ${(error as Error).message.split("\n")[0]}` },
          ],
          warnings: [],
        });
      }
    }
    const warnings =
      Object.keys(frontMatter(content)).length === 0
        ? [{ message: "empty or missing yaml metadata in repo card" }]
        : [];
    return { errors: [], warnings };
  });

  forTypes("post", "/preupload/:revision", async (request) => {
    const params = request.params as Params;
    const type = typeOf(params);
    const principal = await who(request);
    const repo = await service.writable(principal, type, idOf(params), "upload to this repo");
    const revision = params.revision ?? "main";
    const resolved = await service.resolve(repo, revision);
    const files = bodyObject(request).files;
    if (!Array.isArray(files)) throw new HttpError(400, `"files" must be an array of {path, size, sample}`);
    const existing = new Map(resolved.tree.map((entry) => [entry.path, entry]));
    return {
      files: files.map((file: Record<string, unknown>, index: number) => {
        const problem = repoPathProblem(file?.path);
        if (problem) throw new HttpError(400, `files[${index}]: ${problem}`);
        const size = file.size;
        if (!Number.isSafeInteger(size) || (size as number) < 0)
          throw new HttpError(400, `files[${index}]: "size" must be a non-negative integer`);
        if ((size as number) > service.limits.maxFileBytes)
          throw new HttpError(
            413,
            `${file.path as string} is ${size as number} bytes, over this hub's file size limit of ${service.limits.maxFileBytes} bytes`,
          );
        const sample = Buffer.from(typeof file.sample === "string" ? file.sample : "", "base64");
        const path = file.path as string;
        const lfs = wantsLfs(path, size as number, sample);
        const current = existing.get(path);
        const out: Record<string, unknown> = {
          path,
          uploadMode: lfs ? "lfs" : "regular",
          shouldIgnore: false,
        };
        if (current) out.oid = current.oid;
        return out;
      }),
      commitOid: resolved.commit.id,
    };
  });
}

/** The LFS batch API, its signed upload and download links, and verification. */
/** The signed links the batch API hands out (upload and download without the token), and verification. */
async function registerLfsLinkRoutes(context: RepoRouteContext): Promise<void> {
  const { app, service, signingKey, who, idOf, typeOf, forTypes } = context;
  const checkLink = (request: FastifyRequest, action: string) => {
    const params = request.params as Params;
    const query = request.query as Query;
    const type = repoTypeOf(params.type);
    const path = `/api/hubkit/lfs/${params.type}/${params.owner}/${params.name}/${params.oid}`;
    const text = `${path}?size=${String(query.size)}&expires=${String(query.expires)}&action=${action}`;
    const given = Buffer.from(String(query.sig ?? ""));
    const expected = Buffer.from(sign(signingKey, text));
    if (query.action !== action || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new HttpError(403, "This LFS link is not valid: ask the batch API for a new one");
    if (Number(query.expires) < Date.now() / 1000)
      throw new HttpError(403, "This LFS link has expired: ask the batch API for a new one");
    return { type, id: `${params.owner}/${params.name}`, oid: params.oid!, size: Number(query.size) };
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    scope.put("/api/hubkit/lfs/:type/:owner/:name/:oid", async (request) => {
      const link = checkLink(request, "upload");
      await service.blobs.write(request.raw, {
        sha256: link.oid,
        size: link.size,
        maxSize: service.limits.maxFileBytes,
      });
      return {};
    });
    forTypes(
      "post",
      "/commit/:revision",
      async (request) => {
        const params = request.params as Params;
        const type = typeOf(params);
        const query = request.query as Query;
        if (wantsTrue(query, "create_pr"))
          throw new HttpError(400, "Pull requests are not supported by this hub: commit to a branch");
        const principal = await who(request);
        // Access first: a caller who may not write learns nothing from the body's checks.
        await service.writable(principal, type, idOf(params), "commit to this repo");
        const contentType = String(request.headers["content-type"] ?? "");
        if (!/^application\/x-ndjson\b/i.test(contentType))
          throw new HttpError(
            415,
            `A commit is sent as application/x-ndjson, not "${contentType.slice(0, 80)}"`,
          );
        const { header, operations } = await readCommitLines(request.raw);
        const commit = await service.commit(
          principal,
          type,
          idOf(params),
          params.revision ?? "main",
          header,
          operations,
        );
        return {
          success: true,
          commitOid: commit.id,
          commitUrl: `${repoUrl(request, type, commit.repo.id)}/commit/${commit.id}`,
          hookOutput: "",
        };
      },
      scope,
      { bodyLimit: COMMIT_BODY_LIMIT },
    );
  });

  app.post("/api/hubkit/lfs-verify/:type/:owner/:name", async (request) => {
    const params = request.params as Params;
    await service.writable(await who(request), repoTypeOf(params.type), idOf(params), "upload to this repo");
    const body = bodyObject(request);
    const oid = stringField(body, "oid")!;
    if (!/^[0-9a-f]{64}$/.test(oid)) throw new HttpError(400, `"oid" must be a sha256`);
    const size = await service.blobs.size(oid);
    if (size === undefined || size !== body.size)
      throw new HttpError(404, `The object ${oid} is not stored with size ${String(body.size)}`);
    return { oid, size };
  });

  app.get("/api/hubkit/lfs/:type/:owner/:name/:oid", { compress: false }, async (request, reply) => {
    const link = checkLink(request, "download");
    return reply
      .type("application/octet-stream")
      .header("content-length", link.size)
      .send(service.blobs.read(link.oid));
  });
}

async function registerLfsRoutes(context: RepoRouteContext): Promise<void> {
  const { app, service, signingKey, who, reader } = context;
  // LFS batch API: which objects to send, with links that work without the token (as presigned ones).
  const lfsBatch = (type: RepoType) => async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as Params;
    if (!params.repo?.endsWith(".git")) return reply.callNotFound();
    const id = `${params.owner}/${params.repo.slice(0, -4)}`;
    const body = bodyObject(request);
    const operation = body.operation;
    if (operation !== "upload" && operation !== "download")
      throw new HttpError(400, `"operation" must be upload or download`);
    const principal = operation === "upload" ? await who(request) : await reader(request);
    const repo =
      operation === "upload"
        ? await service.writable(principal, type, id, "upload to this repo")
        : await service.readable(principal, type, id);
    if (!Array.isArray(body.objects)) throw new HttpError(400, `"objects" must be an array of {oid, size}`);
    const expires = Math.floor(Date.now() / 1000) + LFS_LINK_SECONDS;
    const objects = [];
    for (const [index, object] of (body.objects as Record<string, unknown>[]).entries()) {
      const oid = object?.oid;
      const size = object?.size;
      if (typeof oid !== "string" || !/^[0-9a-f]{64}$/.test(oid))
        throw new HttpError(400, `objects[${index}]: "oid" must be a sha256 (64 lowercase hex)`);
      if (!Number.isSafeInteger(size) || (size as number) < 0)
        throw new HttpError(400, `objects[${index}]: "size" must be a non-negative integer`);
      if ((size as number) > service.limits.maxFileBytes)
        throw new HttpError(
          413,
          `An object of ${size as number} bytes is over this hub's file size limit of ${service.limits.maxFileBytes} bytes`,
        );
      const stored = await service.blobs.claim(oid);
      const link = (action: string) => {
        const path = `/api/hubkit/lfs/${type}/${repo.id}/${oid}`;
        const query = `size=${size as number}&expires=${expires}&action=${action}`;
        return `${origin(request)}${path}?${query}&sig=${sign(signingKey, `${path}?${query}`)}`;
      };
      if (operation === "upload") {
        objects.push(
          stored === size
            ? { oid, size }
            : {
                oid,
                size,
                authenticated: true,
                actions: {
                  upload: { href: link("upload"), expires_in: LFS_LINK_SECONDS },
                  verify: {
                    href: `${origin(request)}/api/hubkit/lfs-verify/${type}/${repo.id}`,
                    expires_in: LFS_LINK_SECONDS,
                  },
                },
              },
        );
      } else {
        objects.push(
          stored === size
            ? {
                oid,
                size,
                authenticated: true,
                actions: { download: { href: link("download"), expires_in: LFS_LINK_SECONDS } },
              }
            : { oid, size, error: { code: 404, message: "Object does not exist" } },
        );
      }
    }
    return reply.type(LFS_MEDIA_TYPE).send({ transfer: "basic", objects, hash_algo: "sha256" });
  };

  await app.register(async (scope) => {
    // The LFS client posts the git-lfs media type; uploads are raw bytes streamed to the blob store.
    scope.addContentTypeParser(LFS_MEDIA_TYPE, { parseAs: "string" }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, "Request body is not valid JSON"), undefined);
      }
    });
    scope.post("/:owner/:repo/info/lfs/objects/batch", lfsBatch("model"));
    scope.post("/datasets/:owner/:repo/info/lfs/objects/batch", lfsBatch("dataset"));
  });

  await registerLfsLinkRoutes(context);
}

/** Reading: info, tree, paths-info, refs, commits. */
async function registerReadRoutes(
  context: RepoRouteContext,
): Promise<{ treeRoute: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> }> {
  const { app, service, who, idOf, typeOf, forTypes, readRepo } = context;
  // Reading: info, tree, paths-info, refs, commits.
  const treeRoute = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as Params;
    const query = request.query as Query;
    const repo = await readRepo(request, typeOf(params), idOf(params));
    const resolved = await service.resolve(repo, params.revision ?? "main");
    const folder = (params["*"] ?? "").replace(/\/+$/, "");
    if (folder && !resolved.tree.some((entry) => entry.path.startsWith(`${folder}/`)))
      throw new HttpError(
        404,
        `Entry not found: ${repo.id} has no folder "${folder.slice(0, 200)}" at ${params.revision}`,
        "EntryNotFound",
      );
    const items = listFolder(resolved.tree, folder, wantsTrue(query, "recursive"));
    const cursor =
      typeof query.cursor === "string" ? Buffer.from(query.cursor, "base64url").toString("utf8") : undefined;
    const expand = wantsTrue(query, "expand");
    const pageSize = expand ? 50 : TREE_PAGE;
    const start = cursor === undefined ? 0 : items.findIndex((item) => item.path > cursor);
    const page = start === -1 ? [] : items.slice(start, start + pageSize);
    if (start !== -1 && start + pageSize < items.length) {
      const next = new URL(request.url, origin(request));
      next.searchParams.set("cursor", Buffer.from(page[page.length - 1].path).toString("base64url"));
      reply.header("link", `<${next.toString()}>; rel="next"`);
    }
    const last = expand
      ? await lastCommits(
          service,
          resolved,
          page.map((item) => item.path),
        )
      : undefined;
    return page.map((item) =>
      item.entry
        ? fileItem(item.entry, last?.get(item.path))
        : folderItem(item.path, resolved.tree, last?.get(item.path)),
    );
  };
  forTypes("get", "/tree/:revision/*", treeRoute);
  app.get("/api/datasets/:owner/:name/tree/:revision", (request, reply) =>
    treeRoute(Object.assign(request, { params: { ...(request.params as Params), type: "datasets" } }), reply),
  );

  await app.register(async (scope) => {
    // huggingface_hub posts paths-info as a form (paths repeated); @huggingface/hub as JSON.
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => {
        const form = new URLSearchParams(body as string);
        done(null, { paths: form.getAll("paths"), expand: form.get("expand") });
      },
    );
    forTypes(
      "post",
      "/paths-info/:revision",
      async (request) => {
        const params = request.params as Params;
        const repo = await readRepo(request, typeOf(params), idOf(params));
        const resolved = await service.resolve(repo, params.revision ?? "main");
        const body = bodyObject(request);
        const paths = Array.isArray(body.paths) ? body.paths : [body.paths];
        if (!paths.every((path): path is string => typeof path === "string"))
          throw new HttpError(400, `"paths" must be a list of paths`);
        const expand = body.expand === true || body.expand === "true" || body.expand === "True";
        const files = new Map(resolved.tree.map((entry) => [entry.path, entry]));
        const wanted = paths.map((path) => path.replace(/\/+$/, ""));
        const last = expand ? await lastCommits(service, resolved, wanted) : undefined;
        const out = [];
        for (const path of wanted) {
          const entry = files.get(path);
          if (entry) out.push(fileItem(entry, last?.get(path)));
          else if (resolved.tree.some((file) => file.path.startsWith(`${path}/`)))
            out.push(folderItem(path, resolved.tree, last?.get(path)));
        }
        return out;
      },
      scope,
    );
  });

  forTypes("get", "/refs", async (request) => {
    const params = request.params as Params;
    const repo = await readRepo(request, typeOf(params), idOf(params));
    const refs = await service.meta.refs(repo.rid);
    const out: Record<string, unknown> = {
      branches: refs
        .filter((r) => r.kind === "branch")
        .map((r) => ({ name: r.name, ref: `refs/heads/${r.name}`, targetCommit: r.commit })),
      tags: refs
        .filter((r) => r.kind === "tag")
        .map((r) => ({ name: r.name, ref: `refs/tags/${r.name}`, targetCommit: r.commit })),
      converts: [],
    };
    if (wantsTrue(request.query as Query, "include_prs")) out.pullRequests = [];
    return out;
  });

  forTypes("get", "/commits/:revision", async (request, reply) => {
    const params = request.params as Params;
    const query = request.query as Query;
    const repo = await readRepo(request, typeOf(params), idOf(params));
    const resolved = await service.resolve(repo, params.revision ?? "main");
    const page = Math.max(0, Number(typeof query.p === "string" ? query.p : 0) || 0);
    const limit = Math.min(
      1000,
      Math.max(1, Number(typeof query.limit === "string" ? query.limit : COMMITS_PAGE) || COMMITS_PAGE),
    );
    const commits = await service.meta.history(repo.rid, resolved.commit.id, page * limit, limit + 1);
    if (commits.length > limit) {
      const next = new URL(request.url, origin(request));
      next.searchParams.set("p", String(page + 1));
      reply.header("link", `<${next.toString()}>; rel="next"`);
    }
    return commits.slice(0, limit).map((commit) => ({
      id: commit.id,
      title: commit.title,
      message: commit.message,
      authors: [{ user: commit.author, avatar: "" }],
      date: commit.date,
      formatted: { title: commit.title, message: commit.message },
    }));
  });

  forTypes("post", "/branch/:branch", async (request) => {
    const params = request.params as Params;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const start = typeof body.startingPoint === "string" ? body.startingPoint : undefined;
    await service.createBranch(await who(request), typeOf(params), idOf(params), params.branch!, start);
    return {};
  });
  forTypes("delete", "/branch/:branch", async (request) => {
    const params = request.params as Params;
    await service.deleteBranch(await who(request), typeOf(params), idOf(params), params.branch!);
    return {};
  });
  forTypes("post", "/tag/:revision", async (request) => {
    const params = request.params as Params;
    const tag = stringField(bodyObject(request), "tag")!;
    await service.createTag(await who(request), typeOf(params), idOf(params), params.revision!, tag);
    return {};
  });
  forTypes("delete", "/tag/:revision", async (request) => {
    const params = request.params as Params;
    await service.deleteTag(await who(request), typeOf(params), idOf(params), params.revision!);
    return {};
  });
  return { treeRoute };
}

/** The Xet token routes (the CAS service is in xet/), and the datasets' info routes (datasets are hosted only). */
function registerXetAndDatasetRoutes(context: RepoRouteContext): XetRoutes {
  const { app, service, signingKey, who, reader, idOf, typeOf, forTypes, readRepo } = context;
  // Xet (huggingface_hub's default with hf_xet): the token routes; the CAS service is in xet/.
  const xet = registerXetRoutes(app, service, signingKey);
  for (const scope of ["read", "write"] as const) {
    forTypes("get", `/xet-${scope}-token/:revision`, async (request, reply) => {
      const params = request.params as Params;
      const principal = scope === "write" ? await who(request) : await reader(request);
      const target = {
        type: typeOf(params),
        id: idOf(params),
        revision: params.revision ?? "main",
        principal,
      };
      return xet.token(request, reply, scope, target);
    });
  }

  // Datasets are hosted only (the catalogue holds models): their info routes are here.
  const datasetInfo = async (request: FastifyRequest) => {
    const params = request.params as Params;
    const repo = await readRepo(request, "dataset", idOf(params));
    const resolved = await service.resolve(repo, params.revision ?? "main");
    return repoInfo(resolved, request.query as Query, {});
  };
  app.get("/api/datasets/:owner/:name", datasetInfo);
  app.get("/api/datasets/:owner/:name/revision/:revision", datasetInfo);
  app.get("/api/datasets", async (request) => {
    const principal = await reader(request);
    const repos = (await service.meta.listRepos("dataset")).filter((repo) =>
      service.access.canRead(principal, repo),
    );
    return repos.map((repo) => ({
      _id: repo.id,
      id: repo.id,
      author: repo.id.split("/")[0],
      private: repo.private,
      lastModified: repo.lastModified,
      createdAt: repo.createdAt,
    }));
  });
  return xet;
}

/** A hosted repo's info in the hub API's shape: `base` (the catalogue's projection) with the repo's own facts and files. */
async function repoInfo(resolved: Resolved, query: Query, base: Record<string, unknown>) {
  const { repo, commit, tree } = resolved;
  const blobs = wantsTrue(query, "blobs");
  return {
    _id: base._id ?? repo.id,
    id: repo.id,
    ...base,
    author: repo.id.split("/")[0],
    sha: commit.id,
    lastModified: commit.date,
    createdAt: repo.createdAt,
    private: repo.private,
    gated: repo.gated,
    disabled: false,
    siblings: tree.map((entry) =>
      blobs
        ? {
            rfilename: entry.path,
            size: entry.size,
            blobId: entry.oid,
            ...(entry.lfs
              ? {
                  lfs: { sha256: entry.sha256, size: entry.size, pointerSize: lfsInfo(entry)!.pointerSize },
                }
              : {}),
          }
        : { rfilename: entry.path },
    ),
    usedStorage: tree.reduce((sum, entry) => sum + entry.size, 0),
  };
}

/** Xet tokens, datasets, files (resolve and raw), and the hooks the catalogue API calls. */
async function registerFileRoutes(
  context: RepoRouteContext,
  treeRoute: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): Promise<RepoRoutes> {
  const { app, service, options, reader, idOf } = context;
  const xet = registerXetAndDatasetRoutes(context);
  // Files: resolve (LFS content) and raw (LFS pointer), GET and HEAD.
  const fileRoute =
    (type: RepoType, raw: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as Params;
      const id = idOf(params);
      const principal = await reader(request);
      const repo = await service.meta.getRepo(type, id);
      if (!repo && type === "model" && (await options.inCatalogue(id)))
        throw new HttpError(
          404,
          `Entry not found: ${id} is in this hub's catalogue without hosted files (its card is at /${id}/resolve/main/README.md)`,
          "EntryNotFound",
        );
      if (!repo || !service.access.canRead(principal, repo))
        throw service.access.notFound(principal, type, id);
      const resolved = await service.resolve(repo, params.revision ?? "main");
      const path = params["*"] ?? "";
      const entry = resolved.tree.find((file) => file.path === path);
      if (!entry)
        throw new HttpError(
          404,
          `Entry not found: ${repo.id} has no file "${path.slice(0, 200)}" at ${params.revision}`,
          "EntryNotFound",
        );
      const pointer = raw && entry.lfs ? lfsPointer(entry.sha256, entry.size) : undefined;
      const size = pointer ? pointer.length : entry.size;
      const etag = `"${entry.lfs && !raw ? entry.sha256 : pointer ? gitBlobOid(pointer) : entry.oid}"`;
      reply
        .header("etag", etag)
        .header("x-repo-commit", resolved.commit.id)
        .header("accept-ranges", "bytes")
        .header("content-disposition", contentDisposition(path))
        .header(
          "cache-control",
          /^[0-9a-f]{40}$/.test(params.revision ?? "")
            ? "private, max-age=31536000, immutable"
            : "private, no-cache",
        )
        .type("application/octet-stream");
      if (entry.lfs && !raw) {
        reply.header("x-linked-etag", etag).header("x-linked-size", String(entry.size));
        await xet.fileHeaders(request, reply, {
          type,
          id: repo.id,
          commit: resolved.commit.id,
          sha256: entry.sha256,
        });
      }
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      let start = 0;
      let end = size - 1;
      const rangeHeader = request.headers.range;
      if (rangeHeader && size > 0) {
        const range = parseRange(rangeHeader, size);
        if (range === "unsatisfiable")
          return reply.code(416).header("content-range", `bytes */${size}`).send();
        if (range) {
          ({ start, end } = range);
          reply.code(206).header("content-range", `bytes ${start}-${end}/${size}`);
        }
      }
      reply.header("content-length", String(size === 0 ? 0 : end - start + 1));
      if (request.method === "HEAD") return reply.send();
      if (pointer) return reply.send(pointer.subarray(start, end + 1));
      if (size === 0) return reply.send(Buffer.alloc(0));
      const fetching = await options.readMissing?.(resolved, entry, start, end);
      if (fetching) return reply.send(fetching);
      const stored = await service.blobs.openStored(entry.sha256);
      if (!stored) return reply.send(service.blobs.read(entry.sha256, start, end));
      // Written here, past Fastify's reply stream (see BlobStore.sendRange), with the headers its
      // onSend hook would have added.
      reply.hijack();
      for (const [name, value] of Object.entries({ ...reply.getHeaders(), ...SECURITY_HEADERS }))
        if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.writeHead(reply.statusCode);
      await service.blobs.sendRange(stored, reply.raw, start, end);
    };
  for (const [prefix, type] of [
    ["", "model"],
    ["/datasets", "dataset"],
  ] as const) {
    for (const kind of ["resolve", "raw"] as const) {
      const url = `${prefix}/:owner/:name/${kind}/:revision/*`;
      const handler = fileRoute(type, kind === "raw");
      app.get(url, { compress: false, exposeHeadRoute: false }, handler);
      app.head(url, { compress: false }, handler);
    }
  }

  return {
    async hostedRecord(request, id) {
      if (repoIdProblem(id)) return undefined;
      const repo = await service.meta.getRepo("model", id);
      const principal = await reader(request);
      if (!repo) {
        if (await options.inCatalogue(id)) return undefined;
        throw service.access.notFound(principal, "model", id);
      }
      if (!service.access.canRead(principal, repo)) throw service.access.notFound(principal, "model", id);
      const resolved = await service.resolve(repo, "main");
      return hostedModelRecord(service.blobs, repo, resolved.commit, resolved.tree);
    },
    async hostedModel(kind, request, reply) {
      const params = request.params as Params;
      if (!params.owner) return undefined;
      const id = idOf(params);
      // An id no repo can have: the catalogue's checks answer (400 for a malformed one).
      if (repoIdProblem(id)) return undefined;
      const principal = await reader(request);
      const repo = await service.meta.getRepo("model", id);
      if (!repo) {
        // Not hosted: the catalogue answers for its own models; anything else gets the same answer
        // as a private repo, so that missing and hidden cannot be told apart.
        if (await options.inCatalogue(id)) return undefined;
        throw service.access.notFound(principal, "model", id);
      }
      if (!service.access.canRead(principal, repo)) throw service.access.notFound(principal, "model", id);
      const revision = params.revision ?? params.revision ?? "main";
      const resolved = await service.resolve(repo, decodeURIComponent(revision));
      if (kind === "info") {
        const projected = await options.projectModel(resolved, request.query as Query);
        return repoInfo(resolved, request.query as Query, projected);
      }
      if (kind === "tree")
        return treeRoute(Object.assign(request, { params: { ...params, type: "models", revision } }), reply);
      return fileRoute("model", false)(
        Object.assign(request, { params: { ...params, revision, "*": "README.md" } }),
        reply,
      );
    },
  };
}

export async function registerRepoRoutes(
  app: FastifyInstance,
  service: RepoService,
  options: RepoRouteOptions,
): Promise<RepoRoutes> {
  const context = await repoRouteContext(app, service, options);
  await registerAccountRoutes(context);
  await registerLfsRoutes(context);
  const { treeRoute } = await registerReadRoutes(context);
  return registerFileRoutes(context, treeRoute);
}
