// The import and generate commands (run in-process through runCommand), and a restart keeping imports.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "./support/command-io.js";
import { runCommand } from "../src/commands.js";
import { EMBEDDED_CATALOGUE_PATH } from "../src/paths.js";
import { openCatalogue, parseModelRecord, startHubServer, syntheticModel } from "../src/index.js";

let dir: string;
/** models in the embedded catalogue, which `import` seeds first as `serve` does */
const EMBEDDED = readFileSync(EMBEDDED_CATALOGUE_PATH, "utf8")
  .split("\n")
  .filter((line) => line.trim()).length;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "hubkit-hub-import-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const goodA = {
  id: "acme/good-model-a",
  pipeline_tag: "text-classification",
  library_name: "transformers",
  tags: ["en"],
  downloads: 10,
  likes: 2,
};
const goodB = {
  id: "acme/good-model-b",
  pipeline_tag: "text-to-image",
  library_name: "diffusers",
  downloads: 5,
};
const goodALater = { ...goodA, downloads: 99 };

describe("hubkit-hub import", () => {
  it("reports the bytes read to onImportProgress (for the command line's progress bar)", async () => {
    const file = path.join(dir, "progress.jsonl");
    const lines = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ ...goodA, id: `acme/model-${i}` }));
    writeFileSync(file, lines.join("\n") + "\n");
    const size = statSync(file).size;
    const seen: [number, number][] = [];
    const { io } = captureIo();
    const { exitCode } = await runCommand(["import", file, "--data-dir", path.join(dir, "data")], {
      ...io,
      onImportProgress: (read, total) => seen.push([read, total]),
    });
    expect(exitCode).toBe(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(([, total]) => total === size)).toBe(true);
    expect(seen.map(([read]) => read)).toEqual([...seen.map(([read]) => read)].sort((a, b) => a - b));
    expect(seen.at(-1)![0]).toBe(size);
  });

  it("keeps every good line, reports each bad line with its number, and reports duplicates", async () => {
    const file = path.join(dir, "models.jsonl");
    const lines = [
      JSON.stringify(goodA), // 1
      "{not json", // 2
      JSON.stringify({ pipeline_tag: "text-generation" }), // 3: no id
      "", // 4: blank lines are skipped
      JSON.stringify(goodB), // 5
      JSON.stringify({ id: "acme/bad-downloads", downloads: -3 }), // 6
      JSON.stringify({ id: "../../etc/passwd" }), // 7
      JSON.stringify(goodALater), // 8: duplicate of line 1
      JSON.stringify({
        id: "acme/bad-mapping",
        inferenceProviderMapping: { together: { status: "maybe", providerId: "x", task: "conversational" } },
      }), // 9
      JSON.stringify([1, 2, 3]), // 10
    ];
    writeFileSync(file, lines.join("\n") + "\n");
    const dataDir = path.join(dir, "data");
    const { io, out, err } = captureIo();
    const { exitCode } = await runCommand(["import", file, "--data-dir", dataDir], io);
    expect(exitCode).toBe(1);
    const reported = err().trim().split("\n");
    expect(reported.map((line) => /: line (\d+):/.exec(line)?.[1])).toEqual([
      "2",
      "3",
      "6",
      "7",
      "8",
      "9",
      "10",
    ]);
    expect(err()).toMatch(/line 2: not valid JSON/);
    expect(err()).toMatch(/line 3: missing "id"/);
    expect(err()).toMatch(/line 6: "downloads" must be a non-negative integer/);
    expect(err()).toMatch(/line 7: invalid "id"/);
    expect(err()).toMatch(/line 8: duplicate id "acme\/good-model-a" \(first seen on line 1\)/);
    expect(err()).toMatch(/line 9: "inferenceProviderMapping.together.status" must be "live" or "staging"/);
    expect(err()).toMatch(/line 10: a model record must be a JSON object/);
    expect(out()).toMatch(/10 lines; 2 models added, 1 updated; 6 invalid lines skipped; 1 duplicate ids/);

    const store = openCatalogue(dataDir);
    try {
      expect(store.count()).toBe(EMBEDDED + 2);
      expect(store.getModel("acme/good-model-a")?.downloads).toBe(99); // the later duplicate wins
      expect(store.getModel("acme/good-model-b")?.library_name).toBe("diffusers");
    } finally {
      store.close();
    }
  });

  it("exits 0 for a clean file and 2 with usage for a missing one", async () => {
    const file = path.join(dir, "clean.jsonl");
    writeFileSync(file, `${JSON.stringify(goodA)}\n${JSON.stringify(goodB)}\n`);
    const clean = captureIo();
    expect((await runCommand(["import", file, "--data-dir", path.join(dir, "d")], clean.io)).exitCode).toBe(
      0,
    );
    expect(clean.err()).toBe("");
    const missing = captureIo();
    expect((await runCommand(["import", path.join(dir, "nope.jsonl")], missing.io)).exitCode).toBe(2);
    expect(missing.err()).toMatch(/no such file/);
  });

  it("seeds the embedded catalogue first and says so, so import and serve count the same models", async () => {
    const dataDir = path.join(dir, "fresh");
    const file = path.join(dir, "two.jsonl");
    writeFileSync(file, `${JSON.stringify(goodA)}\n${JSON.stringify(goodB)}\n`);
    const first = captureIo();
    expect((await runCommand(["import", file, "--data-dir", dataDir], first.io)).exitCode).toBe(0);
    expect(first.out()).toContain(`seeded the embedded catalogue (${EMBEDDED} models added, 0 updated)`);
    expect(first.out()).toContain(`The catalogue now holds ${EMBEDDED + 2} models.`);
    // Seeded once: a second import does not seed again.
    const second = captureIo();
    expect((await runCommand(["import", file, "--data-dir", dataDir], second.io)).exitCode).toBe(0);
    expect(second.out()).not.toContain("seeded");
    expect(second.out()).toContain(`2 updated`);
    // serve on the same folder counts the same models and seeds nothing.
    const served = captureIo();
    const { server } = await runCommand(["serve", "--port", "0", "--data-dir", dataDir], served.io);
    try {
      expect(served.out()).toContain(`(${EMBEDDED + 2} models in SQLite`);
      expect(served.out()).not.toContain("seeded");
    } finally {
      await server?.close();
    }
    // serve on a fresh folder says it seeds.
    const fresh = captureIo();
    const started = await runCommand(
      ["serve", "--port", "0", "--data-dir", path.join(dir, "other")],
      fresh.io,
    );
    try {
      expect(fresh.out()).toContain(`seeded the embedded catalogue (${EMBEDDED} models added, 0 updated)`);
      expect(fresh.out()).toContain(`(${EMBEDDED} models in SQLite`);
    } finally {
      await started.server?.close();
    }
  });

  it("with no arguments prints the usage instead of starting a server", async () => {
    const { io, out } = captureIo();
    const result = await runCommand([], io);
    expect(result).toEqual({ exitCode: 0 });
    expect(out()).toMatch(/^Usage:/);
    expect(out()).toContain("hubkit-hub serve");
  });

  it("keeps imported models across a server restart", async () => {
    const dataDir = path.join(dir, "data");
    const file = path.join(dir, "mine.jsonl");
    writeFileSync(file, `${JSON.stringify({ ...goodA, id: "me/my-private-finetune" })}\n`);
    expect((await runCommand(["import", file, "--data-dir", dataDir], captureIo().io)).exitCode).toBe(0);
    for (let run = 0; run < 2; run++) {
      const server = await startHubServer({ port: 0, dataDir, hfToken: "" });
      try {
        const res = await fetch(`${server.url}/api/models/me/my-private-finetune`);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { downloads: number }).downloads).toBe(10);
        // The embedded catalogue is there too.
        expect((await fetch(`${server.url}/api/models/black-forest-labs/FLUX.1-dev`)).status).toBe(200);
      } finally {
        await server.close();
      }
    }
  });
});

