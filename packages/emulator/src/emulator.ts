// startEmulator: one 127.0.0.1 listener per real host, routing on the path alone.
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Catalog, loadTasksData } from "./catalog.js";
import { BoundedMap } from "./context.js";
import type { Ctx, Env, Job } from "./context.js";
import { authorizeHubOrRouter, authorizeProvider, errorReply, PROVIDER_ERROR_STYLE } from "./errors.js";
import { FaultRegistry } from "./faults.js";
import { fileRoute } from "./handlers/files.js";
import { hubRoute } from "./handlers/hub.js";
import { autoRouterChat } from "./handlers/autoRouter.js";
import { providerRoute } from "./handlers/providers.js";
import { CDN_HOSTS, HOST_KEYS, HOST_ORIGINS, providerOfHost } from "./hosts.js";
import { HttpError, json, writeReply } from "./reply.js";
import type { Reply } from "./reply.js";
import { RequestLog } from "./request-log.js";
import { PROVIDER_IDS } from "./types.js";
import type { Emulator, EmulatorOptions, FaultRule, HostKey, ProviderId } from "./types.js";

const MAX_BODY_BYTES = 32 * 1024 * 1024;
/**
 * Deepest nesting of arrays and objects a JSON body may have. The handlers walk bodies recursively
 * (schemas, tools, content parts): a body nested thousands deep overflowed the stack, a 500.
 */
export const MAX_JSON_DEPTH = 128;

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

class BodyTooDeep extends Error {}

/**
 * Whether JSON text nests arrays and objects deeper than `limit` (a scan of the bytes, without
 * recursion, before anything walks the parsed value).
 */
export function jsonDeeperThan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

function parseBody(bytes: Buffer, contentType: string): unknown {
  if (bytes.length === 0) return null;
  const looksJson = bytes[0] === 0x7b || bytes[0] === 0x5b || /json/.test(contentType);
  if (looksJson) {
    if (jsonDeeperThan(bytes, MAX_JSON_DEPTH)) throw new BodyTooDeep();
    try {
      return JSON.parse(bytes.toString("utf8"));
    } catch {
      // Not JSON after all; fall through.
    }
  }
  if (/^text\/|json|x-www-form-urlencoded/.test(contentType)) return bytes.toString("utf8");
  return null;
}

function lowerHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  }
  return out;
}

/** Hub and provider model ids a request names, for fault matching and the request log. */
function modelsOf(host: HostKey, provider: ProviderId | undefined, path: string, body: unknown): string[] {
  const out: string[] = [];
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    for (const key of ["model", "model_name", "version"])
      if (typeof b[key] === "string") out.push(b[key] as string);
  }
  const segs = path
    .split("/")
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  if (host === "hub" && segs[0] === "api" && segs[1] === "models" && segs.length > 2)
    out.push(segs.slice(2, 4).join("/"));
  if (provider === "hf-inference") {
    if (segs[0] === "models")
      out.push(
        segs.slice(1, segs[2] === "v1" || segs[2] === "pipeline" || segs.length === 2 ? 2 : 3).join("/"),
      );
    if (segs[0] === "pipeline") out.push(segs.slice(2, 4).join("/"));
  }
  if (provider === "black-forest-labs" && segs[0] === "v1" && segs.length >= 2)
    out.push(segs.slice(1).join("/"));
  if (provider === "fal-ai" && segs.length >= 2) {
    const requestsAt = segs.indexOf("requests");
    const modelSegs = requestsAt > 0 ? segs.slice(0, requestsAt) : segs;
    out.push(modelSegs.join("/"), modelSegs.slice(0, 2).join("/"));
  }
  if (provider === "replicate" && segs[1] === "models" && segs.length >= 4) out.push(`${segs[2]}/${segs[3]}`);
  if (provider === "wavespeed" && segs[0] === "api" && segs[2] !== "predictions")
    out.push(segs.slice(2).join("/"));
  // novita's async tasks name the model in the path.
  if (provider === "novita" && segs[1] === "async" && segs[2] && segs[2] !== "task-result") out.push(segs[2]);
  return [...new Set(out)];
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  // Echo the origin (not "*") so credentialed browser calls (includeCredentials) work too.
  res.setHeader("Access-Control-Allow-Origin", origin ?? "*");
  if (origin) {
    res.setHeader("Access-Control-Allow-Credentials", "true");
    res.setHeader("Vary", "Origin");
  }
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS, HEAD");
  res.setHeader(
    "Access-Control-Allow-Headers",
    req.headers["access-control-request-headers"] ??
      "authorization, content-type, x-key, prefer, x-hf-bill-to, x-wait-for-model, x-use-cache",
  );
  res.setHeader(
    "Access-Control-Expose-Headers",
    "x-request-id, retry-after, content-type, content-length, preference-applied",
  );
  res.setHeader("Access-Control-Max-Age", "600");
}

