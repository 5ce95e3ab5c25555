// Search plans of CatalogueStore.listModels on a synthetic catalogue: the in-memory ordered scan, the
// FTS sort, and a budget small enough that one listing switches between them page by page. Every
// listing is followed through its cursors to the end and compared with the same query answered by
// filtering and sorting the models in plain JavaScript.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCatalogue, parseModelRecord, syntheticModel, type HubModel } from "../src/index.js";
import { trendingScore } from "../src/catalogue/derived.js";
import type { CatalogueStore, ListPlan, ModelQuery, SortField } from "../src/store/sqlite.js";

const COUNT = 3000;
const dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-search-plans-"));
let models: HubModel[];
const rowids = new Map<string, number>();
let stores: { name: string; store: CatalogueStore }[];

beforeAll(() => {
  models = Array.from({ length: COUNT }, (_, index) => {
    const parsed = parseModelRecord(syntheticModel(index, 7));
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.model;
  });
  const writer = openCatalogue(dataDir);
  writer.upsertBatch(models);
  for (const row of writer.db.prepare("SELECT rowid, id FROM models").all() as {
    rowid: number;
    id: string;
  }[])
    rowids.set(row.id, row.rowid);
  writer.close();
  stores = [
    { name: "default budget", store: openCatalogue(dataDir) },
    { name: "FTS only", store: openCatalogue(dataDir, { searchWalkRows: 0 }) },
    { name: "budget of 40 ids", store: openCatalogue(dataDir, { searchWalkRows: 40 }) },
  ];
});

