// The hub API over HTTP, with a real server on 127.0.0.1:0, a temp data dir and a temp web build. The
// same suite runs on PostgreSQL from api.postgres.test.ts (see support/store-under-test.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIBRARY_TASK_MAPPING, MODEL_LIBRARIES_UI_ELEMENTS, TASKS_DATA } from "@hubkit/tasks";
import { startHubServer, type HubServer } from "../src/index.js";
import { EMBEDDED_CATALOGUE_PATH } from "../src/paths.js";
import { storeKind, storeOptions } from "./support/store-under-test.js";

let server: HubServer;
let dataDir: string;
let webDir: string;
let cleanupStore: (() => Promise<void>) | undefined;
const embedded = readFileSync(EMBEDDED_CATALOGUE_PATH, "utf8")
  .trim()
  .split("\n")
  .map(
    (line) =>
      JSON.parse(line) as { id: string; pipeline_tag?: string; library_name?: string; tags: string[] },
  );

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-hub-api-"));
  webDir = mkdtempSync(path.join(tmpdir(), "hubkit-hub-web-"));
  mkdirSync(path.join(webDir, "assets"));
  writeFileSync(
    path.join(webDir, "index.html"),
    "<!doctype html><title>hubkit web</title><div id=root></div>",
  );
  writeFileSync(path.join(webDir, "assets", "index-B7x9kQ2m.js"), "console.log('app');\n".repeat(200));
  const store = await storeOptions();
  cleanupStore = store.cleanup;
  server = await startHubServer({
    port: 0,
    dataDir,
    webDistDir: webDir,
    hfToken: "",
    databaseUrl: store.databaseUrl,
  });
  expect(server.store.kind).toBe(storeKind());
});

afterAll(async () => {
  await server?.close();
  await cleanupStore?.();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDir, { recursive: true, force: true });
});

const get = (pathname: string, init?: RequestInit) => fetch(`${server.url}${pathname}`, init);

