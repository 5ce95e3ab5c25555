// Rendered pages kept in memory (src/page-cache.ts): a page asked for again is not rendered again,
// and is rendered anew once what it shows has changed: an import by another process (SQLite) or
// through another replica (PostgreSQL), a call that changes the providers' measured figures. The hub
// runs as a child process over a small web build whose server renderer (written below) shows a model
// from the hub API, the providers with figures, and how many pages it has rendered.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageCache, pickEncoding } from "../src/pages/page-cache.js";
import { ProviderStats } from "../src/router/provider-stats.js";
import { parsePageCacheMegabytes, startHubServer, syntheticModel } from "../src/index.js";
import type { ProxyExchange } from "../src/router/proxy.js";
import {
  exitOf,
  removeHubCli,
  spawnImport,
  startHubProcess,
  type HubProcess,
} from "./support/hub-process.js";
import { freshPostgres } from "./support/postgres.js";

const PAGE_HUB = path.join(path.dirname(new URL(import.meta.url).pathname), "support", "page-hub.ts");

/** A server renderer as apps/web/dist-ssr/entry-server.js is to the hub: the page of the model at the URL's path. */
const RENDERER = `
import { Readable } from "node:stream";
let renders = 0;
export const HYDRATION_ELEMENT_ID = "hubkit-hydration";
export const MODULES_ELEMENT_ID = "hubkit-modules";
const json = { headers: { accept: "application/json" } };
export async function render(url, fetchApi) {
  const id = decodeURIComponent(url.pathname.slice(1));
  // ?no-figures: a page that does not show the providers' figures (as a task page)
  const withFigures = !url.searchParams.has("no-figures");
  const [model, stats] = await Promise.all([
    fetchApi("/api/models/" + id + "?expand[]=downloads", json),
    withFigures ? fetchApi("/api/hubkit/provider-stats", json) : undefined,
  ]);
  renders++;
  const providers = stats ? Object.keys((await stats.json()).providers).join(",") : "";
  const main = model.ok ? "<h1>" + id + "</h1><p class=downloads>" + (await model.json()).downloads + "</p>" : "<h1>no model</h1>";
  return {
    // As the web app: a repo the API will not show (401 or 404 RepoNotFound) is a 404 page.
    status: model.ok ? 200 : model.headers.get("x-error-code") === "RepoNotFound" ? 404 : model.status,
    title: id,
    routeModules: [],
    hydrationJson: "{}",
    body: Readable.from([main + "<p class=providers>" + providers + "</p><p class=render>" + renders + "</p>" + "<!-- padding -->".repeat(200)]),
  };
}
`;

let dir: string;
let webDist: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "hubkit-page-cache-"));
  webDist = path.join(dir, "web", "dist");
  mkdirSync(webDist, { recursive: true });
  mkdirSync(path.join(dir, "web", "dist-ssr"));
  writeFileSync(
    path.join(webDist, "index.html"),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hubkit</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, "web", "dist-ssr", "entry-server.js"), RENDERER);
});

afterAll(async () => {
  await removeHubCli();
  rmSync(dir, { recursive: true, force: true });
});

interface Page {
  status: number;
  h1: string;
  downloads?: number;
  providers: string;
  render: number;
  encoding: string | null;
}

async function page(hub: HubProcess, pagePath: string, acceptEncoding = "gzip, deflate, br"): Promise<Page> {
  const response = await fetch(hub.url + pagePath, { headers: { "accept-encoding": acceptEncoding } });
  const raw = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("content-encoding");
  // undici decodes br and gzip itself; the header still says which one was sent.
  const html = raw.toString("utf8");
  const field = (name: string) => new RegExp(`<p class=${name}>([^<]*)<`).exec(html)?.[1];
  return {
    status: response.status,
    h1: /<h1>([^<]*)</.exec(html)?.[1] ?? "",
    downloads: field("downloads") === undefined ? undefined : Number(field("downloads")),
    providers: field("providers") ?? "",
    render: Number(field("render")),
    encoding,
  };
}