/** Answers one request: the hub, a CDN, the router's auto chat, or a provider's route (after its auth rules). */
async function route(ctx: Ctx): Promise<Reply> {
  const { host } = ctx;
  if (host === "hub") {
    authorizeHubOrRouter("hub", undefined, ctx.headers);
    return hubRoute(ctx);
  }
  if (CDN_HOSTS.has(host)) return fileRoute(ctx);
  if (host === "router" && ctx.req.path === "/v1/chat/completions") return autoRouterChat(ctx);
  const provider = ctx.provider;
  if (!provider)
    return json(404, {
      error: `Unknown provider in path ${ctx.req.path}. Known providers: ${PROVIDER_IDS.join(", ")}`,
    });
  if (ctx.via === "router") {
    authorizeHubOrRouter("router", provider, ctx.headers);
    const bill = ctx.headers["x-hf-bill-to"];
    if (bill !== undefined && !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,95}$/.test(bill)) {
      return json(400, { error: `Invalid X-HF-Bill-To header: "${bill}" is not an organization name` });
    }
  } else if (!(provider === "black-forest-labs" && ctx.path === "/v1/get_result")) {
    // BFL's polling URL is fetched without credentials (that is how the client uses it).
    authorizeProvider(host, provider, ctx.headers);
  }
  // A body labelled JSON that does not parse is rejected before any route sees it.
  if (/json/.test(ctx.headers["content-type"] ?? "") && typeof ctx.body === "string") {
    let reason = "";
    try {
      JSON.parse(ctx.body);
    } catch (err) {
      reason = (err as Error).message;
    }
    return errorReply(PROVIDER_ERROR_STYLE[provider], 400, `Request body is not valid JSON: ${reason}`);
  }
  return providerRoute(ctx, provider);
}

