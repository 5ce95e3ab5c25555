// The built web app's files (apps/web/dist) with cache headers (its pages: pages.ts), and the task pages' demo
// files under /assets/tasks/{filename}.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../http/errors.js";

/** Vite names built assets `name-<hash>.ext`: those never change, so they can be cached forever. */
const HASHED_ASSET_RE = /[-.][A-Za-z0-9_-]{8,}\.(?:js|mjs|css|woff2?|png|jpe?g|svg|gif|webp|avif|wasm|map)$/;

export function cacheControlFor(filePath: string): string {
  // A precompressed copy (name.js.br, name.js.gz) is cached as the file it stands for.
  const base = path.basename(filePath).replace(/\.(?:br|gz)$/, "");
  if (base === "index.html") return "no-cache";
  if (filePath.split(path.sep).includes("assets") && HASHED_ASSET_RE.test(base)) {
    return "public, max-age=31536000, immutable";
  }
  return "public, max-age=3600";
}

/** Maps each demo file name to its path, wherever it sits under the assets folder. */
function indexDemoFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !files.has(entry.name)) files.set(entry.name, path.relative(dir, full));
    }
  };
  walk(dir);
  return files;
}

export interface StaticOptions {
  webDistDir: string;
  taskAssetsDir: string;
}

export async function registerStaticFiles(
  app: FastifyInstance,
  options: StaticOptions,
): Promise<{ webApp: boolean }> {
  const indexHtml = path.join(options.webDistDir, "index.html");
  const webApp = existsSync(indexHtml) && statSync(indexHtml).isFile();

  await app.register(fastifyStatic, {
    root: existsSync(options.taskAssetsDir) ? options.taskAssetsDir : process.cwd(),
    serve: false,
    cacheControl: false,
    dotfiles: "deny",
  });

  const demoFiles = indexDemoFiles(options.taskAssetsDir);
  app.get("/assets/tasks/:filename", async (request, reply) => {
    const { filename } = request.params as { filename: string };
    const relative = demoFiles.get(filename);
    if (!relative) throw new HttpError(404, `No task demo file named "${filename.slice(0, 80)}"`);
    reply.header("cache-control", "public, max-age=86400");
    return reply.sendFile(relative, options.taskAssetsDir);
  });

  if (webApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: "/",
      decorateReply: false,
      wildcard: false,
      // "/" is a page like the others: rendered on the server (pages.ts), not the bare index.html.
      index: false,
      cacheControl: false,
      dotfiles: "deny",
      // The web build writes .br and .gz copies of its scripts and styles (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.setHeader("cache-control", cacheControlFor(filePath));
      },
    });
  }
  return { webApp };
}
