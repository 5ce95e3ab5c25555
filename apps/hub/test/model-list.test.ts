// The models list's API on both stores: trending order, facet counts, the total count, huggingface.co's
// list parameters (library=gguf, other, license, language, apps, inference_provider, num_parameters),
// the routes real hub clients call (revision, tree, README.md), imported cards, and the providers'
// measured latency. Each answer is checked for content, then compared between SQLite and PostgreSQL.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filterTags, trendingScore } from "../src/catalogue/derived.js";
import Database from "better-sqlite3";
import pg from "pg";
import type { ModelFacets } from "../src/contract/api.js";
import { importJsonl, openCatalogue, openPostgresStore } from "../src/index.js";
import type { TestHub } from "./support/hub.js";
import { nextPage, sameOnBoth, startStorePair, type Answer, type StorePair } from "./support/store-pair.js";

/** A GGUF repository with a recent history, and an old model with an imported card. */
const FIXTURE_FILE = path.join(import.meta.dirname, "fixtures", "model-list.jsonl");
const FIXTURES = readFileSync(FIXTURE_FILE, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Record<string, unknown> & { id: string; readme?: string });
const CARD = FIXTURES[1].readme;

let stores: StorePair;
let sqlite: TestHub;
let postgres: TestHub;

beforeAll(async () => {
  stores = await startStorePair("model-list");
  ({ sqlite, postgres } = stores);
  for (const server of [sqlite, postgres]) await importJsonl(server.store, FIXTURE_FILE);
}, 120_000);

afterAll(() => stores?.close());

/** The answer of both stores, which must be the same. */
function both(pathname: string): Promise<Answer> {
  return sameOnBoth(stores, pathname, ["x-total-count", "x-total-count-exact", "content-type"]);
}

async function ids(pathname: string): Promise<string[]> {
  const answer = await both(pathname);
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { id: string }[]).map((model) => model.id);
}

