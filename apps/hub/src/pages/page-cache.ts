// Rendered pages kept in memory, so that a page asked for again is sent without running its loaders
// and React again (under load, rendering took most of a page's time to first byte: 145–265 ms against
// 16 ms for a static file). A page's HTML depends only on its URL and on the data its loaders read,
// so the cache is keyed by URL. The data has several sources (the catalogue, the providers' measured
// figures: see server.ts), each with a version read on every request; a page remembers the version of
// each source its loaders read, and is dropped once one of those changes. So a call through /router,
// which changes the providers' figures, drops the model pages that show them and keeps the task and
// library pages. The cache is bounded in bytes and drops the least recently used pages first. Each page is also kept compressed (brotli, gzip) once a browser
// has asked for it that way, so a hit costs no compression either.
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The content codings a cached page is kept in, in order of preference. */
export type PageEncoding = "br" | "gzip";
const ENCODINGS: readonly PageEncoding[] = ["br", "gzip"];

/**
 * Brotli quality for cached pages: 5 is within 2% of 6 and 8 on our pages at a fraction of the time
 * (11 took ~90 ms for a 48 KB page, which the first visitor would wait for).
 */
const BROTLI_QUALITY = 5;
/** A page larger than this share of the budget is sent but not kept: it would evict too many others. */
const LARGEST_SHARE = 8;
/**
 * Pages of missing things (4xx) may hold at most this share of the budget, so that a crawl of made-up
 * URLs evicts other 404 pages rather than the pages people read.
 */
const ERROR_PAGES_SHARE = 8;

/** The version of each source of the data pages show, by source name. */
export type DataVersion = Readonly<Record<string, string>>;

export interface CachedPage {
  /** the request URL it answers */
  key: string;
  /** the version of each source its loaders read, when it was rendered */
  reads: DataVersion;
  status: number;
  /** the page without content coding */
  html: Buffer;
  /** compressed copies, made on the first request that accepts each */
  encoded: Partial<Record<PageEncoding, Buffer>>;
  /** compressions under way, so that concurrent requests share one */
  encoding: Partial<Record<PageEncoding, Promise<Buffer>>>;
}

/** The content coding to send a page in, from the request's Accept-Encoding (undefined: as it is). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): PageEncoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)).find(Boolean);
    accepted.set(name!, q ? Number(q[1]) : 1);
  }
  return ENCODINGS.find((encoding) => (accepted.get(encoding) ?? accepted.get("*") ?? 0) > 0);
}

export class PageCache {
  /** least recently used first */
  private readonly pages = new Map<string, CachedPage>();
  /** the 4xx pages among them, least recently used first, and their bytes */
  private readonly errorPages = new Map<string, CachedPage>();
  private errorSize = 0;
  private version: DataVersion = {};
  private size = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.size;
  }

  get count(): number {
    return this.pages.size;
  }

  /** Takes the current data version, and drops the pages that read a source that has changed. */
  sync(version: DataVersion): void {
    const changed = new Set(Object.keys(this.version));
    for (const [source, value] of Object.entries(version)) {
      if (this.version[source] === value) changed.delete(source);
      else changed.add(source);
    }
    if (changed.size === 0) return;
    this.version = version;
    for (const [key, page] of this.pages) {
      if (Object.keys(page.reads).some((source) => changed.has(source))) this.remove(key, page);
    }
  }

  /** Whether data read at `reads` is still the current version. */
  private current(reads: DataVersion): boolean {
    return Object.entries(reads).every(([source, value]) => this.version[source] === value);
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
      if (this.errorPages.delete(key)) this.errorPages.set(key, page);
    }
    return page;
  }

  /**
   * Keeps a page whose loaders read the data at `reads`, unless some of it has changed since (or the
   * page is too large).
   */
  set(key: string, reads: DataVersion, status: number, html: Buffer): CachedPage {
    const page: CachedPage = { key, reads, status, html, encoded: {}, encoding: {} };
    if (!this.current(reads) || html.length > this.maxBytes / LARGEST_SHARE) return page;
    const previous = this.pages.get(key);
    if (previous) this.remove(key, previous);
    this.pages.set(key, page);
    if (status >= 400) this.errorPages.set(key, page);
    this.grow(page, html.length);
    return page;
  }

  /** The page in a content coding, compressed on first use and then kept with it. */
  async encoded(page: CachedPage, encoding: PageEncoding): Promise<Buffer> {
    const done = page.encoded[encoding];
    if (done) return done;
    let pending = page.encoding[encoding];
    if (!pending) {
      pending = page.encoding[encoding] =
        encoding === "br"
          ? brotli(page.html, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: page.html.length,
              },
            })
          : gzipAsync(page.html, { level: 6 });
      pending.then(
        (buffer) => {
          page.encoded[encoding] = buffer;
          delete page.encoding[encoding];
          // Counted only while the page is still kept (it may have been dropped meanwhile).
          if (this.pages.get(page.key) === page) this.grow(page, buffer.length);
        },
        () => delete page.encoding[encoding],
      );
    }
    return pending;
  }

  private remove(key: string, page: CachedPage): void {
    let bytes = page.html.length;
    for (const buffer of Object.values(page.encoded)) bytes += buffer.length;
    this.pages.delete(key);
    this.size -= bytes;
    if (this.errorPages.delete(key)) this.errorSize -= bytes;
  }

  /** Counts bytes a kept page has gained, then evicts least recently used pages to the bounds. */
  private grow(page: CachedPage, bytes: number): void {
    this.size += bytes;
    if (page.status >= 400) this.errorSize += bytes;
    while (this.errorSize > this.maxBytes / ERROR_PAGES_SHARE && this.errorPages.size > 0) {
      const [key, oldest] = this.errorPages.entries().next().value!;
      this.remove(key, oldest);
    }
    while (this.size > this.maxBytes && this.pages.size > 0) {
      const [key, oldest] = this.pages.entries().next().value!;
      this.remove(key, oldest);
    }
  }
}