describe("hubkit-hub generate", () => {
  it("writes the same valid, unique models for the same count and seed", async () => {
    const first = captureIo();
    await runCommand(["generate", "--count", "300", "--seed", "7"], first.io);
    const second = captureIo();
    await runCommand(["generate", "--count", "300", "--seed", "7"], second.io);
    expect(first.out()).toBe(second.out());
    const lines = first.out().trim().split("\n");
    expect(lines).toHaveLength(300);
    const ids = new Set<string>();
    for (const line of lines) {
      const parsed = parseModelRecord(JSON.parse(line));
      expect(parsed.ok).toBe(true);
      if (parsed.ok) ids.add(parsed.model.id);
    }
    expect(ids.size).toBe(300);
    expect(syntheticModel(5, 7)).toEqual(JSON.parse(lines[5]));
    const bad = captureIo();
    expect((await runCommand(["generate"], bad.io)).exitCode).toBe(2);
    expect(bad.err()).toMatch(/generate needs --count N/);
  });

  it("bulk-imports a synthetic catalogue and keeps search and sort working", async () => {
    const file = path.join(dir, "synthetic.jsonl");
    const gen = captureIo();
    await runCommand(["generate", "--count", "25000"], gen.io);
    writeFileSync(file, gen.out());
    const dataDir = path.join(dir, "bulk");
    const { io, out } = captureIo();
    expect((await runCommand(["import", file, "--data-dir", dataDir], io)).exitCode).toBe(0);
    expect(out()).toMatch(/25000 models added/);
    const store = openCatalogue(dataDir);
    try {
      const probe = syntheticModel(12345);
      const page = store.listModels({
        search: String(probe.id).split("/")[1],
        tags: [],
        sort: "downloads",
        direction: -1,
        limit: 10,
      });
      expect(page.models.map((model) => model.id)).toContain(probe.id);
      const top = store.listModels({ tags: ["hubkit-synthetic"], sort: "likes", direction: -1, limit: 50 });
      const likes = top.models.map((model) => model.likes);
      expect(likes).toEqual([...likes].sort((a, b) => b - a));
    } finally {
      store.close();
    }
  }, 120_000);
});