describe("the models list API on SQLite and PostgreSQL", () => {
  it("sort=trending orders by the documented score, pages and all", async () => {
    const answer = await both(
      "/api/models?sort=trending&limit=50&expand[]=trendingScore&expand[]=downloads&expand[]=likes&expand[]=createdAt",
    );
    const page = JSON.parse(answer.body) as {
      id: string;
      trendingScore: number;
      downloads: number;
      likes: number;
      createdAt: string;
    }[];
    expect(page).toHaveLength(50);
    const scores = page.map((model) => model.trendingScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const model of page) expect(model.trendingScore).toBe(trendingScore(model));
    // A recent model with traction is on the first page; an old one with few downloads is not.
    expect(page.map((model) => model.id)).toContain("acme-e2e/Tiny-Chat-GGUF");
    expect(page.map((model) => model.id)).not.toContain("acme-e2e/petit-modele");
    expect(answer.headers.link).toMatch(/rel="next"/);
    // huggingface_hub's list_models(sort="trending_score") asks for sort=trendingScore.
    expect(await ids("/api/models?sort=trendingScore&limit=20")).toEqual(
      page.slice(0, 20).map((model) => model.id),
    );
    // Every page to the end, the same on both stores.
    let next: string | undefined = "/api/models?sort=trending&direction=1&limit=200";
    let seen = 0;
    while (next) {
      const step = await both(next);
      seen += (JSON.parse(step.body) as unknown[]).length;
      next = nextPage(step);
    }
    expect(seen).toBe(Number((await both("/api/models?count=true&limit=1")).headers["x-total-count"]));
  });

  it("library=gguf finds GGUF repositories; counts and filters follow huggingface.co's parameters", async () => {
    const gguf = await ids("/api/models?library=gguf&limit=100");
    expect(gguf).toContain("acme-e2e/Tiny-Chat-GGUF");
    expect(gguf.length).toBeGreaterThanOrEqual(5);
    const counted = await both("/api/models?library=gguf&count=true&limit=2");
    expect(Number(counted.headers["x-total-count"])).toBe(gguf.length);
    expect(counted.headers["x-total-count-exact"]).toBeNull();

    expect(await ids("/api/models?language=fr&license=mit")).toEqual(["acme-e2e/petit-modele"]);
    expect(await ids("/api/models?other=conversational&apps=ollama&limit=100")).toContain(
      "acme-e2e/Tiny-Chat-GGUF",
    );
    expect(await ids("/api/models?num_parameters=min:6B,max:9B&limit=100")).toEqual(
      expect.arrayContaining(["acme-e2e/petit-modele", "Qwen/Qwen2.5-7B-Instruct-GGUF"]),
    );
    const small = await ids("/api/models?num_parameters=min:0,max:3B&limit=100");
    expect(small).toContain("acme-e2e/Tiny-Chat-GGUF");
    expect(small).not.toContain("acme-e2e/petit-modele");

    const served = await ids("/api/models?inference_provider=together&limit=100");
    expect(served.length).toBeGreaterThan(0);
    const warm = await ids("/api/models?inference=warm&limit=1000");
    expect(warm).toEqual(expect.arrayContaining(served));
    expect(await ids("/api/models?inference_provider=all&limit=1000")).toEqual(warm);

    for (const bad of ["num_parameters=min:5B", "inference=cold", "apps=%3Cx%3E", "sort=hot"]) {
      const answer = await both(`/api/models?${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(JSON.parse(answer.body).error).toMatch(/num_parameters|inference|apps|sort/);
    }
  });

  it("facets count each value over the catalogue, grouped by filter", async () => {
    const facets = JSON.parse((await both("/api/models-facets")).body) as ModelFacets;
    const count = async (query: string) =>
      Number((await both(`/api/models?${query}&count=true&limit=1`)).headers["x-total-count"]);
    expect(facets.total).toBe(await count("sort=downloads"));
    expect(facets.pipeline_tag["text-generation"]).toBe(await count("pipeline_tag=text-generation"));
    expect(facets.library.gguf).toBe(await count("library=gguf"));
    expect(facets.library.transformers).toBe(await count("library=transformers"));
    expect(facets.license.mit).toBe(await count("license=mit"));
    expect(facets.language).toEqual({ fr: 1 });
    expect(facets.inference).toBe(await count("inference=warm"));
    expect(facets.inference_provider.together).toBe(await count("inference_provider=together"));
    expect(facets.apps["llama.cpp"]).toBe(await count("apps=llama.cpp"));
    for (const [range, n] of Object.entries(facets.num_parameters)) {
      expect(n, range).toBe(await count(`num_parameters=${range}`));
    }
    expect(facets.num_parameters["min:6B,max:9B"]).toBeGreaterThanOrEqual(4);
    expect(Object.keys(facets.other)).toContain("conversational");
    expect(Object.keys(facets.other)).not.toContain("text-generation");
  });

  it("with filters active, each facet count is the total that choosing the value gives", async () => {
    type Facets = Record<string, Record<string, number> | number>;
    const total = async (query: URLSearchParams) => {
      const answer = await both(`/api/models?${query}&count=true&limit=1`);
      expect(answer.status, `${query}: ${answer.body}`).toBe(200);
      return Number(answer.headers["x-total-count"]);
    };
    // One value at a time in these groups (choosing one replaces the active one); the others add it.
    const exclusive = new Set(["pipeline_tag", "library", "license", "inference_provider", "num_parameters"]);
    const combos = [
      "pipeline_tag=text-generation",
      "pipeline_tag=text-generation&library=transformers",
      "inference_provider=all&license=apache-2.0",
      "library=gguf&apps=llama.cpp",
      "search=llama&num_parameters=min:6B,max:9B",
      "language=fr",
    ];
    let checked = 0;
    for (const combo of combos) {
      const answer = await both(`/api/models-facets?${combo}`);
      expect(answer.status, answer.body).toBe(200);
      const facets = JSON.parse(answer.body) as Facets;
      const base = new URLSearchParams(combo);
      expect(facets.total, combo).toBe(await total(base));
      for (const [group, values] of Object.entries(facets)) {
        if (typeof values === "number") continue;
        // The three largest values and the smallest of each group.
        const entries = Object.entries(values).sort((a, b) => b[1] - a[1]);
        for (const [value, count] of [...entries.slice(0, 3), ...entries.slice(-1)]) {
          const param = group === "inference_provider" && value === "all" ? "inference_provider" : group;
          const query = new URLSearchParams(base);
          if (exclusive.has(group)) query.delete(param);
          if (group === "inference_provider") query.delete("inference");
          if (!query.getAll(param).includes(value)) query.append(param, value);
          expect(count, `${combo}: ${group}=${value}`).toBe(await total(query));
          checked++;
        }
      }
      if (typeof facets.inference === "number") {
        const query = new URLSearchParams(base);
        query.delete("inference_provider");
        query.set("inference", "warm");
        expect(facets.inference, `${combo}: inference`).toBe(await total(query));
      }
    }
    expect(checked).toBeGreaterThan(60);
    // A choice the other filters leave empty is counted 0 or left out, never the catalogue's figure.
    const narrow = JSON.parse(
      (await both("/api/models-facets?pipeline_tag=text-classification&language=fr")).body,
    ) as Facets;
    expect(narrow.total).toBe(1);
    expect((narrow.library as Record<string, number>).transformers).toBe(1);
    expect((narrow.library as Record<string, number>).gguf).toBeUndefined();
    // Bad parameters are named, as in the list.
    const bad = await both("/api/models-facets?num_parameters=min:5B");
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error).toMatch(/num_parameters/);
  });

  it("numbered pages (p) match the cursor pages, with previous pages reachable", async () => {
    const all = await ids("/api/models?sort=trending&limit=90");
    expect(await ids("/api/models?sort=trending&limit=30&p=0")).toEqual(all.slice(0, 30));
    expect(await ids("/api/models?sort=trending&limit=30&p=2")).toEqual(all.slice(60, 90));
    expect(await ids("/api/models?sort=trending&limit=30&p=30")).toEqual([]);
    expect((await both("/api/models?limit=30&p=1000")).status).toBe(400);
    expect((await both("/api/models?p=-1")).status).toBe(400);
  });

  it("answers modelInfo's revision route, the file tree and README.md (imported or written from facts)", async () => {
    // @huggingface/hub's modelInfo: /api/models/{name}/revision/{rev ?? "HEAD"}?expand=…
    const info = await both(
      "/api/models/acme-e2e/Tiny-Chat-GGUF/revision/HEAD?expand[]=gguf&expand[]=siblings&expand[]=sha",
    );
    const model = JSON.parse(info.body) as { sha: string; gguf: { total: number }; siblings: unknown[] };
    expect(model.gguf.total).toBe(1_100_000_000);
    expect(model.siblings).toContainEqual({ rfilename: "tiny-chat-Q8_0.gguf", size: 1_170_000_000 });
    expect((await both(`/api/models/acme-e2e/Tiny-Chat-GGUF/revision/${model.sha}`)).status).toBe(200);
    expect((await both("/api/models/acme-e2e/Tiny-Chat-GGUF/revision/main")).status).toBe(200);
    const missing = await both("/api/models/acme-e2e/Tiny-Chat-GGUF/revision/v9");
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).error).toContain('no revision "v9"');

    const tree = JSON.parse((await both("/api/models/acme-e2e/Tiny-Chat-GGUF/tree/main")).body) as {
      path: string;
      size?: number;
    }[];
    expect(tree.map((file) => file.path)).toEqual([
      "README.md",
      "tiny-chat-Q4_K_M.gguf",
      "tiny-chat-Q8_0.gguf",
    ]);
    expect(tree[1].size).toBe(668_000_000);

    const imported = await both("/acme-e2e/petit-modele/resolve/main/README.md");
    expect(imported.headers["content-type"]).toMatch(/^text\/markdown/);
    expect(imported.body).toBe(CARD);
    const written = await both("/meta-llama/Llama-3.3-70B-Instruct/resolve/main/README.md");
    expect(written.body).toMatch(/^---\nlicense: llama3.3\n/);
    expect(written.body).toContain("# Llama-3.3-70B-Instruct");
    expect(written.body).toContain("Inference providers serving it");
    // The imported card is served as a file, never inside the API's model document.
    expect((await both("/api/models/acme-e2e/petit-modele")).body).not.toContain("Petit modèle");
  });

  it("records each provider's latency and throughput from calls through /router", async () => {
    const empty = (await (await fetch(`${sqlite.url}/api/hubkit/provider-stats`)).json()) as {
      providers: Record<string, unknown>;
    };
    expect(empty.providers).toEqual({});
    const response = await fetch(`${sqlite.url}/router/together/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer hf_hubkitProviderStats" },
      body: JSON.stringify({
        model: "meta-llama/Llama-3.3-70B-Instruct-Turbo",
        messages: [{ role: "user", content: "Count to five" }],
        stream: true,
      }),
    });
    expect(response.status).toBe(200);
    await response.text();
    await expect
      .poll(async () => {
        const stats = (await (await fetch(`${sqlite.url}/api/hubkit/provider-stats`)).json()) as {
          providers: Record<string, { calls: number; latencyMs: number; tokensPerSecond: number | null }>;
        };
        return stats.providers.together;
      })
      .toMatchObject({ calls: 1, latencyMs: expect.any(Number), tokensPerSecond: expect.any(Number) });
  });

  it("a catalogue indexed by an earlier version gets trending scores and derived tags when opened", async () => {
    // SQLite: a database as the previous version left it (no trending column, no derived tags).
    const file = path.join(sqlite.folder, "old-sqlite");
    const old = openCatalogue(file);
    await importJsonl(
      { beginImport: () => old.beginImport() },
      Readable.from([JSON.stringify(FIXTURES[0]) + "\n"]),
    );
    old.close();
    const raw = new Database(path.join(file, "hub.sqlite"));
    raw.exec("DROP INDEX models_order_trending; ALTER TABLE models DROP COLUMN trending");
    raw.exec("DELETE FROM model_tags WHERE tag LIKE 'apps=%' OR tag LIKE 'params%'");
    raw.exec("DELETE FROM meta WHERE key = 'derived_version'");
    raw.close();
    const reopened = openCatalogue(file);
    try {
      expect(reopened.repairs).toContain("derived tags and trending scores computed for 1 models");
      const page = reopened.listModels({
        tags: ["apps=llama.cpp"],
        sort: "trending",
        direction: -1,
        limit: 5,
      });
      expect(page.models.map((model) => model.id)).toEqual(["acme-e2e/Tiny-Chat-GGUF"]);
      expect(reopened.facetCounts().tags["params>=1B"]).toBe(1);
      const row = reopened.db.prepare("SELECT trending FROM models").get() as { trending: number };
      expect(row.trending).toBe(trendingScore(FIXTURES[0] as never));
      const tags = reopened.db.prepare("SELECT tag FROM model_tags ORDER BY tag").pluck().all();
      expect(tags).toEqual(filterTags(reopened.getModel("acme-e2e/Tiny-Chat-GGUF")!).sort());
    } finally {
      reopened.close();
    }

    // PostgreSQL: the same, on the running server's database (scores and tags wiped, version unset).
    const client = new pg.Client({ connectionString: postgres.databaseUrl });
    await client.connect();
    try {
      await client.query("UPDATE models SET trending = 0, tags = ARRAY[]::text[]");
      await client.query("DELETE FROM hubkit_meta WHERE key = 'derived_version'");
    } finally {
      await client.end();
    }
    const store = await openPostgresStore(postgres.databaseUrl);
    try {
      // Every row holds what derived.ts computes from its document.
      const { rows } = await store.pool.query<{ doc: string; tags: string[]; trending: number }>(
        "SELECT doc, tags, trending FROM models",
      );
      expect(rows.length).toBeGreaterThan(10);
      for (const row of rows) {
        const model = JSON.parse(row.doc);
        expect(row.trending).toBe(trendingScore(model));
        expect([...row.tags].sort()).toEqual(filterTags(model).sort());
      }
      const facets = await store.facetCounts();
      expect(facets.tags["apps=llama.cpp"]).toBeGreaterThanOrEqual(6);
      const page = await store.listModels({ tags: [], sort: "trending", direction: -1, limit: 1 });
      expect(page.models).toHaveLength(1);
    } finally {
      await store.close();
    }
    expect(await both("/api/models?sort=trending&limit=100")).toMatchObject({ status: 200 });
  });
});