afterAll(() => {
  for (const { store } of stores) store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function sortValue(model: HubModel, sort: SortField): number {
  if (sort === "lastModified") return Date.parse(model.lastModified);
  if (sort === "createdAt") return Date.parse(model.createdAt);
  if (sort === "trending") return trendingScore(model);
  return model[sort];
}

/** The query answered without SQLite: filter, then order by (sort value, rowid). */
function expectedIds(query: Omit<ModelQuery, "limit" | "cursor">): string[] {
  const terms = (query.search ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return models
    .filter((model) => terms.every((term) => model.id.toLowerCase().includes(term)))
    .filter((model) => !query.author || model.id.startsWith(`${query.author}/`))
    .filter((model) => !query.pipelineTag || model.pipeline_tag === query.pipelineTag)
    .filter((model) => !query.library || model.library_name === query.library)
    .filter((model) => {
      const tags = new Set([...model.tags, model.pipeline_tag, model.library_name]);
      return query.tags.every((tag) => tags.has(tag));
    })
    .map((model) => ({ id: model.id, value: sortValue(model, query.sort), rowid: rowids.get(model.id)! }))
    .sort((a, b) => query.direction * (a.value - b.value || a.rowid - b.rowid))
    .map((entry) => entry.id);
}

/** Every page from the first to the last, following `next`. */
function listAll(store: CatalogueStore, query: Omit<ModelQuery, "cursor">) {
  const ids: string[] = [];
  const plans = new Set<ListPlan>();
  let cursor: ModelQuery["cursor"];
  for (let pages = 0; pages < 10_000; pages++) {
    const page = store.listModels({ ...query, cursor });
    plans.add(page.plan);
    ids.push(...page.models.map((model) => model.id));
    expect(page.models.length).toBeLessThanOrEqual(query.limit);
    if (!page.next) return { ids, plans };
    expect(page.models.length).toBe(query.limit);
    cursor = page.next;
  }
  throw new Error("pagination did not end");
}

const QUERIES: Omit<ModelQuery, "cursor">[] = [
  { search: "coder", tags: [], sort: "downloads", direction: -1, limit: 20 },
  { search: "CODER", tags: [], sort: "likes", direction: 1, limit: 9 },
  { search: "coder", pipelineTag: "text-generation", tags: [], sort: "downloads", direction: -1, limit: 7 },
  {
    search: "chat",
    library: "transformers",
    tags: ["license:mit"],
    sort: "createdAt",
    direction: 1,
    limit: 5,
  },
  { search: "tiny v2", tags: [], sort: "lastModified", direction: -1, limit: 3 },
  { search: "xl", author: "kestrel", tags: [], sort: "likes", direction: -1, limit: 4 },
  { search: "sonic-labs/audio", tags: [], sort: "downloads", direction: 1, limit: 2 },
  { search: "-v3-", tags: ["en"], sort: "downloads", direction: -1, limit: 11 },
  { search: "no-such-model", tags: [], sort: "downloads", direction: -1, limit: 20 },
];

describe("search plans", () => {
  it("the catalogue has terms both frequent and rare enough to exercise each plan", () => {
    expect(expectedIds(QUERIES[0]).length).toBeGreaterThan(100);
    expect(expectedIds(QUERIES[3]).length).toBeGreaterThan(0);
    expect(expectedIds(QUERIES[3]).length).toBeLessThan(40);
  });

  for (const query of QUERIES) {
    const label = `search=${query.search} ${JSON.stringify({ ...query, search: undefined })}`;
    it(`gives the same pages with every plan, to the end: ${label}`, () => {
      const expected = expectedIds(query);
      for (const { name, store } of stores) {
        const { ids } = listAll(store, query);
        expect(ids, name).toEqual(expected);
      }
    });
  }

  it("switches plans within one listing when the budget runs out, without gaps or duplicates", () => {
    const budget = stores.find((entry) => entry.name === "budget of 40 ids")!.store;
    // About one id in twelve matches: a window of 40 ids holds the 2 needed for a page only some of the time.
    const query: Omit<ModelQuery, "cursor"> = {
      search: "-v3-",
      tags: [],
      sort: "downloads",
      direction: -1,
      limit: 1,
    };
    const { ids, plans } = listAll(budget, query);
    expect([...plans].sort()).toEqual(["fts-sort", "ordered-scan"]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expectedIds(query));
    expect(listAll(stores[1].store, QUERIES[2]).plans).toEqual(new Set(["fts-sort"]));
    expect(listAll(stores[0].store, QUERIES[0]).plans).toEqual(new Set(["ordered-scan"]));
  });

  it("sees models written after the in-memory order was built", () => {
    const store = stores[0].store;
    const query: ModelQuery = {
      search: "zebra-brand-new",
      tags: [],
      sort: "downloads",
      direction: -1,
      limit: 5,
    };
    expect(store.listModels(query).models).toEqual([]);
    const parsed = parseModelRecord({ ...syntheticModel(COUNT + 1, 7), id: "acme-ml/zebra-brand-new-model" });
    if (!parsed.ok) throw new Error(parsed.reason);
    // Written through another connection: the store notices through SQLite's data_version.
    const writer = openCatalogue(dataDir);
    writer.upsertBatch([parsed.model]);
    writer.close();
    const page = store.listModels(query);
    expect(page.models.map((model) => model.id)).toEqual(["acme-ml/zebra-brand-new-model"]);
    expect(page.plan).toBe("ordered-scan");
  });

  it("answers a repeated query from its page cache until the store itself writes", () => {
    const store = openCatalogue(dataDir);
    try {
      const query: ModelQuery = { search: "quokka-cached", tags: [], sort: "likes", direction: -1, limit: 5 };
      const first = store.listModels(query);
      expect(first.models).toEqual([]);
      // Same query, same answer object: nothing was read again.
      expect(store.listModels({ ...query })).toBe(first);
      const parsed = parseModelRecord({ ...syntheticModel(COUNT + 2, 7), id: "acme-ml/quokka-cached-model" });
      if (!parsed.ok) throw new Error(parsed.reason);
      store.upsertBatch([parsed.model]);
      const after = store.listModels(query);
      expect(after).not.toBe(first);
      expect(after.models.map((model) => model.id)).toEqual(["acme-ml/quokka-cached-model"]);
    } finally {
      store.close();
    }
  });

  it("rejects a negative scan budget", () => {
    expect(() => openCatalogue(dataDir, { searchWalkRows: -1 })).toThrow(/searchWalkRows/);
  });
});