async function importModels(models: Record<string, unknown>[], env: Record<string, string>, name: string) {
  const file = path.join(dir, `${name}.jsonl`);
  writeFileSync(file, models.map((model) => JSON.stringify(model) + "\n").join(""));
  const importer = await spawnImport(file, env);
  let output = "";
  importer.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  importer.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const exit = await exitOf(importer);
  expect(exit.code, output).toBe(0);
}

// Each test goes on from the pages and figures the one before it left: file order, even when shuffled.
describe("rendered pages kept in memory (SQLite)", { shuffle: false }, () => {
  let hub: HubProcess;
  const env = () => ({ HUBKIT_DATA_DIR: path.join(dir, "sqlite"), TEST_WEB_DIST: webDist });
  const model = syntheticModel(0, 91);
  const modelPath = `/${model.id as string}`;

  beforeAll(async () => {
    hub = await startHubProcess(env(), 60_000, PAGE_HUB);
  }, 90_000);
  afterAll(() => hub?.stop());

  it("serves a page again from memory, in every content coding, until an import changes it", async () => {
    const first = await page(hub, modelPath);
    expect(first).toMatchObject({ status: 404, h1: "no model" });
    // Asked again, in each coding and without one: the same render, not a new one.
    for (const coding of ["br", "gzip", "identity"]) {
      const again = await page(hub, modelPath, coding);
      expect(again).toMatchObject({ status: 404, render: first.render });
      expect(again.encoding).toBe(coding === "identity" ? null : coding);
    }

    // Another process imports the model: the page shows it at once.
    await importModels([model], env(), "first");
    const imported = await page(hub, modelPath);
    expect(imported).toMatchObject({ status: 200, h1: model.id, downloads: model.downloads });
    expect(imported.render).toBeGreaterThan(first.render);
    expect((await page(hub, modelPath)).render).toBe(imported.render);

    // An import that changes the model (upsert by id) changes its page.
    await importModels([{ ...model, downloads: (model.downloads as number) + 1234 }], env(), "second");
    const changed = await page(hub, modelPath);
    expect(changed).toMatchObject({ status: 200, downloads: (model.downloads as number) + 1234 });
    expect(changed.render).toBeGreaterThan(imported.render);
    expect((await page(hub, modelPath, "br")).render).toBe(changed.render);
  }, 120_000);

  it("renders a page anew when a call through /router changes the providers' figures, and only a page that shows them", async () => {
    const before = await page(hub, modelPath);
    expect(before.providers).toBe("");
    expect((await page(hub, modelPath)).render).toBe(before.render);
    const withoutFigures = await page(hub, `${modelPath}?no-figures`);
    expect(withoutFigures).toMatchObject({ status: 200, h1: model.id });
    const response = await fetch(`${hub.url}/router/together/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "meta-llama/Llama-3.3-70B-Instruct-Turbo",
        messages: [{ role: "user", content: "Say hello" }],
        max_tokens: 8,
      }),
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    await expect.poll(async () => (await page(hub, modelPath)).providers).toBe("together");
    const after = await page(hub, modelPath);
    expect(after.render).toBeGreaterThan(before.render);
    expect((await page(hub, modelPath)).render).toBe(after.render);
    // The page that does not read the figures is still the one rendered before the call.
    expect((await page(hub, `${modelPath}?no-figures`)).render).toBe(withoutFigures.render);
  }, 60_000);

  it("renders concurrent requests for one page once", async () => {
    const fresh = `/${syntheticModel(1, 91).id as string}`;
    const pages = await Promise.all(Array.from({ length: 8 }, () => page(hub, fresh)));
    expect(new Set(pages.map((p) => p.render)).size).toBe(1);
  });
});

describe("rendered pages kept in memory (two replicas on PostgreSQL)", () => {
  let postgres: Awaited<ReturnType<typeof freshPostgres>>;
  let replicas: HubProcess[] = [];
  const env = () => ({
    HUBKIT_DATABASE_URL: postgres.db.url,
    HUBKIT_DATA_DIR: path.join(dir, "unused"),
    TEST_WEB_DIST: webDist,
  });

  beforeAll(async () => {
    postgres = await freshPostgres();
    replicas = await Promise.all([0, 1].map(() => startHubProcess(env(), 90_000, PAGE_HUB)));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await postgres?.cleanup();
  });

  it("both replicas drop a page once an import commits, whichever process ran it", async () => {
    const model = syntheticModel(2, 91);
    const modelPath = `/${model.id as string}`;
    const cached = [];
    for (const replica of replicas) {
      const first = await page(replica, modelPath);
      expect(first.status).toBe(404);
      expect((await page(replica, modelPath)).render).toBe(first.render);
      cached.push(first.render);
    }
    await importModels([model], env(), "pg");
    for (const [index, replica] of replicas.entries()) {
      // Right after the importer's commit, not after some expiry: the version is read per request.
      const after = await page(replica, modelPath);
      expect(after).toMatchObject({ status: 200, h1: model.id, downloads: model.downloads });
      expect(after.render).toBeGreaterThan(cached[index]!);
      expect((await page(replica, modelPath)).render).toBe(after.render);
    }
  }, 120_000);
});

describe("the page cache's setting", () => {
  it("HUBKIT_PAGE_CACHE_MB: megabytes, 0 for none; anything else names the variable", () => {
    expect(parsePageCacheMegabytes(undefined)).toBeUndefined();
    expect(parsePageCacheMegabytes(" ")).toBeUndefined();
    expect(parsePageCacheMegabytes("0")).toBe(0);
    expect(parsePageCacheMegabytes("64")).toBe(64);
    expect(parsePageCacheMegabytes("0.5")).toBe(0.5);
    for (const bad of ["-1", "ten", "1e3", "70000"]) {
      expect(() => parsePageCacheMegabytes(bad)).toThrow(/HUBKIT_PAGE_CACHE_MB/);
    }
  });

  it("with the cache off, every request renders its page", async () => {
    const hub = await startHubServer({
      port: 0,
      dataDir: path.join(dir, "off"),
      webDistDir: webDist,
      mode: "offline",
      pageCacheMegabytes: 0,
    });
    try {
      const process = { url: hub.url } as HubProcess;
      const first = await page(process, "/no-such/model");
      expect(first.status).toBe(404);
      expect((await page(process, "/no-such/model")).render).toBe(first.render + 1);
    } finally {
      await hub.close();
    }
  }, 60_000);
});

describe("the page cache's bounds and content codings", () => {
  it("keeps the most recently used pages within its byte budget, and drops those whose data changed", async () => {
    const cache = new PageCache(100_000);
    cache.sync({ catalogue: "v1", figures: "f1" });
    const html = (n: number) => Buffer.from(`<p>${n}</p>`.padEnd(10_000, " "));
    for (let n = 0; n < 9; n++) cache.set(`/${n}`, { catalogue: "v1" }, 200, html(n));
    expect(cache.count).toBe(9);
    cache.get("/0"); // used again: now the most recent
    for (let n = 9; n < 12; n++) cache.set(`/${n}`, { catalogue: "v1" }, 200, html(n));
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get("/0")).toBeDefined();
    expect(cache.get("/1")).toBeUndefined();
    expect(cache.get("/11")?.html.toString()).toMatch(/^<p>11<\/p>/);

    // Compressed copies count too, and decode to the page.
    const page = cache.get("/11")!;
    const br = await cache.encoded(page, "br");
    const gz = await cache.encoded(page, "gzip");
    expect(brotliDecompressSync(br).equals(page.html)).toBe(true);
    expect(gunzipSync(gz).equals(page.html)).toBe(true);
    expect(await cache.encoded(page, "br")).toBe(br);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);

    // A page rendered at an older version is not kept, nor one that read a source with no version.
    cache.set("/old", { catalogue: "v0" }, 200, html(0));
    expect(cache.get("/old")).toBeUndefined();
    cache.set("/unknown", { catalogue: "v1", other: "o1" }, 200, html(0));
    expect(cache.get("/unknown")).toBeUndefined();

    // Too large a share of the budget: sent, not kept.
    cache.set("/huge", { catalogue: "v2" }, 200, Buffer.alloc(50_000));
    expect(cache.get("/huge")).toBeUndefined();
  });

  it("drops the pages that read a source whose version changed, and only those", () => {
    const cache = new PageCache(1_000_000);
    cache.sync({ catalogue: "c1", figures: "f1" });
    const html = (text: string) => Buffer.from(`<p>${text}</p>`);
    cache.set("/model", { catalogue: "c1", figures: "f1" }, 200, html("model"));
    cache.set("/task", { catalogue: "c1" }, 200, html("task"));
    cache.set("/about", {}, 200, html("about"));
    expect(cache.count).toBe(3);
    cache.sync({ catalogue: "c1", figures: "f1" });
    expect(cache.count).toBe(3);

    cache.sync({ catalogue: "c1", figures: "f2" });
    expect(cache.get("/model")).toBeUndefined();
    expect(cache.get("/task")?.html.toString()).toBe("<p>task</p>");
    expect(cache.count).toBe(2);

    cache.sync({ catalogue: "c2", figures: "f2" });
    expect(cache.get("/task")).toBeUndefined();
    expect(cache.get("/about")?.html.toString()).toBe("<p>about</p>");
    expect(cache.bytes).toBe(html("about").length);
    // A source no longer versioned counts as changed.
    cache.set("/task", { catalogue: "c2" }, 200, html("task"));
    cache.sync({ figures: "f2" });
    expect(cache.get("/task")).toBeUndefined();
    expect(cache.count).toBe(1);
  });

  it("keeps 404 pages within an eighth of the budget, so made-up URLs do not evict the pages people read", async () => {
    const cache = new PageCache(80_000);
    cache.sync({ catalogue: "c1" });
    const html = (n: number) => Buffer.from(`<p>${n}</p>`.padEnd(2_000, " "));
    for (let n = 0; n < 30; n++) cache.set(`/page/${n}`, { catalogue: "c1" }, 200, html(n));
    // A crawl of 200 missing pages, each 2 KB: the 10 000 bytes of the 4xx share hold the 5 most recent.
    for (let n = 0; n < 200; n++) cache.set(`/missing/${n}`, { catalogue: "c1" }, 404, html(n));
    for (let n = 0; n < 30; n++) expect(cache.get(`/page/${n}`)?.status).toBe(200);
    expect(cache.count).toBe(35);
    expect(cache.get("/missing/194")).toBeUndefined();
    expect(cache.get("/missing/195")?.status).toBe(404);
    // A 404 page's compressed copy counts against the share too; one asked for again is kept longer.
    await cache.encoded(cache.get("/missing/196")!, "gzip");
    cache.set("/missing/200", { catalogue: "c1" }, 404, html(200));
    expect(cache.get("/missing/196")?.status).toBe(404);
    expect(cache.get("/missing/197")).toBeUndefined();
    expect(cache.count).toBe(30 + 4);
    // A page that became a 404 leaves the share when it is found again (and the other way round).
    cache.set("/missing/200", { catalogue: "c1" }, 200, html(200));
    for (let n = 0; n < 30; n++) cache.set(`/more/${n}`, { catalogue: "c1" }, 404, html(n));
    expect(cache.get("/missing/200")?.status).toBe(200);
    expect(cache.bytes).toBeLessThanOrEqual(80_000);
  });

  it("picks brotli, then gzip, from Accept-Encoding", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("identity")).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding("deflate")).toBeUndefined();
  });

  it("the providers' figures change version with each call and with each call leaving the window", () => {
    let now = 1_000_000;
    const stats = new ProviderStats(() => now);
    const call = {
      path: "/router/together/v1/chat/completions",
      outcome: "complete",
      status: 200,
      latencyMs: 50,
    };
    const v0 = stats.version();
    stats.record(call as ProxyExchange);
    const v1 = stats.version();
    expect(v1).not.toBe(v0);
    now += 30 * 60_000;
    stats.record(call as ProxyExchange);
    const v2 = stats.version();
    expect(v2).not.toBe(v1);
    now += 45 * 60_000; // the first call leaves the hour's window
    expect(stats.version()).not.toBe(v2);
    expect(stats.summary().providers.together?.calls).toBe(1);
  });
});
