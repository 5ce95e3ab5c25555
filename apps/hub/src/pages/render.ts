// The web app's pages, rendered on the server. The built app's index.html is read once and kept in
// memory as the frame of every page; the server renderer (apps/web/dist-ssr/entry-server.js, built by
// `vite build --ssr`) runs the page's loaders, with their API calls answered in-process by this
// server, and puts the page's HTML into the frame with its title, status (404 for an unknown page or
// model), the page's stylesheets, the list of the app's and the page's chunks (which the browser
// preloads once the page is painted) and the router state the browser hydrates with.
// Without the server renderer (or if rendering fails) the frame goes out empty and the browser
// renders the page itself, as before. Rendered pages are kept in memory (page-cache.ts) until the
// data they show changes.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PageCache, pickEncoding, type CachedPage, type DataVersion } from "./page-cache.js";
import { INLINE_SCRIPT_HASHES } from "../http/request-guard.js";

/** What apps/web/src/entry-server.tsx exports (the hub does not depend on React or the web app). */
interface ServerRenderer {
  render(
    url: URL,
    fetchApi: (path: string, init: RequestInit) => Promise<Response>,
    signal: AbortSignal,
  ): Promise<
    | { redirect: string; status: number }
    | { status: number; title: string; routeModules: string[]; hydrationJson: string; body: Readable }
  >;
  HYDRATION_ELEMENT_ID: string;
  /** absent in a renderer built before the list existed: the chunks then go out as <link rel="modulepreload"> */
  MODULES_ELEMENT_ID?: string;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The element the app mounts in, as index.html has it. */
const ROOT_ELEMENT_RE = /<div id="?root"?><\/div>/;
const TITLE_RE = /<title>[^<]*<\/title>/;
/** An inline classic script (no src, no type or a JavaScript one). */
const INLINE_SCRIPT_RE =
  /<script(?![^>]*\bsrc=)(?![^>]*\btype="?(?!text\/javascript)[^\s>"]+)[^>]*>([\s\S]*?)<\/script>/g;

export interface PageRenderer {
  /** whether pages are rendered on the server (false: the bare frame, rendered in the browser) */
  serverRendered: boolean;
  /** the rendered pages kept in memory (absent when the cache is off) */
  cache?: PageCache;
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

export interface PageCacheOptions {
  /** most bytes of pages kept (HTML and its compressed copies); 0 turns the cache off */
  maxBytes: number;
  /**
   * The version of each source of what pages' loaders read: a page is served from memory while the
   * sources it read are at the version it was rendered at. Read on every page request, so it must
   * be cheap.
   */
  dataVersion(): Promise<DataVersion>;
  /** The source (a name in dataVersion()) of what an API path answers. */
  sourceOf(apiPath: string): string;
}

type RenderOutcome =
  | { kind: "page"; status: number; html: Buffer }
  | { kind: "redirect"; location: string; status: number }
  /** rendering failed: the bare frame goes out and the browser renders the page */
  | { kind: "frame" }
  /** the browser went away */
  | { kind: "aborted" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

/**
 * The frame's inline scripts must be the ones the CSP allows by hash: one it refuses would silently
 * not run in the browser, so the server does not start with it.
 */
function checkInlineScripts(template: string, templatePath: string): void {
  for (const match of template.matchAll(INLINE_SCRIPT_RE)) {
    const hash = `sha256-${createHash("sha256").update(match[1]!).digest("base64")}`;
    if (!INLINE_SCRIPT_HASHES.includes(hash)) {
      throw new Error(
        `${templatePath} has an inline script the hub's Content-Security-Policy would block (${hash}): ` +
          `put its hash in INLINE_SCRIPT_HASHES (apps/hub/src/http/request-guard.ts) or make it a file`,
      );
    }
  }
}

/** A route's chunks (its module's, those it imports) and its stylesheets, from the manifest. */
function routeAssets(
  manifest: Record<string, ManifestChunk>,
  modules: string[],
  skip: Set<string>,
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  const notInFrame = (files: Set<string>) =>
    [...files].map((file) => `/${file}`).filter((file) => !skip.has(file));
  return { scripts: notInFrame(scripts), styles: notInFrame(styles) };
}

/** The frame, the server renderer and the build's manifest, read once at start. */
interface RenderSetup {
  app: FastifyInstance;
  template: string;
  rootElement: RegExpExecArray;
  renderer: ServerRenderer;
  manifest: Record<string, ManifestChunk>;
  /** files the frame already loads: not preloaded twice */
  inFrame: Set<string>;
}

export async function createPageRenderer(
  app: FastifyInstance,
  options: { webDistDir: string; ssrDir: string; cache?: PageCacheOptions },
): Promise<PageRenderer> {
  const templatePath = path.join(options.webDistDir, "index.html");
  const template = readFileSync(templatePath, "utf8");
  checkInlineScripts(template, templatePath);
  const rootElement = ROOT_ELEMENT_RE.exec(template);
  const inFrame = new Set([...template.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]));
  const manifestPath = path.join(options.webDistDir, ".vite", "manifest.json");
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>)
    : {};
  const rendererPath = path.join(options.ssrDir, "entry-server.js");
  // Without an empty #root to render into, the frame goes out as it is.
  const renderer =
    rootElement && existsSync(rendererPath)
      ? ((await import(pathToFileURL(rendererPath).href)) as ServerRenderer)
      : undefined;
  if (!renderer || !rootElement) {
    return { serverRendered: false, send: async (_request, reply) => sendFrame(reply, template) };
  }
  const pages = new PageRendering({ app, template, rootElement, renderer, manifest, inFrame });
  const cacheOptions = options.cache;
  if (!cacheOptions || cacheOptions.maxBytes <= 0)
    return { serverRendered: true, send: (request, reply) => pages.renderUncached(request, reply) };
  const cache = new PageCache(cacheOptions.maxBytes);
  const cached = new CachedPages(pages, cache, cacheOptions);
  return { serverRendered: true, cache, send: (request, reply) => cached.send(request, reply) };
}

