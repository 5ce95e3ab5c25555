// `mirror --catalogue`: upstream's model list (its metadata, no files) into this hub's catalogue, so
// search and the models list know the models before any is mirrored. Pages follow upstream's Link
// headers; every record goes through the catalogue importer's checks (a bad one is reported, the
// rest kept).
import { Readable } from "node:stream";
import { importJsonl, type ImportProblem, type ImportReport } from "../catalogue/importer.js";
import type { HubStore } from "../store/hub-store.js";
import type { Upstream } from "./upstream.js";

const PAGE_SIZE = 100;

/** The next page's URL from a Link header (`<url>; rel="next"`), or undefined. */
export function nextPage(link: string | null): string | undefined {
  for (const part of (link ?? "").split(",")) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match) return match[1];
  }
  return undefined;
}

/** Upstream's models, one JSON line each, up to `limit`. */
async function* modelLines(
  upstream: Upstream,
  limit: number,
  onPage: (count: number) => void,
): AsyncGenerator<Buffer> {
  let path: string | undefined = `/api/models?full=true&limit=${Math.min(PAGE_SIZE, limit)}`;
  let count = 0;
  while (path && count < limit) {
    const response = await upstream.get(path, "the models list");
    const page = (await response.json()) as unknown;
    if (!Array.isArray(page))
      throw new Error(`The upstream hub ${upstream.origin} sent a models list that is not a list`);
    for (const model of page.slice(0, limit - count)) yield Buffer.from(`${JSON.stringify(model)}\n`);
    count += Math.min(page.length, limit - count);
    onPage(count);
    const next = nextPage(response.headers.get("link"));
    // Only links back to upstream itself are followed (the token goes with them).
    path = next && next.startsWith(upstream.url) ? next.slice(upstream.url.length) : undefined;
    if (page.length === 0) break;
  }
}

export async function importUpstreamCatalogue(
  store: HubStore,
  upstream: Upstream,
  options: { limit: number; onPage?: (count: number) => void; onProblem?: (problem: ImportProblem) => void },
): Promise<ImportReport> {
  return importJsonl(
    store,
    Readable.from(modelLines(upstream, options.limit, options.onPage ?? (() => {}))),
    {
      onProblem: options.onProblem,
    },
  );
}
