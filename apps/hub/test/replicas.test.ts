// Several hub processes on one PostgreSQL database, as behind a load balancer: they start together
// (one migrates, the others wait), an import run beside one of them becomes visible on all at once,
// and a replica killed mid-import does not disturb the others.
import { writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticCatalogueLines, syntheticModel } from "../src/index.js";
import { exitOf, HubProcessGroup, spawnImport, type HubProcess } from "./support/hub-process.js";
import { freshPostgres } from "./support/postgres.js";

let hubs: HubProcessGroup;
let postgres: Awaited<ReturnType<typeof freshPostgres>>;
let replicas: HubProcess[] = [];

beforeAll(async () => {
  hubs = new HubProcessGroup("replicas");
  postgres = await freshPostgres();
}, 120_000);

afterAll(async () => {
  await hubs?.cleanup();
  await postgres?.cleanup();
});

async function activeCopies(): Promise<number> {
  const client = new pg.Client({ connectionString: postgres.db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query ~ '^COPY (hubkit_import|models_next) ' AND datname = current_database()",
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** The catalogue size a replica reports: the sum of its libraries' model counts. */
async function catalogueSize(replica: HubProcess): Promise<number> {
  const res = await fetch(`${replica.url}/api/libraries`);
  expect(res.status).toBe(200);
  const libraries = (await res.json()) as { modelCount: number }[];
  return libraries.reduce((sum, library) => sum + library.modelCount, 0);
}

describe("several hub replicas on one PostgreSQL database", () => {
  it("start together, see an import all at once, and keep serving when one is killed", async () => {
    const env = { HUBKIT_DATABASE_URL: postgres.db.url, HUBKIT_DATA_DIR: path.join(hubs.folder, "unused") };
    replicas = await Promise.all([0, 1, 2].map(() => hubs.start(env)));
    const before = await catalogueSize(replicas[0]);
    expect(before).toBeGreaterThan(600); // the embedded catalogue, seeded once
    for (const replica of replicas) expect(await catalogueSize(replica)).toBe(before);

    const total = 30_000;
    const file = path.join(hubs.folder, "import.jsonl");
    writeFileSync(file, [...syntheticCatalogueLines(total, 4)].join(""));
    const lastId = String(syntheticModel(total - 1, 4).id);

    const importer = await spawnImport(file, env);
    let importDone = false;
    const imported = exitOf(importer).then((exit) => {
      importDone = true;
      return exit;
    });
    const seen = new Set<number>();
    const statuses = new Map<number, number>();
    let killed = false;
    let polls = 0;
    while (!importDone) {
      if (!killed && (await activeCopies()) > 0) {
        // Mid-import: one replica dies; the load balancer's readiness check would drop it.
        replicas[2].child.kill("SIGKILL");
        await exitOf(replicas[2].child);
        killed = true;
      }
      for (const replica of replicas.slice(0, 2)) {
        seen.add(await catalogueSize(replica));
        const res = await fetch(`${replica.url}/api/models?search=${encodeURIComponent(lastId)}`);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        await res.arrayBuffer();
        polls++;
      }
    }
    expect((await imported).code).toBe(0);
    expect(killed).toBe(true);
    expect([...statuses.keys()]).toEqual([200]);
    expect(polls).toBeGreaterThan(4);

    const after = await catalogueSize(replicas[0]);
    expect(after).toBe(before + total);
    // Nothing half-visible: every answer held the catalogue before the import or after it.
    for (const size of seen) expect([before, after]).toContain(size);
    for (const replica of replicas.slice(0, 2)) {
      expect(await catalogueSize(replica)).toBe(after);
      const res = await fetch(`${replica.url}/api/models/${lastId}`);
      expect(res.status).toBe(200);
      const ready = await fetch(`${replica.url}/api/hubkit/ready`);
      expect(await ready.json()).toEqual({ ready: true, store: "postgres" });
    }
  }, 240_000);
});
