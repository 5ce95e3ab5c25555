// The hub server: Fastify with the hub API, the inference proxy, the web app and its security headers,
// over the SQLite catalogue. Offline (the default) it starts the provider emulator in-process.
import { adminsFrom, registerAdminRoutes } from "./admin/routes.js";
import { existsSync } from "node:fs";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import { startEmulator, type EmulatedModel, type Emulator } from "@hubkit/emulator";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from "fastify";
import { projectModelForQuery, registerHubApi } from "./api/catalogue.js";
import { hostedModelRecord } from "./repos/model-facts.js";
import { byteLimit, followInCatalogue, openRepoService, syncCatalogue } from "./repos/open.js";
import { readsHostedRepoOnly, registerPreviewRoutes } from "./repos/preview-routes.js";
import { registerRepoRoutes } from "./repos/routes.js";
import { DEFAULT_LIMITS, type RepoService } from "./repos/service.js";
import { PROVIDER_STATS_PATH, ProviderStats } from "./router/provider-stats.js";
import { errorHeaders, HttpError } from "./http/errors.js";
import { libraryRegistry, taskAssetsDir, taskPages } from "./catalogue/hub-data.js";
import { seedEmbeddedCatalogue } from "./catalogue/importer.js";
import type { HubModel } from "./catalogue/model-record.js";
import { DEFAULT_DATA_DIR, EMBEDDED_CATALOGUE_PATH, HUB_VERSION, WEB_DIST_DIR } from "./paths.js";
import { createPageRenderer, type PageRenderer } from "./pages/render.js";
import {
  DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS,
  DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS,
  registerRouterProxy,
  type ProxyExchange,
} from "./router/proxy.js";
import {
  answerClientError,
  checkHost,
  checkQuery,
  defaultAllowedHosts,
  HostAllowList,
  parseAllowedHosts,
  SECURITY_HEADERS,
} from "./http/request-guard.js";
import { registerStaticFiles } from "./pages/static-files.js";
import { mirrorOptionsFromEnv, type MirrorOptions } from "./mirror/config.js";
import { Mirror } from "./mirror/mirror.js";
import { openGateway, type GatewayOptionsInput, type OpenedGateway } from "./gateway/open.js";
import { openStore, SqliteHubStore, type HubStore } from "./store/hub-store.js";

export const REAL_ROUTER_URL = "https://router.huggingface.co";
/** Sent to the emulator's router when the browser sends no token: it accepts any `hf_` token. */
const OFFLINE_TOKEN = "hf_hubkitOfflineEmulator";
const API_BODY_LIMIT = 1024 * 1024;
/** Pause between streamed events of the offline emulator: replies appear token by token, as online. */
export const DEFAULT_EMULATOR_STREAM_INTERVAL_MS = 30;
const MAX_EMULATOR_STREAM_INTERVAL_MS = 10_000;
/** How long `close()` waits for requests under way before dropping their connections. */
const CLOSE_GRACE_MS = 1000;
/** Proxy exchanges kept in `HubServer.proxyExchanges`. */
const KEPT_EXCHANGES = 200;
const PROXY_BODY_LIMIT = 32 * 1024 * 1024;
/** Defaults for the inbound side: all of a request (headers and body), and its headers alone. */
// Long enough for a large upload (a 50 GB file at 1 Gbit/s takes about 7 minutes); slow-header
// clients are cut by the headers timeout much sooner.
export const DEFAULT_REQUEST_TIMEOUT_MS = 900_000;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
const MAX_TIMEOUT_MS = 3_600_000;

