// The hub server: Fastify with the hub API, the inference proxy, the web app and its security headers,
// over the SQLite catalogue. Offline (the default) it starts the provider emulator in-process.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import { startEmulator, type EmulatedModel, type Emulator } from "@hubkit/emulator";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { registerHubApi } from "./api.js";
import { openCatalogue, type CatalogueStore } from "./catalogue-store.js";
import { HttpError } from "./errors.js";
import { libraryRegistry, taskAssetsDir, taskPages } from "./hub-data.js";
import { seedEmbeddedCatalogue } from "./importer.js";
import type { HubModel } from "./model-record.js";
import { DEFAULT_DATA_DIR, EMBEDDED_CATALOGUE_PATH, HUB_VERSION, WEB_DIST_DIR } from "./paths.js";
import { createPageRenderer, type PageRenderer } from "./pages.js";
import { registerRouterProxy, type ProxyExchange } from "./proxy.js";
import { registerStaticFiles } from "./static-files.js";

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

export interface HubServerOptions {
  host?: string;
  /** 0 picks a free port */
  port?: number;
  /** when the port is taken, try the next ones (up to 10) instead of failing */
  portFallback?: boolean;
  dataDir?: string;
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
  /** seed the embedded catalogue into a fresh or outdated database (default true) */
  seed?: boolean;
  logger?: boolean;
}

export interface HubServer {
  app: FastifyInstance;
  url: string;
  mode: "offline" | "online";
  store: CatalogueStore;
  /** loopback URL of the in-process emulator's router (offline only) */
  emulatorRouterUrl?: string;
  /** the in-process emulator (offline only): its request log and faults, for tests and diagnostics */
  emulator?: Emulator;
  /** the latest exchanges through the inference proxy, oldest first (at most 200) */
  proxyExchanges: ProxyExchange[];
  close(): Promise<void>;
}

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob: https:",
  "connect-src 'self' https:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

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

export async function startHubServer(options: HubServerOptions = {}): Promise<HubServer> {
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

  const store = openCatalogue(options.dataDir ?? DEFAULT_DATA_DIR);
  let emulator: Awaited<ReturnType<typeof startEmulator>> | undefined;
  try {
    if (options.seed !== false) {
      const cataloguePath = options.cataloguePath ?? EMBEDDED_CATALOGUE_PATH;
      if (existsSync(cataloguePath)) await seedEmbeddedCatalogue(store, cataloguePath);
    }
    if (mode === "offline") {
      // The emulator answers for this catalogue's models and provider ids, not only its own table.
      emulator = await startEmulator({
        streamIntervalMs,
        models: store.mappedModels().map(toEmulatedModel),
        resolveModel: (id) => {
          const model = store.getModel(id);
          return model ? toEmulatedModel(model) : undefined;
        },
      });
    }

    const app = Fastify({
      logger: options.logger
        ? { level: "info", redact: ["req.headers.authorization", "req.headers.cookie"] }
        : false,
      bodyLimit: API_BODY_LIMIT,
      routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    });

    app.addHook("onRequest", async (request) => {
      const problem = checkPath(request.url);
      if (problem) throw new HttpError(400, problem);
    });
    app.addHook("onSend", async (_request, reply, payload) => {
      reply.header("content-security-policy", CSP);
      reply.header("x-content-type-options", "nosniff");
      reply.header("referrer-policy", "no-referrer");
      reply.header("x-frame-options", "DENY");
      reply.header("cross-origin-opener-policy", "same-origin");
      return payload;
    });

    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500 && !(error instanceof HttpError)) {
        request.log.error({ err: error }, "request failed");
        return reply.code(500).send({ error: "Internal server error" });
      }
      const code = (error as FastifyError).code;
      let message = error.message;
      if (code === "FST_ERR_CTP_BODY_TOO_LARGE") message = "Request body is too large";
      else if (code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) {
        message = "Request body is not valid JSON";
      }
      return reply.code(status).send({ error: message });
    });

    await app.register(fastifyCompress, { global: true, threshold: 1024 });

    const onlineRouterUrl = options.onlineRouterUrl ?? REAL_ROUTER_URL;
    const proxyExchanges: ProxyExchange[] = [];
    const routerUrl = emulator ? emulator.routerUrl : onlineRouterUrl;
    await registerHubApi(app, {
      store,
      tasks: taskPages,
      libraries: libraryRegistry,
      config: () => ({
        mode,
        router: mode === "offline" ? routerUrl : onlineRouterUrl,
        proxy: "/router",
        version: HUB_VERSION,
      }),
    });
    await registerRouterProxy(app, {
      routerUrl,
      serverToken: emulator ? OFFLINE_TOKEN : hfToken,
      bodyLimit: PROXY_BODY_LIMIT,
      emulatorOrigins: emulator ? Object.values(emulator.hosts) : undefined,
      onExchangeEnd: (exchange) => {
        proxyExchanges.push(exchange);
        if (proxyExchanges.length > KEPT_EXCHANGES) proxyExchanges.shift();
      },
    });

    const webDistDir = options.webDistDir ?? WEB_DIST_DIR;
    const { webApp } = await registerStaticFiles(app, { webDistDir, taskAssetsDir: taskAssetsDir() });
    const pages: PageRenderer | undefined = webApp
      ? await createPageRenderer(app, {
          webDistDir,
          ssrDir: options.webSsrDir ?? path.join(webDistDir, "..", "dist-ssr"),
        })
      : undefined;

    const isPage = (url: string) => {
      const pathname = url.split("?")[0];
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

    const host = options.host ?? "127.0.0.1";
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

    let closed = false;
    return {
      app,
      url: `http://${displayHost}:${port}`,
      mode,
      store,
      emulatorRouterUrl: emulator?.routerUrl,
      emulator,
      proxyExchanges,
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
        await emulator?.close();
        store.close();
      },
    };
  } catch (error) {
    await emulator?.close();
    store.close();
    throw error;
  }
}