/** Routes that submit or poll a job: the neverComplete fault keeps their jobs pending instead of hanging them. */
function isPollingRoute({ host, query, provider, path }: Ctx): boolean {
  return (
    host === "fal-ai-queue" ||
    query._subdomain === "queue" ||
    provider === "black-forest-labs" ||
    provider === "replicate" ||
    provider === "wavespeed" ||
    (provider === "zai-org" && /\/async(-result)?\//.test(path)) ||
    (provider === "together" && path.startsWith("/v2/videos")) ||
    (provider === "novita" && /^\/v3\/(async|minimax)\//.test(path))
  );
}

/** Reads and parses a request's body; answers 413 or 400 itself (and resolves undefined) when it cannot. */
async function readRequest(
  req: IncomingMessage,
  res: ServerResponse,
): Promise<{ bodyBytes: Buffer; body: unknown; url: URL; headers: Record<string, string> } | undefined> {
  let bodyBytes: Buffer;
  try {
    bodyBytes = await readBody(req);
  } catch (err) {
    const tooLarge = err instanceof BodyTooLarge;
    res.statusCode = tooLarge ? 413 : 400;
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Connection", "close");
    res.end(
      JSON.stringify({
        error: tooLarge ? `Request body exceeds ${MAX_BODY_BYTES} bytes` : "Could not read the request body",
      }),
    );
    return;
  }
  const url = new URL(req.url ?? "/", "http://emulator.invalid");
  const headers = lowerHeaders(req);
  let body: unknown;
  try {
    body = parseBody(bodyBytes, headers["content-type"] ?? "");
  } catch (err) {
    if (!(err instanceof BodyTooDeep)) throw err;
    res.statusCode = 400;
    res.setHeader("Content-Type", "application/json");
    res.end(
      JSON.stringify({
        error: `Request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`,
      }),
    );
    return;
  }
  return { bodyBytes, body, url, headers };
}

/**
 * One server per host on 127.0.0.1 (consecutive ports from `portBase`, else free ones), filling `urls`;
 * if one cannot listen, those already listening are closed and the error names the host.
 */
async function listenOnEveryHost(
  portBase: number | undefined,
  urls: Record<HostKey, string>,
  handle: (host: HostKey, req: IncomingMessage, res: ServerResponse) => void,
): Promise<Server[]> {
  const servers: Server[] = [];
  for (const [i, host] of HOST_KEYS.entries()) {
    const server = createServer((req, res) => handle(host, req, res));
    servers.push(server);
    const port = portBase === undefined ? 0 : portBase + i;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    }).catch(async (err: unknown) => {
      await Promise.all(servers.slice(0, -1).map((s) => new Promise<void>((r) => s.close(() => r()))));
      const code = (err as NodeJS.ErrnoException).code ?? "";
      throw new Error(
        `Cannot listen on 127.0.0.1:${port} (stand-in for ${HOST_ORIGINS[host]}): ${code || String(err)}`,
        { cause: err },
      );
    });
    urls[host] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  return servers;
}

/** What a running emulator's request handler shares with it. */
interface Running {
  log: RequestLog;
  faults: FaultRegistry;
  env: Env;
  sleep: (ms: number) => Promise<void>;
  closed: () => boolean;
  /** the number the next request will get (its x-request-id), and taking it */
  nextSeq: () => number;
  takeSeq: () => number;
  streamIntervalMs: number;
}

/** One request to one host: read, logged, faulted or routed, and answered. */
async function handleRequest(
  run: Running,
  host: HostKey,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  setCors(req, res);
  res.setHeader("x-request-id", `emu-${host}-${run.nextSeq()}`);
  if (req.method === "OPTIONS") {
    res.statusCode = 204;
    res.end();
    return;
  }
  const read = await readRequest(req, res);
  if (!read) return;
  const { bodyBytes, body, url, headers } = read;
  let provider = providerOfHost(host);
  let path = url.pathname;
  let via: Ctx["via"] = "direct";
  if (host === "router") {
    via = "router";
    const segs = url.pathname.split("/");
    const first = segs[1] ?? "";
    provider = (PROVIDER_IDS as readonly string[]).includes(first) ? (first as ProviderId) : undefined;
    path = "/" + segs.slice(2).join("/");
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = v;
  const models = modelsOf(host, provider, path, body);

  const record = run.log.add({
    seq: run.takeSeq(),
    method: req.method ?? "GET",
    host,
    url,
    query,
    headers,
    body,
    bodyBytes,
    provider,
    model: models[0],
  });

  const fault: FaultRule | undefined = run.faults.take({
    host,
    path: url.pathname,
    method: record.method,
    provider,
    models,
  });
  const ctx: Ctx = {
    req: record,
    host,
    via,
    provider,
    path,
    query,
    headers,
    body,
    bodyBytes,
    fault,
    env: run.env,
  };
  let reply: Reply;
  try {
    if (fault?.delayMs) await run.sleep(fault.delayMs);
    if (run.closed()) return;
    if (fault?.dropConnection) {
      res.socket?.destroy();
      return;
    }
    if (fault?.status !== undefined) {
      reply = faultReply(fault);
    } else {
      reply = await route(ctx);
      if (fault?.neverComplete && !isPollingRoute(ctx)) reply = { kind: "hang" };
    }
  } catch (err) {
    if (err instanceof HttpError) reply = err.reply;
    else {
      const style = provider ? PROVIDER_ERROR_STYLE[provider] : "hf";
      reply = errorReply(
        style,
        500,
        `Emulator internal error: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  // Faults shaping a stream or body apply only to successful answers.
  const shapingFault =
    reply.kind !== "hang" && (reply.kind === "sse" || reply.status < 300)
      ? fault
      : fault?.status !== undefined
        ? fault
        : undefined;
  record.status = reply.kind === "hang" ? undefined : reply.kind === "sse" ? 200 : reply.status;
  await writeReply(res, reply, {
    fault: shapingFault,
    streamIntervalMs: run.streamIntervalMs,
    sleep: run.sleep,
  });
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const pollSteps = options.pollSteps ?? 2;
  const maxRecorded = options.maxRecordedRequests ?? 1000;
  if (!Number.isInteger(pollSteps) || pollSteps < 0)
    throw new RangeError(`pollSteps must be a non-negative integer, got ${String(options.pollSteps)}`);
  if (!Number.isInteger(maxRecorded) || maxRecorded < 1)
    throw new RangeError(
      `maxRecordedRequests must be a positive integer, got ${String(options.maxRecordedRequests)}`,
    );
  if (
    options.portBase !== undefined &&
    (!Number.isInteger(options.portBase) ||
      options.portBase < 1 ||
      options.portBase + HOST_KEYS.length > 65535)
  ) {
    throw new RangeError(
      `portBase must be an integer between 1 and ${65535 - HOST_KEYS.length}, got ${String(options.portBase)}`,
    );
  }

  const tasksData = await loadTasksData();
  const catalog = new Catalog(options.models, options.resolveModel, tasksData);
  const faults = new FaultRegistry(options.slowDelayMs ?? 1500);
  const log = new RequestLog(maxRecorded);
  const { requests, tokenLeaks } = log;
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let closed = false;
  let seq = 0;
  let serial = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (closed || ms <= 0) return resolve();
      const entry = {
        timer: setTimeout(() => {
          timers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      timers.add(entry);
    });

  const urls = {} as Record<HostKey, string>;
  const env: Env = {
    urls,
    catalog,
    pollSteps,
    now: options.now ?? Date.now,
    jobs: new BoundedMap<Job>(2000),
    nextSerial: () => ++serial,
  };

  const running: Running = {
    log,
    faults,
    env,
    sleep,
    closed: () => closed,
    nextSeq: () => seq + 1,
    takeSeq: () => ++seq,
    streamIntervalMs: options.streamIntervalMs ?? 0,
  };
  const handle = (host: HostKey, req: IncomingMessage, res: ServerResponse) =>
    handleRequest(running, host, req, res);

  const servers = await listenOnEveryHost(options.portBase, urls, (host, req, res) =>
    handle(host, req, res).catch((err: unknown) => {
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: `Emulator internal error: ${String(err)}` }));
      } else res.destroy();
    }),
  );

  const providerUrls: Record<string, string> = {};
  for (const p of PROVIDER_IDS)
    providerUrls[p] =
      p === "hf-inference" ? `${urls.router}/hf-inference` : urls[p as Exclude<ProviderId, "hf-inference">];
  providerUrls["fal-ai-queue"] = urls["fal-ai-queue"];
  const hosts: Record<string, string> = {};
  for (const h of HOST_KEYS) hosts[HOST_ORIGINS[h]] = urls[h];

  const emulator: Emulator = {
    hubUrl: urls.hub,
    routerUrl: urls.router,
    providerUrls,
    hosts,
    clientOptions: { hubUrl: urls.hub, routerUrl: urls.router, providerUrls },
    requests,
    tokenLeaks,
    clearRequests: () => log.clear(),
    lastRequest: (filter) => log.last(filter),
    fault: (rule) => faults.add(rule),
    clearFaults: () => faults.clear(),
    rewriteUrl(input) {
      for (const [origin, local] of Object.entries(hosts)) {
        if (input === origin || input.startsWith(origin + "/") || input.startsWith(origin + "?"))
          return local + input.slice(origin.length);
      }
      return input;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const t of timers) {
        clearTimeout(t.timer);
        t.resolve();
      }
      timers.clear();
      env.jobs.clear();
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
    },
  };
  return emulator;
}

function faultReply(fault: FaultRule): Reply {
  const status = fault.status ?? 500;
  const body = fault.body ?? { error: `Emulated fault (HTTP ${status})` };
  if (body instanceof Uint8Array)
    return {
      kind: "bytes",
      status,
      bytes: body,
      contentType: fault.contentType ?? "application/octet-stream",
    };
  if (typeof body === "string")
    return {
      kind: "text",
      status,
      text: body,
      contentType: fault.contentType ?? "text/plain; charset=utf-8",
    };
  return { kind: "json", status, body, contentType: fault.contentType ?? "application/json" };
}