export interface HubServerOptions {
  host?: string;
  /** 0 picks a free port */
  port?: number;
  /** when the port is taken, try the next ones (up to 10) instead of failing */
  portFallback?: boolean;
  dataDir?: string;
  /**
   * postgres://… to keep the catalogue in PostgreSQL, shared by several hub replicas (default:
   * $HUBKIT_DATABASE_URL); without one, the SQLite file in dataDir
   */
  databaseUrl?: string;
  /** most PostgreSQL connections this server opens (default: $HUBKIT_DATABASE_POOL_SIZE, else 10) */
  databasePoolSize?: number;
  webDistDir?: string;
  /** the web app's server renderer (default: dist-ssr next to webDistDir); absent → pages render in the browser */
  webSsrDir?: string;
  cataloguePath?: string;
  /** the server's hub token; online mode uses it for inference (default: process.env.HF_TOKEN) */
  hfToken?: string;
  /** default: "online" when a token is set, else "offline" */
  mode?: "offline" | "online";
  /** router used online (default https://router.huggingface.co) */
  onlineRouterUrl?: string;
  /**
   * Offline: milliseconds between the emulator's stream events (default: $HUBKIT_EMULATOR_STREAM_INTERVAL_MS,
   * else 30; 0 sends a whole stream at once)
   */
  emulatorStreamIntervalMs?: number;
  /**
   * Host header values served (names match any port; `name:port` one port; `*` any well-formed Host).
   * Default: $HUBKIT_ALLOWED_HOSTS, else localhost, 127.0.0.1, [::1] and the bind address (bound to
   * 0.0.0.0 or ::, the machine's addresses and name).
   */
  allowedHosts?: string[];
  /** proxy: most ms to connect to the upstream (default $HUBKIT_UPSTREAM_CONNECT_TIMEOUT_MS, else 10 000) */
  upstreamConnectTimeoutMs?: number;
  /**
   * proxy: most ms the upstream may stay silent, before its headers and between body chunks
   * (default $HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS, else 120 000)
   */
  upstreamIdleTimeoutMs?: number;
  /** most ms to receive a whole request, body included (default $HUBKIT_REQUEST_TIMEOUT_MS, else 60 000) */
  requestTimeoutMs?: number;
  /** most ms to receive a request's headers (default $HUBKIT_HEADERS_TIMEOUT_MS, else 10 000) */
  headersTimeoutMs?: number;
  /**
   * most megabytes of rendered pages kept in memory (default: $HUBKIT_PAGE_CACHE_MB, else 32; 0 renders
   * every page request anew)
   */
  pageCacheMegabytes?: number;
  /** folder of hosted files by sha256, shared by replicas (default: $HUBKIT_BLOB_DIR, else <dataDir>/blobs) */
  blobDir?: string;
  /** largest hosted file and repo in bytes (default: $HUBKIT_MAX_FILE_BYTES 50 GiB, $HUBKIT_MAX_REPO_BYTES 1 TiB) */
  maxFileBytes?: number;
  maxRepoBytes?: number;
  /**
   * The router as a team gateway: limits, Redis, failover deadline, whether router calls need a hub
   * token (defaults from HUBKIT_REDIS_URL, HUBKIT_LIMIT_*, HUBKIT_ROUTER_REQUIRE_TOKENS, HUBKIT_SECRET_KEY)
   */
  gateway?: GatewayOptionsInput;
  /** hub admins' user names (default: $HUBKIT_ADMINS, a comma list): provider keys and storage in the web app */
  admins?: string[];
  /** where the gateway's warnings go (Redis away, keys that do not open); default console.warn */
  onWarning?: (message: string) => void;
  /** seed the embedded catalogue into a fresh or outdated database (default true) */
  seed?: boolean;
  /** pull-through mirror of another hub (default: from $HUBKIT_UPSTREAM_URL…; false: none) */
  mirror?: MirrorOptions | false;
  logger?: boolean;
}

export interface HubServer {
  app: FastifyInstance;
  url: string;
  mode: "offline" | "online";
  store: HubStore;
  /** hosted repositories: accounts, tokens, repos, commits and files */
  repos: RepoService;
  /** loopback URL of the in-process emulator's router (offline only) */
  emulatorRouterUrl?: string;
  /** the in-process emulator (offline only): its request log and faults, for tests and diagnostics */
  emulator?: Emulator;
  /** the router gateway: where limits are counted, provider keys, usage */
  gateway: OpenedGateway;
  /** the latest exchanges through the inference proxy, oldest first (at most 200) */
  proxyExchanges: ProxyExchange[];
  /** the pull-through mirror, when an upstream is set */
  mirror?: Mirror;
  /** what seeding the embedded catalogue did at start (seeded: false when it was already loaded) */
  embeddedSeed?: { seeded: boolean; inserted: number; updated: number };
  close(): Promise<void>;
}

