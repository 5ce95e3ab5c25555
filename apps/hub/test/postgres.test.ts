// PostgreSQL specifics: migrations when several hubs start at once, clear errors for a wrong URL or an
// unreachable database, a killed COPY import, and the database going down and coming back (503 while
// down). The down-and-back test always uses a throwaway cluster: the shared server is never stopped.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresWithFolder } from "./support/hub.js";
import {
  MIGRATIONS,
  type ModelQuery,
  importJsonl,
  openPostgresStore,
  startHubServer,
  syntheticCatalogueLines,
} from "../src/index.js";
import type { ModelPage } from "../src/store/sqlite.js";
import type { PostgresStore } from "../src/store/postgres.js";
import { EMBEDDED_CATALOGUE_PATH } from "../src/paths.js";
import { exitOf, removeHubCli, spawnImport } from "./support/hub-process.js";
import {
  createTestDatabase,
  startThrowawayCluster,
  type TestCluster,
  type TestDatabase,
} from "./support/postgres.js";

let shared: Awaited<ReturnType<typeof postgresWithFolder>>;

beforeAll(async () => {
  shared = await postgresWithFolder("pg-test");
}, 120_000);

afterAll(async () => {
  await removeHubCli();
  await shared?.cleanup();
});

async function sql<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/** The catalogue's relations that have planner statistics (the table, and its expression index). */
async function analyzed(url: string): Promise<string[]> {
  const rows = await sql<{ tablename: string }>(
    url,
    "SELECT DISTINCT tablename FROM pg_stats WHERE tablename IN ('models', 'models_id_trgm') ORDER BY tablename",
  );
  return rows.map((row) => row.tablename);
}

/** The columns of models with planner statistics: all but the document. */
const STATISTICS_COLUMNS = [
  "created_at",
  "downloads",
  "id",
  "last_modified",
  "library_name",
  "likes",
  "mapped",
  "pipeline_tag",
  "rowid",
  "tags",
  "trending",
];

async function statisticsColumns(url: string): Promise<string[]> {
  const rows = await sql<{ attname: string }>(
    url,
    "SELECT attname FROM pg_stats WHERE tablename = 'models' ORDER BY attname",
  );
  return rows.map((row) => row.attname);
}

const BUILD_SETTINGS = "SELECT current_setting('maintenance_work_mem') AS value";

/** The index builds' setting on every connection of the store's pool. */
async function poolSettings(store: PostgresStore): Promise<string[]> {
  const clients = await Promise.all(
    Array.from({ length: store.pool.totalCount }, () => store.pool.connect()),
  );
  try {
    return await Promise.all(
      clients.map(async (client) => (await client.query<{ value: string }>(BUILD_SETTINGS)).rows[0].value),
    );
  } finally {
    for (const client of clients) client.release();
  }
}

async function serverSetting(url: string): Promise<string> {
  const [{ value }] = await sql<{ value: string }>(url, BUILD_SETTINGS);
  return value;
}

describe("migrations", () => {
  it("are applied once when several hubs open a new database at the same time", async () => {
    const db = await createTestDatabase(shared.cluster);
    try {
      const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore(db.url)));
      try {
        const applied = await sql<{ version: number }>(db.url, "SELECT version FROM hubkit_migrations");
        expect(applied.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
        expect(await Promise.all(stores.map((store) => store.count()))).toEqual([0, 0, 0, 0]);
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
      // Opening again applies nothing.
      const again = await openPostgresStore(db.url);
      await again.close();
      expect(await sql(db.url, "SELECT version FROM hubkit_migrations")).toHaveLength(MIGRATIONS.length);

      // A database migrated by a newer hub is refused, with the reason.
      await sql(db.url, "INSERT INTO hubkit_migrations (version, name) VALUES (999, 'from the future')");
      await expect(openPostgresStore(db.url)).rejects.toThrow(
        new RegExp(
          `schema is at version 999, newer than this hub knows \\(${MIGRATIONS.at(-1)!.version}\\): upgrade this hub`,
        ),
      );
    } finally {
      await db.drop();
    }
  });
});

