// The PostgreSQL importer when its connection dies mid-COPY (the database killed it): the import
// fails with the store's "database unavailable" error, not pg-copy-streams' raw "TypeError: Cannot
// read properties of undefined (reading 'stream')", and the catalogue is as before.
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { syntheticCatalogueLines, parseModelRecord, type HubModel } from "../src/index.js";
import { startTestHub, type TestHub } from "./support/hub.js";

let server: TestHub;

beforeAll(async () => {
  server = await startTestHub("import-lost", { store: "postgres", logger: false });
}, 120_000);

afterAll(() => server?.close());

it("reports a connection lost mid-COPY as the database being unavailable", async () => {
  const models = [...syntheticCatalogueLines(400, 7)].map((line) => {
    const parsed = parseModelRecord(JSON.parse(line));
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.model as HubModel;
  });
  const before = await fetch(`${server.url}/api/models?limit=1000`).then(
    (r) => r.json() as Promise<unknown[]>,
  );
  const session = await server.store.beginImport();
  await session.write(models.slice(0, 200));
  // The database ends the importer's connection (as a restart or an operator would).
  const admin = new pg.Client({ connectionString: server.databaseUrl });
  await admin.connect();
  await admin.query(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'COPY%'",
  );
  await admin.end();
  let failure: unknown;
  try {
    // The loss shows on one of the next writes, or at the commit.
    for (let i = 0; i < 20; i++) await session.write(models.slice(200));
    await session.commit();
  } catch (error) {
    failure = error;
  }
  await session.abort().catch(() => {});
  expect(failure).toBeInstanceOf(Error);
  expect(String(failure)).not.toMatch(/TypeError|reading 'stream'/);
  expect((failure as Error).message).toMatch(/unavailable|connection was lost/);
  const after = await fetch(`${server.url}/api/models?limit=1000`).then(
    (r) => r.json() as Promise<unknown[]>,
  );
  expect(after.length).toBe(before.length);
}, 120_000);