const NO_WEB_APP_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hubkit hub</title></head>
<body><h1>hubkit hub</h1><p>The web app is not built yet (apps/web/dist is missing). The hub API is up:</p>
<ul><li><a href="/api/models">/api/models</a></li><li><a href="/api/tasks">/api/tasks</a></li>
<li><a href="/api/libraries">/api/libraries</a></li><li><a href="/api/hubkit/config">/api/hubkit/config</a></li></ul></body></html>`;

function toEmulatedModel(model: HubModel): EmulatedModel {
  return {
    id: model.id,
    pipeline_tag: model.pipeline_tag ?? "",
    library_name: model.library_name,
    tags: model.tags,
    mask_token: model.mask_token,
    inferenceProviderMapping: model.inferenceProviderMapping ?? {},
  } as EmulatedModel;
}

/** Paths that name a file (not a page of the app): these get a 404 instead of the SPA fallback. */
const STATIC_FILE_RE =
  /\.(?:js|mjs|css|map|html|png|jpe?g|gif|svg|webp|avif|ico|json|txt|wasm|woff2?|ttf|wav|mp3|mp4|glb)$/i;

/** What checkPath and checkQuery look for; a URL without any of it passes both. */
const MAY_NEED_CHECKING_RE = /[%\\]|\.\./;

/** Rejects paths that try to climb out of a folder, whatever their encoding. */
function checkPath(url: string): string | undefined {
  const rawPath = url.split("?")[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return "malformed percent-encoding in the URL path";
  }
  if (decoded.includes("\0")) return "NUL byte in the URL path";
  if (decoded.includes("\\") || decoded.split("/").some((segment) => segment === "..")) {
    return "path traversal ('..' or '\\') is not allowed in the URL path";
  }
  return undefined;
}

/** HUBKIT_EMULATOR_STREAM_INTERVAL_MS: unset or empty → undefined; anything but digits → a clear error. */
export function parseStreamInterval(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  if (!/^\d+$/.test(text.trim())) {
    throw new Error(
      `HUBKIT_EMULATOR_STREAM_INTERVAL_MS must be a whole number of milliseconds (0 to ${MAX_EMULATOR_STREAM_INTERVAL_MS}), got "${text.slice(0, 40)}"`,
    );
  }
  return Number(text.trim());
}

/**
 * A millisecond setting from the environment: unset or empty → undefined; anything but a whole number
 * from 1 to one hour → a clear error naming the variable.
 */
export function parseMilliseconds(name: string, text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value < 1 || value > MAX_TIMEOUT_MS) {
    throw new Error(
      `${name} must be a whole number of milliseconds (1 to ${MAX_TIMEOUT_MS}), got "${text.slice(0, 40)}"`,
    );
  }
  return value;
}

function timeoutSetting(name: string, option: number | undefined, env: string, fallback: number): number {
  const value = option ?? parseMilliseconds(env, process.env[env]) ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > MAX_TIMEOUT_MS) {
    throw new Error(`${name} must be an integer between 1 and ${MAX_TIMEOUT_MS} (ms), got ${value}`);
  }
  return value;
}

/** Listens on host:port (with portFallback, the next of 10 ports when one is taken); the server's URL. */
async function listen(app: FastifyInstance, host: string, options: HubServerOptions): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      await app.listen({ host, port: (options.port ?? 0) + (options.port ? attempt : 0) });
      break;
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
      if (!taken || !options.portFallback || !options.port || attempt >= 9) {
        await app.close();
        throw error;
      }
    }
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const displayHost =
    host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${displayHost}:${port}`;
}

/**
 * The web app: its static files, and its pages rendered on the server (kept while the data they read
 * is unchanged) for every path that is no API, proxy or file; JSON 404s for the rest.
 */