describe("parseModelRecord", () => {
  it("drops repeated tags in first-seen order and never shares the record's tag list", () => {
    const few = ["b", "a", "b", "c", "a"];
    const many = Array.from({ length: 40 }, (_, index) => `t${index % 35}`);
    for (const [tags, kept] of [
      [few, ["b", "a", "c"]],
      [
        ["x", "y"],
        ["x", "y"],
      ],
      [many, many.slice(0, 35)],
    ]) {
      const parsed = parseModelRecord({ id: "acme/tags", tags });
      if (!parsed.ok) throw new Error(parsed.reason);
      expect(parsed.model.tags).toEqual(kept);
      expect(parsed.model.tags).not.toBe(tags);
    }
  });

  it("hands back each date's time, as Date.parse of the stored date", () => {
    const now = "2026-01-02T03:04:05.006Z";
    for (const [record, created, modified] of [
      [{}, now, now],
      [{ lastModified: "2024-02-29T23:59:59.999Z" }, "2024-02-29T23:59:59.999Z", "2024-02-29T23:59:59.999Z"],
      [
        { createdAt: "2020-01-01", lastModified: "2024-01-31T12:00:00Z" },
        "2020-01-01T00:00:00.000Z",
        "2024-01-31T12:00:00.000Z",
      ],
    ] as const) {
      const parsed = parseModelRecord({ id: "acme/dates", ...record }, now);
      if (!parsed.ok) throw new Error(parsed.reason);
      expect([parsed.model.createdAt, parsed.model.lastModified]).toEqual([created, modified]);
      expect([parsed.createdTime, parsed.modifiedTime]).toEqual([Date.parse(created), Date.parse(modified)]);
    }
    const bad = parseModelRecord({ id: "acme/dates", createdAt: "2024-13-01T00:00:00.000Z" }, now);
    expect(bad).toEqual({
      ok: false,
      reason: `"createdAt" must be an ISO 8601 date such as "2024-05-01T12:00:00.000Z"`,
    });
  });
});
