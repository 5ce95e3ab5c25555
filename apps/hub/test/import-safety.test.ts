// Imports into the SQLite store that are killed, run while the server serves, or meet a giant line
// (issue 15, items 1, 2 and 7). The importer runs as a child process where it must die or overlap.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  importJsonl,
  openCatalogue,
  parseModelRecord,
  seedEmbeddedCatalogue,
  SqliteHubStore,
  startHubServer,
  syntheticCatalogueLines,
  type HubModel,
} from "../src/index.js";
import { EMBEDDED_CATALOGUE_PATH } from "../src/paths.js";
import { exitOf, removeHubCli, spawnImport } from "./support/hub-process.js";

let dir: string;
// More than BULK_THRESHOLD (20 000) new models, so the import takes the bulk path.
const TOTAL = 23_000;
const BASE = 1_000;
let lines: string[];
let models: HubModel[];
let pristine: string;
let bigFile: string;
/** Models of the embedded catalogue, seeded into the pristine store as `import` and `serve` seed it. */
let embedded = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "hubkit-import-safety-"));
  lines = [...syntheticCatalogueLines(TOTAL, 21)].map((line) => line.trimEnd());
  models = lines.map((line) => {
    const parsed = parseModelRecord(JSON.parse(line));
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.model;
  });
  bigFile = path.join(dir, "big.jsonl");
  writeFileSync(bigFile, lines.join("\n") + "\n");
  // The catalogue before each killed import: the first BASE models, committed.
  pristine = path.join(dir, "pristine");
  // Seeded first, as `import` would: the killed imports below then seed nothing themselves.
  const store = openCatalogue(pristine);
  try {
    embedded =
      (await seedEmbeddedCatalogue(new SqliteHubStore(store), EMBEDDED_CATALOGUE_PATH)).report?.inserted ?? 0;
    await importJsonl(store, Readable.from([lines.slice(0, BASE).join("\n")]));
  } finally {
    store.close();
  }
}, 120_000);

afterAll(async () => {
  await removeHubCli();
  rmSync(dir, { recursive: true, force: true });
});

/** PRAGMA integrity_check and the FTS index's own check against the table. */
function integrity(dataDir: string): { ok: string; count: number } {
  const db = new Database(path.join(dataDir, "hub.sqlite"));
  try {
    const ok = (db.pragma("integrity_check") as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join("; ");
    db.exec("INSERT INTO models_fts (models_fts, rank) VALUES ('integrity-check', 1)");
    const count = (db.prepare("SELECT COUNT(*) AS n FROM models").get() as { n: number }).n;
    return { ok, count };
  } finally {
    db.close();
  }
}

/** Every listed model is found by a search for its own id, through the store's search plans. */
function expectSearchable(dataDir: string, sample: HubModel[]): void {
  // The default plans (in-memory scan first), and the FTS index alone.
  const stores = [openCatalogue(dataDir), openCatalogue(dataDir, { searchWalkRows: 0 })];
  try {
    for (const model of sample) {
      for (const store of stores) {
        const page = store.listModels({ search: model.id, tags: [], sort: "likes", direction: 1, limit: 5 });
        expect(
          page.models.map((found) => found.id),
          `search for ${model.id}`,
        ).toContain(model.id);
      }
    }
  } finally {
    for (const store of stores) store.close();
  }
}

const sampleOf = (from: number, to: number, count: number) =>
  Array.from({ length: count }, (_, i) => models[from + Math.floor(((to - from) * i) / count)]);

describe("a killed import (SIGKILL at random points)", () => {
  it("leaves the store consistent every time: all or nothing, integrity clean, every row searchable", async () => {
    // One uninterrupted run gives the import's duration, so the kills land all over it.
    const full = path.join(dir, "full");
    cpSync(pristine, full, { recursive: true });
    const started = Date.now();
    const complete = await exitOf(await spawnImport(bigFile, { HUBKIT_DATA_DIR: full }));
    const duration = Date.now() - started;
    expect(complete.code).toBe(0);
    expect(integrity(full)).toEqual({ ok: "ok", count: embedded + TOTAL });

    const outcomes: string[] = [];
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      const dataDir = path.join(dir, `killed-${round}`);
      // Spread over the run: early rows, the bulk switch, the index and FTS rebuild before COMMIT.
      let delay = Math.floor(duration * (0.1 + 0.85 * ((round + Math.random()) / rounds)));
      let count = 0;
      // On a loaded machine a run can be faster than the timed one and finish before the kill:
      // it must be consistent too, and the round is tried again with the kill earlier (at most twice).
      for (let attempt = 0; ; attempt++) {
        rmSync(dataDir, { recursive: true, force: true });
        cpSync(pristine, dataDir, { recursive: true });
        const child = await spawnImport(bigFile, { HUBKIT_DATA_DIR: dataDir });
        await new Promise((resolve) => setTimeout(resolve, delay));
        child.kill("SIGKILL");
        const exit = await exitOf(child);
        const result = integrity(dataDir);
        expect(result.ok).toBe("ok");
        // One transaction: the import is there entirely or not at all.
        expect([embedded + BASE, embedded + TOTAL]).toContain(result.count);
        count = result.count;
        outcomes.push(`${delay} ms: ${exit.signal ?? `exit ${exit.code}`}, ${count} models`);
        if (exit.signal === "SIGKILL" || attempt === 2) break;
        delay = Math.floor(delay / 2);
      }
      expectSearchable(dataDir, sampleOf(0, count - embedded, 25));

      // The next start serves it, and a re-run of the import completes it.
      const server = await startHubServer({ port: 0, dataDir, hfToken: "", databaseUrl: "", seed: false });
      try {
        const res = await fetch(`${server.url}/api/models?search=${encodeURIComponent(models[BASE - 1].id)}`);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { id: string }[]).map((m) => m.id)).toContain(models[BASE - 1].id);
      } finally {
        await server.close();
      }
      if (round === rounds - 1) {
        const rerun = await exitOf(await spawnImport(bigFile, { HUBKIT_DATA_DIR: dataDir }));
        expect(rerun.code).toBe(0);
        expect(integrity(dataDir)).toEqual({ ok: "ok", count: embedded + TOTAL });
        expectSearchable(dataDir, sampleOf(BASE, TOTAL, 25));
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Most kills land before the end (a run that finished first still had to be consistent).
    expect(
      outcomes.filter((outcome) => outcome.includes("SIGKILL")).length,
      outcomes.join("\n"),
    ).toBeGreaterThanOrEqual(rounds);
  }, 300_000);

  it("repairs on open a search index that an earlier version left incomplete", async () => {
    const dataDir = path.join(dir, "damaged");
    cpSync(pristine, dataDir, { recursive: true });
    const store = openCatalogue(dataDir);
    // What the earlier bulk mode committed before it was killed: rows without their FTS entries.
    store.upsertBatch(models.slice(BASE, BASE + 3000), true);
    // (a direct bulk upsert outside an import: only the old importer did this)
    store.close();
    expect(() => integrity(dataDir)).toThrow(/malformed|corrupt/i);
    const reopened = openCatalogue(dataDir);
    expect(reopened.repairs).toEqual([
      `search index rebuilt (${embedded + BASE} of ${embedded + BASE + 3000} models were indexed)`,
    ]);
    reopened.close();
    expect(integrity(dataDir)).toEqual({ ok: "ok", count: embedded + BASE + 3000 });
    expectSearchable(dataDir, sampleOf(BASE, BASE + 3000, 20));
  });
});