describe("a wrong or unreachable database", () => {
  it("stops the server from starting, saying what failed, without the password", async () => {
    const withPassword = new URL(shared.db.url);
    withPassword.password = "s3cret-pass";
    const cases: [string, RegExp][] = [
      ["mysql://root@127.0.0.1/hub", /HUBKIT_DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//],
      ["not a url", /HUBKIT_DATABASE_URL is not a valid URL/],
      [
        "postgres://postgres:s3cret-pass@127.0.0.1:1/hub",
        /cannot connect to the catalogue database postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/hub: .*ECONNREFUSED/,
      ],
      [
        (() => {
          const url = new URL(withPassword);
          url.pathname = "/hubkit_no_such_database";
          return url.toString();
        })(),
        /cannot connect to the catalogue database .*:\*\*\*@.*: database "hubkit_no_such_database" does not exist/,
      ],
    ];
    for (const [url, message] of cases) {
      const error = await startHubServer({
        port: 0,
        dataDir: shared.folder,
        hfToken: "",
        databaseUrl: url,
      }).then(
        () => undefined,
        (caught: Error) => caught,
      );
      expect(error?.message, url).toMatch(message);
      expect(error?.message).not.toContain("s3cret-pass");
    }
  });
});

describe("searches on PostgreSQL", () => {
  it("give the same pages whether the in-memory order, the SQL walk or the trigram plan answers", async () => {
    const db = await createTestDatabase(shared.cluster);
    const file = path.join(shared.folder, "plans.jsonl");
    writeFileSync(file, [...syntheticCatalogueLines(2000, 11)].join(""));
    // Only SQL plans; the in-memory order with a budget beyond the SQL walk's (a term it gives up on
    // goes straight to the trigram plan); and one within it (the SQL walk is tried first).
    const stores = await Promise.all([
      openPostgresStore(db.url, { memoryWalkRows: 0 }),
      openPostgresStore(db.url, { memoryWalkRows: 60, searchWalkRows: 50 }),
      openPostgresStore(db.url, { memoryWalkRows: 30, searchWalkRows: 50 }),
    ]);
    try {
      await importJsonl(stores[0], file);
      const query = (search: string, cursor?: ModelPage["next"]): ModelQuery => ({
        search,
        tags: [],
        sort: "likes",
        direction: -1,
        limit: 7,
        cursor,
      });
      for (const store of stores.slice(1)) {
        await store.listModels(query("coder"));
        await store.searchOrdersSettled();
      }
      const plans = stores.map(() => new Set<string>());
      for (const term of ["v2", "xl", "-1", "ai", "co", "a", "coder", "tiny-v2", "9", "zz", "l-b"]) {
        const pages = await Promise.all(
          stores.map(async (store, index) => {
            const ids: string[] = [];
            let cursor: ModelPage["next"];
            do {
              const page = await store.listModels(query(term, cursor));
              plans[index].add(page.plan);
              ids.push(...page.models.map((model) => model.id));
              cursor = page.next;
            } while (cursor);
            return ids;
          }),
        );
        expect(pages[1], term).toEqual(pages[0]);
        expect(pages[2], term).toEqual(pages[0]);
      }
      // Each store went through the plans it is meant to test.
      expect(plans[1]).toContain("ordered-scan");
      expect(plans[1]).toContain("fts-sort");
      expect(plans[1]).not.toContain("index-scan");
      expect(plans[2]).toContain("index-scan");
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await db.drop();
    }
  });
});

describe("imports into PostgreSQL", () => {
  it("report bad lines with their number, keep the good ones, and are idempotent", async () => {
    const store = await openPostgresStore(shared.db.url);
    try {
      const good = [...syntheticCatalogueLines(50, 3)];
      const text = [good[0], "{nope", good[1], JSON.stringify({ id: "bad id" }), ...good.slice(2)].join("");
      const file = path.join(shared.folder, "mixed.jsonl");
      writeFileSync(
        file,
        text.replace(/\n\{nope/, "\n{nope\n").replace(/\{"id":"bad id"\}/, '{"id":"bad id"}\n'),
      );
      const first = await importJsonl(store, file);
      expect(first.problems.map((problem) => problem.line)).toEqual([2, 4]);
      expect(first).toMatchObject({ inserted: 50, updated: 0, invalid: 2 });
      const again = await importJsonl(store, file);
      expect(again).toMatchObject({ inserted: 0, updated: 50, invalid: 2 });
      expect(await store.count()).toBe(50);
    } finally {
      await store.close();
    }
  });

  it("into an empty catalogue drop what an importer killed before its swap left, and match the upsert path", async () => {
    const db = await createTestDatabase(shared.cluster);
    try {
      const lines = [...syntheticCatalogueLines(300, 5)];
      const file = path.join(shared.folder, "fresh.jsonl");
      writeFileSync(file, lines.join(""));
      const store = await openPostgresStore(db.url);
      try {
        // The staging table an import into an empty catalogue commits before building its indexes.
        await sql(db.url, "CREATE TABLE models_next (LIKE models INCLUDING DEFAULTS)");
        await sql(db.url, "CREATE INDEX models_id_trgm_next ON models_next (id)");
        const first = await importJsonl(store, file);
        expect(first).toMatchObject({ inserted: 300, updated: 0, invalid: 0 });
        expect(await sql(db.url, "SELECT 1 FROM pg_class WHERE relname LIKE '%\\_next'")).toEqual([]);
        // Rowids in file order from 1, every index and constraint of the migrations in place.
        const rows = await sql<{ rowid: number; id: string }>(
          db.url,
          "SELECT rowid::int, id FROM models ORDER BY rowid",
        );
        expect(rows.map((row) => row.id)).toEqual(lines.map((line) => JSON.parse(line).id));
        expect(rows[0].rowid).toBe(1);
        const indexes = await sql<{ indexname: string }>(
          db.url,
          "SELECT indexname FROM pg_indexes WHERE tablename = 'models' ORDER BY indexname",
        );
        expect(indexes.map((row) => row.indexname)).toEqual([
          "models_id_key",
          "models_id_trgm",
          "models_library",
          "models_mapped",
          "models_order_created",
          "models_order_downloads",
          "models_order_likes",
          "models_order_modified",
          "models_order_trending",
          "models_pipeline",
          "models_pkey",
          "models_tags",
        ]);
        const constraints = await sql<{ conname: string }>(
          db.url,
          "SELECT conname FROM pg_constraint WHERE conrelid = 'models'::regclass AND contype IN ('p', 'u') ORDER BY conname",
        );
        expect(constraints.map((row) => row.conname)).toEqual(["models_id_key", "models_pkey"]);
        // The planner's statistics came with the table (gathered before the swap, no ANALYZE after
        // the commit), the lower(id) index's expression included; none for the documents.
        expect(await analyzed(db.url)).toEqual(["models", "models_id_trgm"]);
        expect(await statisticsColumns(db.url)).toEqual(STATISTICS_COLUMNS);
        // The connections that built the indexes went back to the pool with the server's settings.
        const settings = await poolSettings(store);
        expect(settings.length).toBeGreaterThanOrEqual(2);
        expect(new Set(settings)).toEqual(new Set([await serverSetting(db.url)]));
        // The same file again goes through the upsert path: nothing changes but the counts.
        const page = await store.listModels({ tags: [], sort: "downloads", direction: -1, limit: 50 });
        const again = await importJsonl(store, file);
        expect(again).toMatchObject({ inserted: 0, updated: 300 });
        const pageAgain = await store.listModels({ tags: [], sort: "downloads", direction: -1, limit: 50 });
        expect(JSON.stringify(pageAgain.models)).toBe(JSON.stringify(page.models));
      } finally {
        await store.close();
      }
      // With a pool of one connection the import's own connection builds every index.
      const single = await createTestDatabase(shared.cluster);
      const small = await openPostgresStore(single.url, { poolSize: 1 });
      try {
        expect(await importJsonl(small, file)).toMatchObject({ inserted: 300, invalid: 0 });
        expect(await small.count()).toBe(300);
        expect(await analyzed(single.url)).toEqual(["models", "models_id_trgm"]);
      } finally {
        await small.close();
        await single.drop();
      }
    } finally {
      await db.drop();
    }
  });

  it("leave nothing behind when the importer is killed, and complete when re-run", async () => {
    const db = await createTestDatabase(shared.cluster);
    try {
      const total = 20_000;
      const file = path.join(shared.folder, "killed.jsonl");
      writeFileSync(file, [...syntheticCatalogueLines(total, 8)].join(""));
      const env = { HUBKIT_DATABASE_URL: db.url };
      const started = Date.now();
      const child = await spawnImport(file, env);
      // Kill once rows are streaming: the COPY is under way when the first rows reached the server.
      await waitFor(async () => {
        const rows = await sql<{ n: number }>(
          db.url,
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query ~ '^COPY (hubkit_import|models_next) '",
        );
        return rows[0].n > 0 || child.exitCode !== null;
      });
      child.kill("SIGKILL");
      const exit = await exitOf(child);
      // `import` seeds the embedded catalogue first (its own transaction, as `serve` does): the kill
      // may land in the seed or in the import, and leaves either nothing or the whole seed.
      const embedded = readFileSync(EMBEDDED_CATALOGUE_PATH, "utf8").split("\n").filter(Boolean).length;
      const counts = await sql<{ n: number }>(db.url, "SELECT count(*)::int AS n FROM models");
      expect(exit.signal ?? exit.code, `killed after ${Date.now() - started} ms`).toBe("SIGKILL");
      expect([0, embedded]).toContain(counts[0].n);

      const rerun = await exitOf(await spawnImport(file, env));
      expect(rerun.code).toBe(0);
      expect((await sql<{ n: number }>(db.url, "SELECT count(*)::int AS n FROM models"))[0].n).toBe(
        total + embedded,
      );
    } finally {
      await db.drop();
    }
  }, 180_000);
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a connection the server drops while a transaction holds it", () => {
  // What a server restart or failover does to an import's connection between two statements: the
  // server's FATAL message reaches a client the pool has lent out. It must fail that import, not the
  // process (an unhandled 'error' event would stop the hub).
  it("fails the import, not the hub, which goes on serving and importing", async () => {
    const db = await createTestDatabase(shared.cluster);
    const store = await openPostgresStore(db.url);
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      await importJsonl(store, Readable.from(syntheticCatalogueLines(50, 3)));
      const session = await store.beginImport();
      const [{ killed }] = await sql<{ killed: string }>(
        shared.cluster.adminUrl,
        `SELECT count(pg_terminate_backend(pid))::text AS killed FROM pg_stat_activity WHERE datname = '${db.name}'`,
      );
      expect(Number(killed)).toBeGreaterThan(0);
      // The FATAL message arrives on the idle connection (no statement is under way to take it): each
      // backend sends it before it exits, so once none is left the message is on the client's socket.
      await waitFor(async () => {
        const [{ left }] = await sql<{ left: string }>(
          shared.cluster.adminUrl,
          `SELECT count(*)::text AS left FROM pg_stat_activity WHERE datname = '${db.name}'`,
        );
        return Number(left) === 0;
      });
      await session.abort();
      expect(await store.count()).toBe(50);
      const report = await importJsonl(store, Readable.from(syntheticCatalogueLines(60, 3)));
      expect(report.inserted).toBe(10);
      expect(await store.count()).toBe(60);
    } finally {
      process.off("uncaughtException", onUncaught);
      await store.close();
      await db.drop();
    }
    expect(uncaught).toEqual([]);
  }, 60_000);
});

describe("the database going down and coming back", () => {
  let cluster: TestCluster;
  let db: TestDatabase;

  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    db = await createTestDatabase(cluster);
  }, 120_000);
  afterAll(() => cluster?.remove());

  it("answers 503 with a clear message while it is down, and serves again when it is back", async () => {
    const server = await startHubServer({
      port: 0,
      dataDir: shared.folder,
      hfToken: "",
      databaseUrl: db.url,
    });
    try {
      const ready = await fetch(`${server.url}/api/hubkit/ready`);
      expect(await ready.json()).toEqual({ ready: true, store: "postgres" });
      const before = await (await fetch(`${server.url}/api/models?search=flux&limit=5`)).text();

      cluster.stop();
      for (const pathname of [
        "/api/models?search=flux&limit=5",
        "/api/models/black-forest-labs/FLUX.1-dev",
      ]) {
        const res = await fetch(`${server.url}${pathname}`);
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("5");
        expect(((await res.json()) as { error: string }).error).toMatch(
          /^The (catalogue|repository) database is unavailable \(.+\); try again shortly$/,
        );
      }
      const notReady = await fetch(`${server.url}/api/hubkit/ready`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({ ready: false, store: "postgres" });
      // Routes that need no database keep working.
      expect((await fetch(`${server.url}/api/hubkit/config`)).status).toBe(200);

      cluster.start();
      const after = await fetch(`${server.url}/api/models?search=flux&limit=5`);
      expect(after.status).toBe(200);
      expect(await after.text()).toBe(before);
      expect((await fetch(`${server.url}/api/hubkit/ready`)).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe("cached pages across replicas", () => {
  const line = (id: string, downloads: number) =>
    JSON.stringify({ id, pipeline_tag: "text-generation", downloads, likes: 0 });
  const ids = async (store: Awaited<ReturnType<typeof openPostgresStore>>, search: string) =>
    (await store.listModels({ search, tags: [], sort: "downloads", direction: -1, limit: 20 })).models.map(
      (model) => model.id,
    );

  it("a page cached on one replica follows an import committed through another, also after its listener dropped", async () => {
    const db = await createTestDatabase(shared.cluster);
    const [writer, reader] = await Promise.all([openPostgresStore(db.url), openPostgresStore(db.url)]);
    try {
      await importJsonl(writer, Readable.from([`${line("acme/zephyr-one", 10)}\n`]));
      // Read twice: the second answer comes from the reader's cache.
      expect(await ids(reader, "zephyr")).toEqual(["acme/zephyr-one"]);
      expect(await ids(reader, "zephyr")).toEqual(["acme/zephyr-one"]);

      await importJsonl(writer, Readable.from([`${line("acme/zephyr-two", 20)}\n`]));
      // The reader is told by NOTIFY, sooner than its pages expire (2 s).
      await expect
        .poll(() => ids(reader, "zephyr"), { timeout: 1000, interval: 20 })
        .toEqual(["acme/zephyr-two", "acme/zephyr-one"]);

      // With its listener cut off, the reader stops caching (and a silently dead listener would at
      // worst leave pages 2 s old): a commit it is not told of is seen.
      await sql(
        db.url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'hubkit-hub-listen' AND pid <> pg_backend_pid()",
      );
      await importJsonl(writer, Readable.from([`${line("acme/zephyr-three", 30)}\n`]));
      await expect
        .poll(async () => (await ids(reader, "zephyr"))[0], { timeout: 4000, interval: 20 })
        .toBe("acme/zephyr-three");
      // …and caches again once the listener is back (it reconnects within about a second).
      await expect
        .poll(
          () =>
            sql<{ n: number }>(
              db.url,
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'hubkit-hub-listen'",
            ),
          { timeout: 5000, interval: 50 },
        )
        .toEqual([{ n: 2 }]);
      await importJsonl(writer, Readable.from([`${line("acme/zephyr-four", 40)}\n`]));
      await expect
        .poll(() => ids(reader, "zephyr"), { timeout: 1000, interval: 20 })
        .toEqual(["acme/zephyr-four", "acme/zephyr-three", "acme/zephyr-two", "acme/zephyr-one"]);
    } finally {
      await Promise.all([writer.close(), reader.close()]);
      await db.drop();
    }
  });
});
