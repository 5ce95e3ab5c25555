// The API answers byte for byte the same on SQLite and PostgreSQL: one server on each store, the same
// imports (synthetic models, duplicates, bad lines), then the same requests, compared on status, body
// bytes and Link header (origin aside). Every page of several listings is followed to its end.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importJsonl, openPostgresStore, type PostgresStore, syntheticCatalogueLines } from "../src/index.js";
import type { TestHub } from "./support/hub.js";
import { nextPage, sameOnBoth, startStorePair, type StorePair } from "./support/store-pair.js";

let stores: StorePair;
let sqlite: TestHub;
let postgres: TestHub;
const reports: unknown[] = [];

beforeAll(async () => {
  stores = await startStorePair("contract");
  ({ sqlite, postgres } = stores);
  const synthetic = [...syntheticCatalogueLines(3000, 11)].map((line) => line.trimEnd());
  const lines = [
    ...synthetic.slice(0, 1500),
    "{broken json",
    synthetic[10].replace(/"downloads":\d+/, '"downloads":123'), // a duplicate: the later line wins
    JSON.stringify({ id: "../escape" }),
    ...synthetic.slice(1500),
    JSON.stringify({
      id: "black-forest-labs/FLUX.1-dev",
      downloads: 7,
      likes: 1,
      createdAt: "2024-08-01T00:00:00.000Z",
      lastModified: "2024-08-02T00:00:00.000Z",
    }), // replaces a seeded model
  ];
  const file = path.join(sqlite.folder, "import.jsonl");
  writeFileSync(file, lines.join("\n") + "\n");
  reports.push(await importJsonl(sqlite.store, file));
  // On PostgreSQL through a second connection pool, as a separate importer would, with a threshold
  // low enough that this import takes the rebuild-and-swap path of large imports.
  const importer = await openPostgresStore(postgres.databaseUrl, { rebuildMinRows: 1000 });
  try {
    reports.push(await importJsonl(importer, file));
  } finally {
    await importer.close();
  }
  // PostgreSQL keeps each sort's ids in memory for searches (built in the background on the first
  // search): have them ready, so the comparisons below go through that plan as well as the SQL ones.
  for (const sort of ["downloads", "likes", "createdAt", "lastModified", "trending"] as const) {
    await postgres.store.listModels({ search: "coder", tags: [], sort, direction: -1, limit: 1 });
  }
  await (postgres.store as PostgresStore).searchOrdersSettled();
  const memory = await postgres.store.listModels({
    search: "coder",
    tags: [],
    sort: "likes",
    direction: 1,
    limit: 10,
  });
  expect(memory.plan).toBe("ordered-scan");
}, 120_000);

afterAll(() => stores?.close());

/** Asks both servers, follows next links on both, and expects the same bytes at every step. */
async function expectSame(pathname: string, follow = false): Promise<number> {
  let next: string | undefined = pathname;
  let pages = 0;
  while (next) {
    const a = await sameOnBoth(stores, next, ["content-type"]);
    pages++;
    next = follow ? nextPage(a) : undefined;
    expect(pages).toBeLessThan(500);
  }
  return pages;
}

describe("the API on SQLite and on PostgreSQL", () => {
  it("imports the same file with the same report", () => {
    expect(reports[1]).toEqual(reports[0]);
    expect(reports[0]).toMatchObject({ invalid: 2, duplicates: 1 });
  });

  it("lists, sorts and paginates identically", async () => {
    for (const sort of ["downloads", "likes", "createdAt", "lastModified", "trending"]) {
      for (const direction of [-1, 1]) {
        const pages = await expectSame(`/api/models?sort=${sort}&direction=${direction}&limit=500`, true);
        expect(pages).toBeGreaterThan(5);
      }
    }
    await expectSame("/api/models");
    await expectSame("/api/models?full=true&limit=50");
    await expectSame("/api/models?config=true&limit=20");
  }, 120_000);

  it("searches and filters identically, short, common, rare and absent terms, to the last page", async () => {
    const queries = [
      "search=coder",
      "search=CODER&sort=likes",
      "search=xl",
      "search=v",
      "search=northwind-ai/",
      "search=tiny%20v2",
      "search=quantized-xl&direction=1",
      "search=llama",
      "search=flux",
      "search=zzzz-not-there",
      "search=1b",
      "search=5%25",
      "search=_",
      "pipeline_tag=text-to-image",
      "library=timm&sort=createdAt",
      "filter=license:mit&filter=fr",
      "filter=conversational",
      "author=sonic-labs&search=audio",
      "author=meta-llama",
      "search=chat&pipeline_tag=text-generation&library=peft",
      "search=base&filter=hubkit-synthetic&sort=lastModified&direction=1",
      "search=coder&sort=trending",
      "library=gguf&sort=trending&direction=1",
      "inference=warm&license=mit",
      "num_parameters=min:1B,max:12B&sort=trending",
      "apps=llama.cpp&other=conversational",
    ];
    for (const query of queries) await expectSame(`/api/models?${query}&limit=40`, true);
  }, 120_000);

  it("filters by a list of ids identically (the mirror's mirrored=true), with search, sort and pages", async () => {
    const some = await sqlite.store.listModels({ tags: [], sort: "downloads", direction: -1, limit: 12 });
    const ids = [
      ...some.models.filter((_, index) => index % 2 === 0).map((model) => model.id),
      "no/such-model",
    ];
    for (const query of [
      { tags: [], sort: "likes" as const, direction: 1 as const, limit: 4 },
      {
        search: ids[0].split("/")[1].slice(0, 4),
        tags: [],
        sort: "downloads" as const,
        direction: -1 as const,
        limit: 4,
      },
      { tags: [], sort: "downloads" as const, direction: -1 as const, limit: 4, ids: [] },
    ]) {
      const listed: string[][] = [];
      for (const store of [sqlite.store, postgres.store]) {
        const found: string[] = [];
        let cursor;
        do {
          const page = await store.listModels({ ids, ...query, cursor });
          found.push(...page.models.map((model) => model.id));
          cursor = page.next;
        } while (cursor);
        listed.push(found);
        const counted = await store.countModels({ ids, ...query }, 1000);
        expect(counted.count).toBe(found.length);
      }
      expect(listed[1]).toEqual(listed[0]);
      expect(listed[0].every((id) => ids.includes(id))).toBe(true);
      if (!("ids" in query)) expect(listed[0].length).toBeGreaterThan(0);
    }
  });

  it("serves model pages, expand[], usage, libraries and errors identically", async () => {
    const paths = [
      "/api/models/black-forest-labs/FLUX.1-dev",
      "/api/models/black-forest-labs/FLUX.1-dev?expand[]=inferenceProviderMapping",
      "/api/models/meta-llama/Llama-3.3-70B-Instruct?expand[]=downloads&expand[]=likes&expand[]=tags",
      "/api/models/meta-llama/Llama-3.3-70B-Instruct/usage",
      "/api/models?expand[]=inferenceProviderMapping&filter=conversational&limit=30",
      "/api/models/acme/not-there",
      "/api/models?sort=nope",
      "/api/models?cursor=abc",
      "/api/models-facets",
      "/api/models/meta-llama/Llama-3.3-70B-Instruct/revision/main",
      "/meta-llama/Llama-3.3-70B-Instruct/resolve/main/README.md",
      "/api/libraries",
      "/api/libraries/transformers",
      "/api/libraries/timm",
      "/api/tasks/text-classification",
    ];
    for (const pathname of paths) await expectSame(pathname);
  }, 120_000);
});