async function registerPages(
  app: FastifyInstance,
  options: HubServerOptions,
  {
    store,
    providerStats,
    pageCacheMegabytes,
  }: { store: HubStore; providerStats: ProviderStats; pageCacheMegabytes: number },
): Promise<void> {
  const webDistDir = options.webDistDir ?? WEB_DIST_DIR;
  const { webApp } = await registerStaticFiles(app, { webDistDir, taskAssetsDir: taskAssetsDir() });
  const pages: PageRenderer | undefined = webApp
    ? await createPageRenderer(app, {
        webDistDir,
        ssrDir: options.webSsrDir ?? path.join(webDistDir, "..", "dist-ssr"),
        cache: {
          maxBytes: pageCacheMegabytes * 1024 * 1024,
          // What the pages' loaders read that can change while the server runs: the catalogue and
          // the providers' measured figures (tasks, libraries and the config are fixed at start, and
          // counted as catalogue). Only the pages that read the figures (model pages) depend on them.
          dataVersion: async () => ({
            catalogue: await store.catalogueVersion(),
            providerStats: providerStats.version(),
          }),
          // Usage changes with every router call and has no version: its page is never kept.
          sourceOf: (apiPath) =>
            apiPath.startsWith("/api/hubkit/usage")
              ? "usage"
              : apiPath.startsWith(PROVIDER_STATS_PATH)
                ? "providerStats"
                : readsHostedRepoOnly(apiPath)
                  ? "repos"
                  : "catalogue",
        },
      })
    : undefined;

  const isPage = (url: string) => {
    const pathname = url.split("?")[0]!;
    // `//host/…` and `/\host/…` are no page of this site: read as a URL they name another host
    // (the renderer rendered /… for it, and kept one cached page per made-up host).
    if (/^\/[/\\]/.test(pathname)) return false;
    return !/^\/(api|router|emulator|assets\/tasks)(\/|$)/.test(pathname) && !STATIC_FILE_RE.test(pathname);
  };
  // Pages are a route (not the not-found handler) so that they get the routes' compression.
  if (pages) {
    app.get("/*", async (request, reply) =>
      isPage(request.url) ? pages.send(request, reply) : reply.callNotFound(),
    );
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0];
    if ((request.method === "GET" || request.method === "HEAD") && pathname === "/" && !pages) {
      return reply.type("text/html; charset=utf-8").send(NO_WEB_APP_PAGE);
    }
    return reply.code(404).send({ error: `Not found: ${request.method} ${pathname.slice(0, 200)}` });
  });
}

/**
 * The Fastify instance with what every route shares: the request and header deadlines, the Host and
 * path checks, the security headers, JSON errors (a 500 says nothing of its cause) and compression.
 */
async function createHubApp(
  options: HubServerOptions,
  {
    allowList,
    requestTimeoutMs,
    headersTimeoutMs,
  }: { allowList: HostAllowList; requestTimeoutMs: number; headersTimeoutMs: number },
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? { level: "info", redact: ["req.headers.authorization", "req.headers.cookie"] }
      : false,
    bodyLimit: API_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // A request whose headers or body never finish is answered 408 and closed (Node checks its
    // connections every `connectionsCheckingInterval` ms).
    requestTimeout: requestTimeoutMs,
    http: {
      // Node's own answer to a missing Host is a bare 400; the onRequest hook answers it properly.
      requireHostHeader: false,
      headersTimeout: headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(20, Math.floor(headersTimeoutMs / 4))),
    },
    // Requests Node cannot parse, and URLs the router cannot decode, get JSON and the security headers.
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, _request, frameworkReply) => {
      const reply = frameworkReply as FastifyReply;
      reply.headers(SECURITY_HEADERS);
      const message =
        error.code === "FST_ERR_BAD_URL"
          ? "The URL is malformed (bad percent-encoding)"
          : error.code === "FST_ERR_MAX_PARAM_LENGTH"
            ? "A path segment of the URL is too long"
            : "The request could not be routed";
      return reply.code(400).send({ error: message });
    },
  });

  app.addHook("onRequest", async (request) => {
    const hostProblem = checkHost(request.headers.host, allowList);
    if (hostProblem) throw new HttpError(hostProblem.statusCode, hostProblem.message);
    const problem = checkPath(request.url) ?? checkQuery(request.url);
    if (problem) throw new HttpError(400, problem);
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    return payload;
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500 && !(error instanceof HttpError)) {
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send({ error: "Internal server error" });
    }
    if (status === 503) reply.header("retry-after", "5");
    if (error instanceof HttpError) reply.headers(errorHeaders(error));
    const code = (error as FastifyError).code;
    let message = error.message;
    if (code === "FST_ERR_CTP_BODY_TOO_LARGE") message = "Request body is too large";
    else if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      message = `Unsupported Content-Type "${String(request.headers["content-type"] ?? "").slice(0, 80)}": the API accepts application/json`;
    } else if (code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) {
      message = "Request body is not valid JSON";
    }
    return reply.code(status).send({ error: message });
  });

  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  return app;
}