describe("an import while the server serves", () => {
  it("never fails a search, and the new models appear when it commits", async () => {
    const dataDir = path.join(dir, "online");
    cpSync(pristine, dataDir, { recursive: true });
    const server = await startHubServer({ port: 0, dataDir, hfToken: "", databaseUrl: "", seed: false });
    try {
      const child = await spawnImport(bigFile, { HUBKIT_DATA_DIR: dataDir });
      let done = false;
      const exited = exitOf(child).then((exit) => {
        done = true;
        return exit;
      });
      const statuses = new Map<number, number>();
      const queries = ["coder", "v2", "northwind-ai", "tiny-lite", "xl"];
      const sorts = ["downloads", "likes", "createdAt", "lastModified"];
      let sent = 0;
      while (!done) {
        const query = `search=${queries[sent % queries.length]}&sort=${sorts[sent % sorts.length]}&limit=20`;
        const res = await fetch(`${server.url}/api/models?${query}`);
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        sent++;
      }
      expect((await exited).code).toBe(0);
      expect(sent).toBeGreaterThan(20);
      expect([...statuses.keys()]).toEqual([200]);
      const last = models[TOTAL - 1];
      const res = await fetch(`${server.url}/api/models?search=${encodeURIComponent(last.id)}`);
      expect(((await res.json()) as { id: string }[]).map((m) => m.id)).toEqual([last.id]);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe("a line over 512 MiB", () => {
  it("is reported with its line number and skipped; the lines around it are kept", async () => {
    const dataDir = path.join(dir, "giant-line");
    const store = openCatalogue(dataDir);
    const giantBytes = 600 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, "a");
    async function* input() {
      yield Buffer.from(`${lines[0]}\n{"id":"acme/giant","description":"`);
      for (let sent = 0; sent < giantBytes; sent += chunk.length) yield chunk;
      yield Buffer.from(`"}\n${lines[1]}\n`);
    }
    try {
      const report = await importJsonl(store, Readable.from(input()));
      expect(report.lines).toBe(3);
      expect(report.inserted).toBe(2);
      expect(report.problems).toEqual([
        {
          line: 2,
          kind: "invalid",
          reason: expect.stringMatching(/^line is longer than 4 MiB \(600(\.\d)? MiB\); skipped$/),
        },
      ]);
      expect(store.getModel(models[0].id)?.id).toBe(models[0].id);
      expect(store.getModel(models[1].id)?.id).toBe(models[1].id);
      expect(store.getModel("acme/giant")).toBeUndefined();
    } finally {
      store.close();
    }
  }, 60_000);
});
