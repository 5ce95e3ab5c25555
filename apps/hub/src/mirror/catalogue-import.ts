// `mirror --catalogue`: upstream's model list (its metadata, no files) into this hub's catalogue, so
// search and the models list know the models before any is mirrored. Pages follow upstream's Link
// headers; every record goes through the catalogue importer's checks (a bad one is reported, the
// rest kept). The list carries file names only, so each model's own info is asked for too
// (`/api/models/{id}?blobs=true`, as huggingface_hub's `model_info(files_metadata=True)`): its
// files with their sizes and its safetensors parameters by dtype, which model pages show. A model
// whose info cannot be had is reported and counted, and imported from its list record alone.
import { Readable } from "node:stream";
import { importJsonl, type ImportProblem, type ImportReport } from "../catalogue/importer.js";
import { parseModelRecord } from "../catalogue/model-record.js";
import type { HubStore } from "../store/hub-store.js";
import type { Upstream } from "./upstream.js";

const PAGE_SIZE = 100;
/** Model infos asked of upstream at once: enough to hide its latency, few enough to be polite. */
export const DEFAULT_DETAIL_CONCURRENCY = 8;

type ModelJson = Record<string, unknown>;

/** The next page's URL from a Link header (`<url>; rel="next"`), or undefined. */
export function nextPage(link: string | null): string | undefined {
  for (const part of (link ?? "").split(",")) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match) return match[1];
  }
  return undefined;
}

/** Upstream's models, page by page, up to `limit`. */
async function* modelPages(
  upstream: Upstream,
  limit: number,
  onPage: (count: number) => void,
): AsyncGenerator<unknown[]> {
  let path: string | undefined = `/api/models?full=true&limit=${Math.min(PAGE_SIZE, limit)}`;
  let count = 0;
  while (path && count < limit) {
    const response = await upstream.get(path, "the models list");
    const page = (await response.json()) as unknown;
    if (!Array.isArray(page))
      throw new Error(`The upstream hub ${upstream.origin} sent a models list that is not a list`);
    const kept = page.slice(0, limit - count);
    count += kept.length;
    onPage(count);
    yield kept;
    const next = nextPage(response.headers.get("link"));
    // Only links back to upstream itself are followed (the token goes with them).
    path = next && next.startsWith(upstream.url) ? next.slice(upstream.url.length) : undefined;
    if (page.length === 0) break;
  }
}

/**
 * What this hub takes from a model's own info: its files with sizes, its safetensors parameters,
 * checked by the catalogue's own rules here, so that a bad answer costs the details (the list
 * record is kept) rather than the model.
 */
function detailsOf(id: string, info: unknown): { siblings?: unknown; safetensors?: unknown } {
  if (!info || typeof info !== "object" || Array.isArray(info))
    throw new Error("the answer is not an object");
  const { siblings, safetensors } = info as ModelJson;
  const details = {
    ...(siblings !== undefined ? { siblings } : {}),
    ...(safetensors !== undefined && safetensors !== null ? { safetensors } : {}),
  };
  const checked = parseModelRecord({ id, ...details });
  if (!checked.ok) throw new Error(checked.reason);
  return details;
}

/** Path segments percent-encoded, the owner's slash kept. */
const modelPath = (id: string) => id.split("/").map(encodeURIComponent).join("/");

/** Runs `work` on every item, at most `concurrency` at once; results in the items' order. */
async function mapBounded<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

export interface DetailProgress {
  /** models whose info was asked for so far, and how many of those failed */
  done: number;
  failed: number;
}

interface DetailOptions {
  concurrency: number;
  onDetails: (progress: DetailProgress) => void;
  onDetailProblem: (id: string, message: string) => void;
}

/** Each listed model with its files' sizes and safetensors parameters merged in, one JSON line each. */
async function* modelLines(
  upstream: Upstream,
  pages: AsyncIterable<unknown[]>,
  options: DetailOptions,
  progress: DetailProgress,
): AsyncGenerator<Buffer> {
  for await (const page of pages) {
    const lines = await mapBounded(page, options.concurrency, async (model) => {
      const id = (model as ModelJson | null)?.id;
      // A record without an id is left as it came: the importer reports it.
      if (typeof id !== "string") return model;
      try {
        const response = await upstream.get(`/api/models/${modelPath(id)}?blobs=true`, `model ${id}`);
        return { ...(model as ModelJson), ...detailsOf(id, await response.json()) };
      } catch (error) {
        progress.failed++;
        options.onDetailProblem(id, (error as Error).message);
        return model;
      } finally {
        progress.done++;
      }
    });
    options.onDetails({ ...progress });
    for (const line of lines) yield Buffer.from(`${JSON.stringify(line)}\n`);
  }
}

export interface CatalogueImportReport extends ImportReport {
  /** models whose info (files, sizes, parameters) upstream did not give; imported without it */
  detailsFailed: number;
}

export async function importUpstreamCatalogue(
  store: HubStore,
  upstream: Upstream,
  options: {
    limit: number;
    /** model infos asked for at once (default DEFAULT_DETAIL_CONCURRENCY) */
    concurrency?: number;
    onPage?: (count: number) => void;
    onDetails?: (progress: DetailProgress) => void;
    onDetailProblem?: (id: string, message: string) => void;
    onProblem?: (problem: ImportProblem) => void;
  },
): Promise<CatalogueImportReport> {
  const progress: DetailProgress = { done: 0, failed: 0 };
  const pages = modelPages(upstream, options.limit, options.onPage ?? (() => {}));
  const lines = modelLines(
    upstream,
    pages,
    {
      concurrency: options.concurrency ?? DEFAULT_DETAIL_CONCURRENCY,
      onDetails: options.onDetails ?? (() => {}),
      onDetailProblem: options.onDetailProblem ?? (() => {}),
    },
    progress,
  );
  const report = await importJsonl(store, Readable.from(lines), { onProblem: options.onProblem });
  return { ...report, detailsFailed: progress.failed };
}