/** The server's settings from its options and the environment, checked: a bad one stops the start. */
function serverSettings(options: HubServerOptions) {
  const hfToken = options.hfToken ?? process.env.HF_TOKEN ?? undefined;
  const mode = options.mode ?? (hfToken ? "online" : "offline");
  if (mode === "online" && !hfToken) throw new Error("online mode needs a hub token: set HF_TOKEN");

  const streamIntervalMs =
    options.emulatorStreamIntervalMs ??
    parseStreamInterval(process.env.HUBKIT_EMULATOR_STREAM_INTERVAL_MS) ??
    DEFAULT_EMULATOR_STREAM_INTERVAL_MS;
  if (
    !Number.isInteger(streamIntervalMs) ||
    streamIntervalMs < 0 ||
    streamIntervalMs > MAX_EMULATOR_STREAM_INTERVAL_MS
  ) {
    throw new Error(
      `emulatorStreamIntervalMs must be an integer between 0 and ${MAX_EMULATOR_STREAM_INTERVAL_MS}, got ${streamIntervalMs}`,
    );
  }

  const pageCacheMegabytes =
    options.pageCacheMegabytes ?? parsePageCacheMegabytes(process.env.HUBKIT_PAGE_CACHE_MB) ?? 32;
  if (!Number.isFinite(pageCacheMegabytes) || pageCacheMegabytes < 0 || pageCacheMegabytes > 65_536) {
    throw new Error(`pageCacheMegabytes must be between 0 and 65536, got ${pageCacheMegabytes}`);
  }

  const host = options.host ?? "127.0.0.1";
  const allowList = new HostAllowList(
    options.allowedHosts ?? parseAllowedHosts(process.env.HUBKIT_ALLOWED_HOSTS) ?? defaultAllowedHosts(host),
  );
  const upstreamConnectTimeoutMs = timeoutSetting(
    "upstreamConnectTimeoutMs",
    options.upstreamConnectTimeoutMs,
    "HUBKIT_UPSTREAM_CONNECT_TIMEOUT_MS",
    DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS,
  );
  const upstreamIdleTimeoutMs = timeoutSetting(
    "upstreamIdleTimeoutMs",
    options.upstreamIdleTimeoutMs,
    "HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS",
    DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS,
  );
  const requestTimeoutMs = timeoutSetting(
    "requestTimeoutMs",
    options.requestTimeoutMs,
    "HUBKIT_REQUEST_TIMEOUT_MS",
    DEFAULT_REQUEST_TIMEOUT_MS,
  );
  // Node wants the headers' deadline within the whole request's.
  const headersTimeoutMs = Math.min(
    requestTimeoutMs,
    timeoutSetting(
      "headersTimeoutMs",
      options.headersTimeoutMs,
      "HUBKIT_HEADERS_TIMEOUT_MS",
      DEFAULT_HEADERS_TIMEOUT_MS,
    ),
  );
  return {
    hfToken,
    mode,
    streamIntervalMs,
    pageCacheMegabytes,
    host,
    allowList,
    upstreamConnectTimeoutMs,
    upstreamIdleTimeoutMs,
    requestTimeoutMs,
    headersTimeoutMs,
  };
}