async function getJson<T = unknown>(pathname: string): Promise<T> {
  const res = await get(pathname);
  expect(res.status, `${pathname} → ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

/** Sends a raw path, bypassing URL normalisation (fetch would resolve "..", for one). */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: rawPath, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

type ListItem = {
  id: string;
  downloads: number;
  likes: number;
  tags: string[];
  pipeline_tag?: string;
  library_name?: string;
};

/** Follows the Link header from the first page to the last, returning every item and the page count. */
async function followPages(firstPath: string): Promise<{ items: ListItem[]; pages: number }> {
  const items: ListItem[] = [];
  let next: string | undefined = `${server.url}${firstPath}`;
  let pages = 0;
  while (next) {
    const res: Response = await fetch(next);
    expect(res.status).toBe(200);
    items.push(...((await res.json()) as ListItem[]));
    pages++;
    const link: string | null = res.headers.get("link");
    next = link ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] : undefined;
    expect(pages).toBeLessThan(1000);
  }
  return { items, pages };
}

describe("GET /api/tasks", () => {
  it("serves every task page keyed by id, with models [{id, description}]", async () => {
    const tasks =
      await getJson<Record<string, { id: string; models: { id: string; description: string }[] }>>(
        "/api/tasks",
      );
    const expected = Object.entries(TASKS_DATA).filter(([, page]) => page !== undefined);
    expect(Object.keys(tasks).sort()).toEqual(expected.map(([id]) => id).sort());
    for (const [id, page] of expected) {
      expect(tasks[id].id).toBe(id);
      expect(tasks[id].models).toEqual(page!.models);
    }
    const one = await getJson<{ id: string }>("/api/tasks/text-classification");
    expect(one.id).toBe("text-classification");
    expect((await get("/api/tasks/no-such-task")).status).toBe(404);
  });
});

describe("GET /api/models", () => {
  it("lists models in the real hub's list shape, most downloaded first by default", async () => {
    const res = await get("/api/models?limit=20");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const models = (await res.json()) as ListItem[];
    expect(models).toHaveLength(20);
    for (const model of models) {
      expect(Object.keys(model)).toEqual(expect.arrayContaining(["_id", "id", "downloads", "likes", "tags"]));
      expect(model).not.toHaveProperty("config");
    }
    const downloads = models.map((model) => model.downloads);
    expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
  });

  it("follows the Link header to the end with no duplicates and no gaps", async () => {
    const { items, pages } = await followPages("/api/models?limit=37");
    expect(pages).toBe(Math.ceil(embedded.length / 37));
    const ids = items.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(embedded.map((model) => model.id)));
    const downloads = items.map((item) => item.downloads);
    expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
  });

  it("paginates every sort in both directions, keeping the order across pages", async () => {
    for (const [sort, field] of [
      ["likes", "likes"],
      ["createdAt", "createdAt"],
      ["lastModified", "lastModified"],
    ] as const) {
      for (const direction of [-1, 1]) {
        const { items } = await followPages(
          `/api/models?sort=${sort}&direction=${direction}&limit=200&expand[]=${field}`,
        );
        expect(items).toHaveLength(embedded.length);
        const values = items.map((item) => {
          const value = (item as unknown as Record<string, string | number>)[field];
          return typeof value === "string" ? Date.parse(value) : value;
        });
        const sorted = [...values].sort((a, b) => (direction === -1 ? b - a : a - b));
        expect(values).toEqual(sorted);
      }
    }
  });

  it("searches ids by substring, case-insensitively, including short terms", async () => {
    const llama = await getJson<ListItem[]>("/api/models?search=LLAMA&limit=1000");
    const expected = embedded.filter((model) => model.id.toLowerCase().includes("llama"));
    expect(llama.map((model) => model.id).sort()).toEqual(expected.map((model) => model.id).sort());
    const twoTerms = await getJson<ListItem[]>("/api/models?search=qwen%20coder&limit=1000");
    expect(twoTerms.length).toBeGreaterThan(0);
    for (const model of twoTerms) expect(model.id.toLowerCase()).toMatch(/qwen.*coder|coder.*qwen/);
    const short = await getJson<ListItem[]>("/api/models?search=t5&limit=1000");
    expect(short.map((model) => model.id).sort()).toEqual(
      embedded
        .filter((model) => model.id.toLowerCase().includes("t5"))
        .map((model) => model.id)
        .sort(),
    );
    expect(await getJson<ListItem[]>("/api/models?search=zzzz-no-such-model")).toEqual([]);
  });

  it("filters by pipeline_tag, library, tags and author, combined with search", async () => {
    const tti = await getJson<ListItem[]>("/api/models?pipeline_tag=text-to-image&limit=1000");
    expect(tti.length).toBe(embedded.filter((model) => model.pipeline_tag === "text-to-image").length);
    const diffusersFlux = await getJson<ListItem[]>("/api/models?library=diffusers&search=flux&limit=1000");
    expect(diffusersFlux.length).toBeGreaterThan(3);
    for (const model of diffusersFlux) {
      expect(model.library_name).toBe("diffusers");
      expect(model.id.toLowerCase()).toContain("flux");
    }
    const tagged = await getJson<ListItem[]>(
      "/api/models?filter=conversational&filter=license:apache-2.0&limit=1000",
    );
    expect(tagged.length).toBeGreaterThan(5);
    for (const model of tagged)
      expect(model.tags).toEqual(expect.arrayContaining(["conversational", "license:apache-2.0"]));
    const commaTags = await getJson<ListItem[]>(
      "/api/models?filter=conversational,license:apache-2.0&limit=1000",
    );
    expect(commaTags.map((model) => model.id)).toEqual(tagged.map((model) => model.id));
    const fixtures = await getJson<ListItem[]>("/api/models?filter=hubkit-fixture");
    expect(fixtures.length).toBeGreaterThan(3);
    for (const model of fixtures) expect(model.id.startsWith("hubkit-faults/")).toBe(true);
    const meta = await getJson<ListItem[]>("/api/models?author=meta-llama&limit=1000");
    expect(meta.length).toBe(embedded.filter((model) => model.id.startsWith("meta-llama/")).length);
  });

  it("returns requested fields with expand[] and full=true", async () => {
    const expanded = await getJson<Record<string, unknown>[]>(
      "/api/models?search=FLUX.1-dev&expand[]=inferenceProviderMapping&expand[]=pipeline_tag",
    );
    const flux = expanded.find((model) => model.id === "black-forest-labs/FLUX.1-dev");
    expect(Object.keys(flux!).sort()).toEqual(["_id", "id", "inferenceProviderMapping", "pipeline_tag"]);
    const full = await getJson<Record<string, unknown>[]>("/api/models?search=FLUX.1-dev&full=true");
    expect(full[0]).toHaveProperty("lastModified");
    expect(full[0]).toHaveProperty("cardData");
  });

  it("rejects bad parameters with a 400 naming the parameter", async () => {
    const cases: [string, RegExp][] = [
      ["limit=0", /limit must be an integer between 1 and 1000/],
      ["limit=1001", /limit must be an integer between 1 and 1000/],
      ["limit=abc", /limit must be an integer/],
      ["sort=popularity", /sort must be one of downloads, likes, lastModified, createdAt/],
      ["direction=2", /direction must be -1/],
      ["cursor=not-a-cursor", /cursor is invalid/],
      ["expand[]=secrets", /expand "secrets" is not a known field/],
      ["filter=%3Cscript%3E", /filter .* is not a valid tag/],
      ["limit=5&limit=6", /limit must be given at most once/],
      [`search=${"x".repeat(300)}`, /search must be at most 200 characters/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/models?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error, query).toMatch(message);
    }
    // A cursor made for one sort is refused for another.
    const first = await get("/api/models?limit=2&sort=likes");
    const cursor = new URL(/<([^>]+)>/.exec(first.headers.get("link")!)![1]).searchParams.get("cursor");
    const mismatch = await get(`/api/models?limit=2&sort=downloads&cursor=${cursor}`);
    expect(mismatch.status).toBe(400);
  });
});

describe("GET /api/models/{id}", () => {
  it("serves the model page with the fields snippets read", async () => {
    const model = await getJson<Record<string, unknown>>("/api/models/meta-llama/Llama-3.3-70B-Instruct");
    expect(model.id).toBe("meta-llama/Llama-3.3-70B-Instruct");
    expect(model.pipeline_tag).toBe("text-generation");
    expect(model.library_name).toBe("transformers");
    const config = model.config as { architectures: string[]; tokenizer_config: { chat_template: string } };
    expect(config.architectures).toEqual(["LlamaForCausalLM"]);
    expect(config.tokenizer_config.chat_template).toContain("messages");
    expect(model.transformersInfo).toMatchObject({ auto_model: "AutoModelForCausalLM" });
    expect(model).not.toHaveProperty("inferenceProviderMapping");
  });

  it("returns the provider mapping in the shape the inference client reads", async () => {
    const model = await getJson<{
      inferenceProviderMapping: Record<string, { status: string; providerId: string; task: string }>;
    }>("/api/models/black-forest-labs/FLUX.1-dev?expand[]=inferenceProviderMapping");
    expect(Object.keys(model).sort()).toEqual(["_id", "id", "inferenceProviderMapping"]);
    expect(model.inferenceProviderMapping["fal-ai"]).toEqual({
      status: "live",
      providerId: "fal-ai/flux/dev",
      task: "text-to-image",
    });
    expect(model.inferenceProviderMapping.replicate.providerId).toBe("black-forest-labs/flux-dev");
  });

  it("serves single-segment legacy ids and answers 404/400 for unknown or invalid ids", async () => {
    const legacy = await getJson<{ id: string; mask_token: string }>("/api/models/distilroberta-base");
    expect(legacy.id).toBe("distilroberta-base");
    expect(legacy.mask_token).toBe("<mask>");
    // As huggingface.co: a missing repo answers as a private one would (401 without a token), so
    // that the two cannot be told apart; the clients read X-Error-Code.
    const missing = await get("/api/models/nobody/nothing-here");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("x-error-code")).toBe("RepoNotFound");
    expect(((await missing.json()) as { error: string }).error).toMatch(/Repository not found/);
    expect((await get("/api/models/bad%20id/x")).status).toBe(400);
    expect((await get("/api/models/a/b/c")).status).toBe(404);
  });
});

describe("GET /api/libraries and /api/hubkit/config", () => {
  it("lists the registry with tasks and model counts from the catalogue", async () => {
    const libraries =
      await getJson<
        { id: string; prettyLabel: string; tasks: string[]; modelCount: number; hasSnippets: boolean }[]
      >("/api/libraries");
    expect(libraries.map((library) => library.id)).toEqual(Object.keys(MODEL_LIBRARIES_UI_ELEMENTS));
    const diffusers = libraries.find((library) => library.id === "diffusers")!;
    expect(diffusers.prettyLabel).toBe("Diffusers");
    expect(diffusers.tasks).toEqual([...LIBRARY_TASK_MAPPING.diffusers!]);
    expect(diffusers.modelCount).toBe(embedded.filter((model) => model.library_name === "diffusers").length);
    expect(diffusers.hasSnippets).toBe(true);
    const one = await getJson<{ id: string }>("/api/libraries/timm");
    expect(one.id).toBe("timm");
    expect((await get("/api/libraries/not-a-library")).status).toBe(404);
  });

  it("tells the browser which inference mode is active", async () => {
    const config = await getJson<{ mode: string; router: string; proxy: string; version: string }>(
      "/api/hubkit/config",
    );
    expect(config.mode).toBe("offline");
    expect(config.router).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(config.proxy).toBe("/router");
    expect(config.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("static files, headers and bad requests", () => {
  it("serves the app with SPA fallback, cache headers and security headers", async () => {
    const index = await get("/");
    expect(index.status).toBe(200);
    expect(index.headers.get("cache-control")).toBe("no-cache");
    expect(await index.text()).toContain("hubkit web");
    const deepLink = await get("/models/meta-llama/Llama-3.3-70B-Instruct", {
      headers: { accept: "text/html" },
    });
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get("cache-control")).toBe("no-cache");
    expect(await deepLink.text()).toContain("hubkit web");
    const asset = await get("/assets/index-B7x9kQ2m.js", { headers: { "accept-encoding": "gzip" } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-encoding")).toBe("gzip");
    for (const res of [index, asset, await get("/api/tasks")]) {
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    }
    const missingAsset = await get("/assets/index-missing.js");
    expect(missingAsset.status).toBe(404);
  });

  it("serves the task pages' demo files", async () => {
    const page = Object.values(TASKS_DATA).find((task) =>
      task?.demo.inputs.some((entry) => "filename" in entry),
    );
    const entry = page!.demo.inputs.find((item) => "filename" in item) as { filename: string };
    const res = await get(`/assets/tasks/${entry.filename}`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await get("/assets/tasks/nope.png")).status).toBe(404);
  });

  it("rejects path traversal in every encoding", async () => {
    for (const attempt of [
      "/..%2f..%2fetc/passwd",
      "/../../etc/passwd",
      "/assets/..%2f..%2f..%2fpackage.json",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/assets/tasks/..%2f..%2fpackage.json",
      "/..%5c..%5cetc%5cpasswd",
      "/%E0%A4%A",
    ]) {
      const res = await rawGet(attempt);
      expect(res.status, attempt).toBe(400);
      expect(res.body).not.toContain("root:");
      expect(res.body).not.toContain('"workspaces"');
    }
  });

  it("answers unknown API routes and oversized or malformed requests with JSON errors", async () => {
    const unknown = await get("/api/no-such-route");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Not found: GET /api/no-such-route" });
    const tooBig = await get("/router/together/v1/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(33 * 1024 * 1024),
    });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: string }).error).toMatch(/too large/);
    const longParam = await get(`/api/models/${"a".repeat(400)}/b`);
    expect([400, 404, 414]).toContain(longParam.status);
    const post = await get("/api/models", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect([400, 404]).toContain(post.status);
  });
});
