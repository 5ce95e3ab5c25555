// The web app's pages, rendered on the server. The built app's index.html is read once and kept in
// memory as the frame of every page; the server renderer (apps/web/dist-ssr/entry-server.js, built by
// `vite build --ssr`) runs the page's loaders, with their API calls answered in-process by this
// server, and puts the page's HTML into the frame with its title, status (404 for an unknown page or
// model), the app's and the page's chunks preloaded, and the router state the browser hydrates with.
// Without the server renderer (or if rendering fails) the frame goes out empty and the browser
// renders the page itself, as before.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

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
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The element the app mounts in, as index.html has it. */
const ROOT_ELEMENT_RE = /<div id="?root"?><\/div>/;
const TITLE_RE = /<title>[^<]*<\/title>/;

export interface PageRenderer {
  /** whether pages are rendered on the server (false: the bare frame, rendered in the browser) */
  serverRendered: boolean;
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

/** The <link> tags that fetch a route module's chunk, the chunks it imports and its CSS. */
function preloadTags(manifest: Record<string, ManifestChunk>, modules: string[], skip: Set<string>): string {
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
  const tags: string[] = [];
  for (const file of styles) if (!skip.has(`/${file}`)) tags.push(`<link rel="stylesheet" href="/${file}">`);
  for (const file of scripts) {
    if (!skip.has(`/${file}`)) tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  }
  return tags.join("");
}

export async function createPageRenderer(
  app: FastifyInstance,
  options: { webDistDir: string; ssrDir: string },
): Promise<PageRenderer> {
  const template = readFileSync(path.join(options.webDistDir, "index.html"), "utf8");
  const rootElement = ROOT_ELEMENT_RE.exec(template);
  // Files the frame already loads are not preloaded twice.
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

  const sendFrame = (reply: FastifyReply) =>
    reply.code(200).header("cache-control", "no-cache").type("text/html; charset=utf-8").send(template);

  // The loaders' API calls, answered by this server's own routes without a network round trip.
  const fetchApi = async (apiPath: string, init: RequestInit): Promise<Response> => {
    const answer = await app.inject({
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
  };

  return {
    serverRendered: Boolean(renderer),
    async send(request, reply) {
      if (!renderer || !rootElement) return sendFrame(reply);
      const controller = new AbortController();
      reply.raw.once("close", () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      let page: Awaited<ReturnType<ServerRenderer["render"]>>;
      try {
        page = await renderer.render(new URL(request.url, "http://hub.local"), fetchApi, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return reply;
        request.log.error({ err: error }, "server rendering failed; the browser renders the page");
        return sendFrame(reply);
      }
      if ("redirect" in page) return reply.redirect(page.redirect, page.status);
      const rootAt = rootElement.index;
      const head = template
        .slice(0, rootAt)
        .replace(TITLE_RE, `<title>${escapeHtml(page.title)}</title>`)
        .replace("</head>", `${preloadTags(manifest, page.routeModules, inFrame)}</head>`);
      const tail = template
        .slice(rootAt + rootElement[0].length)
        .replace(
          "</body>",
          `<script type="application/json" id="${renderer.HYDRATION_ELEMENT_ID}">${page.hydrationJson}</script></body>`,
        );
      // The page is complete (the renderer waits for all of it), so it goes out in one piece: sent in
      // parts, the browser painted what had come (the header) and the page's main content a frame later,
      // which is what Largest Contentful Paint then measured.
      const parts: Buffer[] = [Buffer.from(head + '<div id="root">')];
      try {
        for await (const chunk of page.body) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      } catch (error) {
        if (controller.signal.aborted) return reply;
        request.log.error({ err: error }, "server rendering failed; the browser renders the page");
        return sendFrame(reply);
      }
      parts.push(Buffer.from("</div>" + tail));
      return reply
        .code(page.status)
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(Buffer.concat(parts));
    },
  };
}