function sendFrame(reply: FastifyReply, template: string): FastifyReply {
  return reply.code(200).header("cache-control", "no-cache").type("text/html; charset=utf-8").send(template);
}

/** Renders pages into the frame. */
class PageRendering {
  /** A route's chunks and stylesheets, per list of route modules (the manifest does not change). */
  private readonly assetsByRoute = new Map<string, { scripts: string[]; styles: string[] }>();

  constructor(private readonly setup: RenderSetup) {}

  /**
   * The loaders' API calls, answered by this server's own routes without a network round trip; the
   * paths asked for go into `reads` (what the page depends on).
   */
  private async fetchApi(apiPath: string, init: RequestInit, reads?: Set<string>): Promise<Response> {
    reads?.add(apiPath);
    const answer = await this.setup.app.inject({
      method: "GET",
      url: apiPath,
      headers: { accept: String(new Headers(init.headers).get("accept") ?? "application/json") },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
    }
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    });
  }

  /** Renders one page: its whole HTML in the frame, or what to answer instead. */
  async renderPage(
    url: string,
    signal: AbortSignal,
    log: FastifyRequest["log"],
    reads?: Set<string>,
  ): Promise<RenderOutcome> {
    let page: Awaited<ReturnType<ServerRenderer["render"]>>;
    try {
      page = await this.setup.renderer.render(
        new URL(url, "http://hub.local"),
        (apiPath, init) => this.fetchApi(apiPath, init, reads),
        signal,
      );
    } catch (error) {
      if (signal.aborted) return { kind: "aborted" };
      log.error({ err: error }, "server rendering failed; the browser renders the page");
      return { kind: "frame" };
    }
    if ("redirect" in page) return { kind: "redirect", location: page.redirect, status: page.status };
    const { head, tail } = this.frameAround(page);
    // The page is complete (the renderer waits for all of it), so it goes out in one piece: sent in
    // parts, the browser painted what had come (the header) and the page's main content a frame later,
    // which is what Largest Contentful Paint then measured.
    const parts: Buffer[] = [Buffer.from(head + '<div id="root">')];
    try {
      for await (const chunk of page.body) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    } catch (error) {
      if (signal.aborted) return { kind: "aborted" };
      log.error({ err: error }, "server rendering failed; the browser renders the page");
      return { kind: "frame" };
    }
    parts.push(Buffer.from("</div>" + tail));
    return { kind: "page", status: page.status, html: Buffer.concat(parts) };
  }

  /** The frame before and after the page's root element, with its title, styles, chunks and state. */
  private frameAround(page: { title: string; routeModules: string[]; hydrationJson: string }): {
    head: string;
    tail: string;
  } {
    const { template, rootElement, renderer, manifest, inFrame } = this.setup;
    const assetsKey = page.routeModules.join("\n");
    let assets = this.assetsByRoute.get(assetsKey);
    if (!assets)
      this.assetsByRoute.set(assetsKey, (assets = routeAssets(manifest, page.routeModules, inFrame)));
    // The page's stylesheets are in the <head> (the first paint needs them); its chunks are only
    // listed, for boot.ts to preload once the page is painted (lib/page-modules.ts says why).
    let headTags = assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`).join("");
    let modulesList = "";
    if (renderer.MODULES_ELEMENT_ID) {
      modulesList = `<script type="application/json" id="${renderer.MODULES_ELEMENT_ID}">${JSON.stringify(assets.scripts).replace(/</g, "\\u003c")}</script>`;
    } else {
      headTags += assets.scripts
        .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
        .join("");
    }
    const rootAt = rootElement.index;
    const head = template
      .slice(0, rootAt)
      .replace(TITLE_RE, `<title>${escapeHtml(page.title)}</title>`)
      .replace("</head>", `${headTags}</head>`);
    const tail = template
      .slice(rootAt + rootElement[0].length)
      .replace(
        "</body>",
        `<script type="application/json" id="${renderer.HYDRATION_ELEMENT_ID}">${page.hydrationJson}</script>${modulesList}</body>`,
      );
    return { head, tail };
  }

  sendOutcome(reply: FastifyReply, outcome: RenderOutcome): FastifyReply {
    switch (outcome.kind) {
      case "aborted":
        return reply;
      case "frame":
        return sendFrame(reply, this.setup.template);
      case "redirect":
        return reply.redirect(outcome.location, outcome.status);
      case "page":
        return reply
          .code(outcome.status)
          .header("cache-control", "no-cache")
          .type("text/html; charset=utf-8")
          .send(outcome.html);
    }
  }

  /** Renders for this request alone, abandoned if the browser goes away. */
  async renderUncached(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const controller = new AbortController();
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    return this.sendOutcome(reply, await this.renderPage(request.url, controller.signal, request.log));
  }
}

/** Pages kept in memory while the data they read is unchanged; concurrent requests share one render. */
class CachedPages {
  /** Renders under way per data version and URL. */
  private readonly rendering = new Map<string, Promise<RenderOutcome | CachedPage>>();

  constructor(
    private readonly pages: PageRendering,
    private readonly cache: PageCache,
    private readonly options: PageCacheOptions,
  ) {}

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // The render never sees credentials (its API calls are anonymous); a request that carries some
    // is still rendered for itself alone, so no page of one caller's is ever kept for another.
    if (request.headers.authorization) return this.pages.renderUncached(request, reply);
    let version: DataVersion;
    try {
      version = await this.options.dataVersion();
    } catch {
      // The data cannot be read (the database is down): the render reports that, and is not kept.
      return this.pages.renderUncached(request, reply);
    }
    this.cache.sync(version);
    const key = request.url;
    let page = this.cache.get(key);
    if (!page) {
      const outcome = await this.render(key, version, request.log);
      if ("kind" in outcome) return this.pages.sendOutcome(reply, outcome);
      page = outcome;
    }
    reply
      .code(page.status)
      .header("cache-control", "no-cache")
      .header("vary", "accept-encoding")
      .type("text/html; charset=utf-8");
    const encoding = pickEncoding(request.headers["accept-encoding"]);
    if (!encoding) return reply.send(page.html);
    // Already compressed: @fastify/compress leaves a reply with a Content-Encoding alone.
    return reply.header("content-encoding", encoding).send(await this.cache.encoded(page, encoding));
  }

  /** One render per data version and URL, kept when it may be. */
  private render(
    key: string,
    version: DataVersion,
    log: FastifyRequest["log"],
  ): Promise<RenderOutcome | CachedPage> {
    const renderKey = `${JSON.stringify(version)}\n${key}`;
    let pending = this.rendering.get(renderKey);
    if (pending) return pending;
    const apiPaths = new Set<string>();
    // A shared render serves whoever asks next, so it is never abandoned with the request that
    // started it. Its signal is its own (never aborted) and goes with it: a signal shared by
    // all renders collected every render's abort listeners, about 20 KB each, for good.
    pending = this.pages
      .renderPage(key, new AbortController().signal, log, apiPaths)
      .then((outcome) => {
        // Server errors (a database that failed mid-render) are not kept; 404 pages are.
        if (outcome.kind !== "page" || outcome.status >= 500) return outcome;
        const reads: Record<string, string> = {};
        for (const apiPath of apiPaths) {
          const source = this.options.sourceOf(apiPath);
          // A source without a version cannot tell when the page changes: the page is not kept.
          if (version[source] === undefined) return outcome;
          reads[source] = version[source];
        }
        return this.cache.set(key, reads, outcome.status, outcome.html);
      })
      .finally(() => this.rendering.delete(renderKey));
    this.rendering.set(renderKey, pending);
    return pending;
  }
}