// One function, longer than the others, because every resource it opens (store, repositories,
// emulator, mirror, gateway) must be closed, in reverse order, when a later step fails; each step is a
// call of its own (serverSettings, createHubApp, registerPages, listen).
export async function startHubServer(options: HubServerOptions = {}): Promise<HubServer> {
  const settings = serverSettings(options);
  const { hfToken, mode, host } = settings;

  const store = await openStore({
    dataDir: options.dataDir ?? DEFAULT_DATA_DIR,
    databaseUrl: options.databaseUrl ?? process.env.HUBKIT_DATABASE_URL,
    poolSize: options.databasePoolSize ?? parsePoolSize(process.env.HUBKIT_DATABASE_POOL_SIZE),
  });
  let emulator: Awaited<ReturnType<typeof startEmulator>> | undefined;
  let repos: RepoService | undefined;
  let mirror: Mirror | undefined;
  let gateway: OpenedGateway | undefined;
  let embeddedSeed: HubServer["embeddedSeed"];
  try {
    const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
    const databaseUrl = options.databaseUrl ?? process.env.HUBKIT_DATABASE_URL;
    repos = await openRepoService({
      dataDir,
      databaseUrl,
      blobDir: options.blobDir ?? (process.env.HUBKIT_BLOB_DIR || undefined),
      limits: {
        maxFileBytes:
          options.maxFileBytes ??
          byteLimit("HUBKIT_MAX_FILE_BYTES", process.env.HUBKIT_MAX_FILE_BYTES, DEFAULT_LIMITS.maxFileBytes),
        maxRepoBytes:
          options.maxRepoBytes ??
          byteLimit("HUBKIT_MAX_REPO_BYTES", process.env.HUBKIT_MAX_REPO_BYTES, DEFAULT_LIMITS.maxRepoBytes),
      },
    });
    if (options.seed !== false) {
      const cataloguePath = options.cataloguePath ?? EMBEDDED_CATALOGUE_PATH;
      if (existsSync(cataloguePath)) {
        const { seeded, report } = await seedEmbeddedCatalogue(store, cataloguePath);
        embeddedSeed = { seeded, inserted: report?.inserted ?? 0, updated: report?.updated ?? 0 };
      }
    }
    if (mode === "offline") {
      // The emulator answers for this catalogue's models and provider ids, not only its own table.
      const mapped = await store.mappedModels();
      // The emulator looks models up synchronously: SQLite answers at once; with PostgreSQL it knows
      // the models that have a provider mapping when the server started.
      const catalogue = store instanceof SqliteHubStore ? store.catalogue : undefined;
      emulator = await startEmulator({
        streamIntervalMs: settings.streamIntervalMs,
        models: mapped.map(toEmulatedModel),
        resolveModel: (id) => {
          const model = catalogue?.getModel(id);
          return model ? toEmulatedModel(model) : undefined;
        },
      });
    }

    const app = await createHubApp(options, settings);

    const onlineRouterUrl = options.onlineRouterUrl ?? REAL_ROUTER_URL;
    const proxyExchanges: ProxyExchange[] = [];
    const providerStats = new ProviderStats();
    const routerUrl = emulator ? emulator.routerUrl : onlineRouterUrl;
    const repoService = repos;
    const followRepos = followInCatalogue(store, repoService, (message) => app.log.warn(message));
    repoService.onChange(followRepos);
    await syncCatalogue(store, repoService, followRepos);
    const mirrorOptions = options.mirror ?? mirrorOptionsFromEnv(process.env);
    if (mirrorOptions) {
      mirror = new Mirror(repoService, mirrorOptions, dataDir, {
        inCatalogue: async (id) => (await store.getModel(id)) !== undefined,
        warn: (message) => app.log.warn(message),
      });
      mirror.onRecorded = followRepos;
      mirror.install(app);
    }
    const mirrorFiles = mirror;
    const repoRoutes = await registerRepoRoutes(app, repoService, {
      readMissing: mirrorFiles && ((...args) => mirrorFiles.readMissing(...args)),
      inCatalogue: async (id) => (await store.getModel(id)) !== undefined,
      projectModel: async (resolved, query) => {
        const projected = projectModelForQuery(
          await hostedModelRecord(repoService.blobs, resolved.repo, resolved.commit, resolved.tree),
          query,
        );
        // A mirrored repo says where it came from (the model page shows it).
        const mirrored = mirror?.state.get(resolved.repo.type, resolved.repo.id);
        return mirrored
          ? { ...projected, hubkitMirror: { upstream: mirrored.upstream, fetchedAt: mirrored.fetchedAt } }
          : projected;
      },
    });
    registerPreviewRoutes(app, repoService);
    await registerHubApi(app, {
      store,
      hosted: (kind, request, reply) => repoRoutes.hostedModel(kind, request, reply),
      hostedRecord: (request, id) => repoRoutes.hostedRecord(request, id),
      tasks: taskPages,
      libraries: libraryRegistry,
      providerStats: () => providerStats.summary(),
      mirrored: mirrorFiles && {
        of: (id) => {
          const found = mirrorFiles.state.get("model", id);
          return found && { upstream: found.upstream, fetchedAt: found.fetchedAt };
        },
        ids: () => mirrorFiles.state.list().flatMap((repo) => (repo.type === "model" ? [repo.id] : [])),
      },
      config: () => ({
        mode,
        router: mode === "offline" ? routerUrl : onlineRouterUrl,
        proxy: "/router",
        version: HUB_VERSION,
      }),
    });
    // Readiness for a load balancer: 200 only while the catalogue's database answers.
    app.get("/api/hubkit/ready", async (_request, reply) => {
      try {
        await store.check();
      } catch (error) {
        return reply
          .code(503)
          .header("retry-after", "5")
          .send({ ready: false, store: store.kind, error: (error as Error).message });
      }
      return { ready: true, store: store.kind };
    });
    const openedGateway = await openGateway(app, {
      ...options.gateway,
      dataDir: options.dataDir ?? DEFAULT_DATA_DIR,
      databaseUrl: options.databaseUrl ?? process.env.HUBKIT_DATABASE_URL,
      mode,
      routerUrl,
      serverAuthorization: `Bearer ${emulator ? OFFLINE_TOKEN : hfToken}`,
      providerUrls: emulator?.providerUrls,
      store,
      meta: repoService.meta,
      figures: () => providerStats.summary().providers,
      latency: () => providerStats.decayedLatency(),
      warn: options.onWarning ?? ((message) => console.warn(`hubkit hub: ${message}`)),
    });
    gateway = openedGateway;
    registerAdminRoutes(app, {
      keys: openedGateway.keys,
      repos: repoService,
      admins: adminsFrom(options.admins?.join(",") ?? process.env.HUBKIT_ADMINS),
      reload: () => openedGateway.reloadSettings(),
    });
    let admittedHost: string | undefined;
    const routerProxy = await registerRouterProxy(app, {
      routerUrl,
      serverToken: emulator ? OFFLINE_TOKEN : hfToken,
      bodyLimit: PROXY_BODY_LIMIT,
      upstreamConnectTimeoutMs: settings.upstreamConnectTimeoutMs,
      upstreamIdleTimeoutMs: settings.upstreamIdleTimeoutMs,
      emulatorOrigins: emulator ? Object.values(emulator.hosts) : undefined,
      gateway: options.gateway?.disabled ? undefined : openedGateway.proxyGateway,
      onExchangeEnd: (exchange) => {
        proxyExchanges.push(exchange);
        providerStats.record(exchange);
        if (proxyExchanges.length > KEPT_EXCHANGES) proxyExchanges.shift();
      },
      admits: (request) => {
        // The same Host comes on nearly every request: one that passed is not parsed again.
        const host = request.headers.host;
        if (host !== admittedHost) {
          if (checkHost(host, settings.allowList) !== undefined) return false;
          admittedHost = host;
        }
        // Without '%', a backslash or '..' there is nothing for the path and query checks to decode or refuse
        // (Node's parser already refuses raw control characters in the URL).
        const url = request.url ?? "";
        return !MAY_NEED_CHECKING_RE.test(url) || (checkPath(url) ?? checkQuery(url)) === undefined;
      },
    });
    // Plain /router requests skip Fastify (the proxy applies the same checks and leaves the rest to
    // it): its request lifecycle cost about as much CPU per proxied stream as the proxying itself.
    // Not when logging, so that every request is logged.
    if (!options.logger) {
      const fastifyHandler = app.server.listeners("request")[0] as RequestListener;
      app.server.removeListener("request", fastifyHandler);
      app.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
        if (!routerProxy.handle(request, response)) fastifyHandler(request, response);
      });
    }

    await registerPages(app, options, {
      store,
      providerStats,
      pageCacheMegabytes: settings.pageCacheMegabytes,
    });

    const url = await listen(app, host, options);

    let closed = false;
    return {
      app,
      url,
      mode,
      store,
      repos: repoService,
      emulatorRouterUrl: emulator?.routerUrl,
      emulator,
      gateway: openedGateway,
      proxyExchanges,
      embeddedSeed,
      mirror,
      async close() {
        if (closed) return;
        closed = true;
        // Requests under way get a moment to finish; then every connection is dropped, including
        // sockets a client opened without sending a request (they would hold the close forever).
        const force = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
        try {
          await app.close();
        } finally {
          clearTimeout(force);
        }
        await gateway?.close();
        await emulator?.close();
        mirror?.close();
        await repoService.meta.close();
        await store.close();
      },
    };
  } catch (error) {
    await gateway?.close();
    await emulator?.close();
    mirror?.close();
    await repos?.meta.close();
    await store.close();
    throw error;
  }
}

/** HUBKIT_PAGE_CACHE_MB: unset or empty → undefined (the default); otherwise megabytes, 0 for none. */
export function parsePageCacheMegabytes(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || Number(text) > 65_536) {
    throw new Error(
      `HUBKIT_PAGE_CACHE_MB must be a number of megabytes from 0 to 65536, got "${text.slice(0, 40)}"`,
    );
  }
  return Number(text.trim());
}

/** HUBKIT_DATABASE_POOL_SIZE: unset → undefined (the default); otherwise a whole number. */
export function parsePoolSize(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || Number(text) > 1000) {
    throw new Error(
      `HUBKIT_DATABASE_POOL_SIZE must be a whole number from 1 to 1000, got "${text.slice(0, 40)}"`,
    );
  }
  return Number(text.trim());
}
