// A record nested thousands deep, on both stores: the importer reports its line (by number, with the
// reason), keeps the good lines around it, and the API goes on answering. Before, on SQLite the whole
// import failed with "Maximum call stack size exceeded" (no line number, the good lines lost); on
// PostgreSQL the record was stored and the model's API and list pages then answered 500.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importJsonl, startHubServer, type HubServer } from "../src/index.js";
import { jsonDeeperThan, MAX_RECORD_DEPTH } from "../src/catalogue/importer.js";
import { freshPostgres } from "./support/postgres.js";

const DEPTH = 5_000;
const good = (name: string) =>
  JSON.stringify({
    id: `nesting-test/${name}`,
    pipeline_tag: "text-classification",
    library_name: "transformers",
    tags: ["transformers"],
    cardData: { license: "mit", nested: { a: [{ b: [1, 2, { c: "[[{{" }] }] } },
  });
const deep = JSON.stringify({
  id: "nesting-test/deep",
  pipeline_tag: "text-classification",
  library_name: "transformers",
  tags: ["transformers"],
  cardData: { license: "mit", extra: "HOLE" },
}).replace('"HOLE"', "[".repeat(DEPTH) + "]".repeat(DEPTH));
const INPUT = [good("before"), deep, good("after")].join("\n") + "\n";

let dir: string;
const servers: Record<string, HubServer> = {};
let cleanupPostgres: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "hubkit-import-nesting-"));
  const pg = await freshPostgres();
  cleanupPostgres = () => pg.cleanup();
  servers.sqlite = await startHubServer({
    port: 0,
    dataDir: path.join(dir, "sqlite"),
    hfToken: "",
    databaseUrl: "",
  });
  servers.postgres = await startHubServer({
    port: 0,
    dataDir: path.join(dir, "unused"),
    hfToken: "",
    databaseUrl: pg.db.url,
  });
}, 120_000);

afterAll(async () => {
  await servers.sqlite?.close();
  await servers.postgres?.close();
  await cleanupPostgres?.();
  rmSync(dir, { recursive: true, force: true });
});

it("the depth scan counts brackets outside strings only", () => {
  expect(jsonDeeperThan('{"a":[[1]]}', 3)).toBe(false);
  expect(jsonDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
  expect(jsonDeeperThan(JSON.stringify({ a: '[[[[[[\\"{{{{' }), 2)).toBe(false);
});

for (const kind of ["sqlite", "postgres"] as const) {
  describe(`a record nested ${DEPTH} deep (${kind})`, () => {
    it("is reported with its line number and the good lines are kept", async () => {
      const report = await importJsonl(servers[kind]!.store, Readable.from([INPUT]));
      expect(report.lines).toBe(3);
      expect(report.inserted).toBe(2);
      expect(report.invalid).toBe(1);
      expect(report.problems).toEqual([
        {
          line: 2,
          kind: "invalid",
          reason: `nests arrays and objects deeper than ${MAX_RECORD_DEPTH} levels; skipped`,
        },
      ]);
    });

    it("leaves the API answering", async () => {
      const url = servers[kind]!.url;
      for (const name of ["before", "after"]) {
        const res = await fetch(`${url}/api/models/nesting-test/${name}`);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { id: string }).id).toBe(`nesting-test/${name}`);
      }
      // not stored: answered as any missing repo (401 RepoNotFound without a token)
      expect((await fetch(`${url}/api/models/nesting-test/deep`)).status).toBe(401);
      const list = await fetch(`${url}/api/models?search=nesting-test&full=true`);
      expect(list.status).toBe(200);
      expect(((await list.json()) as { id: string }[]).map((m) => m.id).sort()).toEqual([
        "nesting-test/after",
        "nesting-test/before",
      ]);
    });
  });
}
