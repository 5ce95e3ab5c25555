// The hub on each store, side by side: SQLite (embedded) and PostgreSQL (HUBKIT_BENCH_DATABASE_URL, by
// default the machine's server on 127.0.0.1:5432; skipped when none answers). Each store holds the same
// 1 000 000 synthetic models (built once and cached: .data/bench/stores-sqlite-1m and the database
// hubkit_bench_1m), served by one hub process; autocannon with 32 connections measures a rotating search
// and look-ups by id (p50/p95/p99 from every response). Import rate: a fresh 200 000-model import into
// an empty store of each kind, timed around the hub's own `import` command. HUBKIT_BENCH_IMPORT_ONLY=1
// measures the import rates alone (no 1M catalogues, no serving); HUBKIT_BENCH_IMPORT_DB names the
// scratch database of the import (so two benches on one server do not drop each other's).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import {
  admin,
  adminUrl,
  generateCatalogue,
  generatorHash,
  postgresAvailable,
  withDatabase,
} from "../lib/catalogue-db.mjs";
import { DATA_DIR, OURS, ROOT } from "../lib/paths.mjs";
import { startHub } from "../lib/hub.mjs";
import { httpLoad } from "../lib/http-load.mjs";

export const title = "hub stores (SQLite vs PostgreSQL)";

const MODELS = 1_000_000;
const IMPORT_MODELS = 200_000;
const SEED = 1;
const DURATION_S = 10;
const CONNECTIONS = 32;
const SEARCHES = [
  "coder",
  "vision-chat",
  "northwind",
  "quantized-xl",
  "tiny-v2",
  "sonic-labs/audio",
  "merged-long",
];
/**
 * The long tail: thousands of distinct terms (word pairs, owner/word, word-number), asked in a fixed
 * shuffled order, so the hub's page caches (256 pages) rarely answer and each search is really run.
 */
const TAIL_WORDS = [
  "tiny",
  "small",
  "base",
  "large",
  "xl",
  "instruct",
  "chat",
  "vision",
  "audio",
  "fast",
  "lite",
  "pro",
  "mini",
  "turbo",
  "v2",
  "merged",
  "quantized",
  "edge",
  "long",
  "coder",
];
const TAIL_OWNERS = [
  "acme-ml",
  "northwind-ai",
  "blue-heron",
  "datacraft",
  "openlab",
  "quantfox",
  "terra-nlp",
  "sonic-labs",
];
function longTailTerms() {
  const terms = [];
  for (const a of TAIL_WORDS) for (const b of TAIL_WORDS) if (a !== b) terms.push(`${a}-${b}`);
  for (const owner of TAIL_OWNERS) for (const word of TAIL_WORDS) terms.push(`${owner}/${word}`);
  for (const word of TAIL_WORDS) for (let n = 0; n < 100; n += 3) terms.push(`${word}-${n}`);
  // Deterministic shuffle (xorshift), so every run asks the same sequence.
  let x = 2463534242;
  for (let i = terms.length - 1; i > 0; i--) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const j = (x >>> 0) % (i + 1);
    [terms[i], terms[j]] = [terms[j], terms[i]];
  }
  return terms;
}
export const LONG_TAIL = longTailTerms();
const CATALOGUE_DB = "hubkit_bench_1m";
const IMPORT_DB = process.env.HUBKIT_BENCH_IMPORT_DB || "hubkit_bench_import";

/** Runs `hubkit-hub import` and returns its wall time in seconds. */
function importFile(file, env) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [OURS.hubCli, "import", file], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`import failed (${result.status}): ${result.stderr.slice(-500)}`);
  return (performance.now() - started) / 1000;
}

async function metaOf(url, key) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query("SELECT value FROM hubkit_meta WHERE key = $1", [key]);
    return rows[0]?.value;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The 1M-model catalogue in both stores, built once (same file, same order, same rowids). */
async function ensureCatalogues(log, withPostgres) {
  const want = JSON.stringify({ models: MODELS, seed: SEED, generator: generatorHash() });
  const sqliteDir = path.join(DATA_DIR, "stores-sqlite-1m");
  const marker = path.join(sqliteDir, "bench-catalogue.json");
  const pgUrl = withDatabase(CATALOGUE_DB);
  const sqliteReady = existsSync(marker) && readFileSync(marker, "utf8") === want;
  const pgReady = !withPostgres || (await metaOf(pgUrl, "bench_catalogue")) === want;
  if (sqliteReady && pgReady) return { sqliteDir, pgUrl };
  mkdirSync(DATA_DIR, { recursive: true });
  const file = path.join(DATA_DIR, "stores-1m.jsonl");
  await generateCatalogue(MODELS, SEED, file);
  try {
    if (!sqliteReady) {
      rmSync(sqliteDir, { recursive: true, force: true });
      const seconds = importFile(file, { HUBKIT_DATA_DIR: sqliteDir, HUBKIT_DATABASE_URL: "" });
      log.push(
        `SQLite: built the ${MODELS}-model catalogue in ${seconds.toFixed(0)} s (${(MODELS / seconds).toFixed(0)} models/s)`,
      );
      writeFileSync(marker, want);
    }
    if (!pgReady) {
      await admin(`DROP DATABASE IF EXISTS ${CATALOGUE_DB} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${CATALOGUE_DB}`);
      const seconds = importFile(file, { HUBKIT_DATABASE_URL: pgUrl });
      log.push(
        `PostgreSQL: built the ${MODELS}-model catalogue in ${seconds.toFixed(0)} s (${(MODELS / seconds).toFixed(0)} models/s)`,
      );
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query("INSERT INTO hubkit_meta (key, value) VALUES ('bench_catalogue', $1)", [want]);
      await client.end();
    }
  } finally {
    rmSync(file, { force: true });
  }
  return { sqliteDir, pgUrl };
}

function load(url, nextPath) {
  return httpLoad(url, nextPath, { connections: CONNECTIONS, durationS: DURATION_S });
}

async function measureServing(dataDir, env, syntheticModel) {
  const hub = await startHub(dataDir, env);
  try {
    const probe = await fetch(`${hub.url}/api/models?search=${SEARCHES[0]}&limit=20`);
    if (!probe.ok) throw new Error(`search answered ${probe.status}`);
    await probe.arrayBuffer();
    // Warm-up, 10 s of sequential searches: the first ones build caches (each store's in-memory
    // list order, built in the background on PostgreSQL; PostgreSQL's buffers).
    const warmUntil = Date.now() + 10_000;
    for (let i = 0; Date.now() < warmUntil; i++) {
      const term = SEARCHES[i % SEARCHES.length];
      await (await fetch(`${hub.url}/api/models?search=${encodeURIComponent(term)}&limit=20`)).arrayBuffer();
    }
    let s = 0;
    const search = await load(
      hub.url,
      () => `/api/models?search=${encodeURIComponent(SEARCHES[s++ % SEARCHES.length])}&limit=20`,
    );
    let t = 0;
    const searchTail = await load(
      hub.url,
      () => `/api/models?search=${encodeURIComponent(LONG_TAIL[t++ % LONG_TAIL.length])}&limit=20`,
    );
    let n = 0;
    const byId = await load(hub.url, () => `/api/models/${syntheticModel((n++ * 7919) % MODELS, SEED).id}`);
    return { search, searchTail, byId, banner: hub.banner };
  } finally {
    await hub.stop();
  }
}

async function measureImport(withPostgres) {
  const file = path.join(DATA_DIR, "stores-import.jsonl");
  mkdirSync(DATA_DIR, { recursive: true });
  await generateCatalogue(IMPORT_MODELS, SEED, file);
  try {
    const sqliteDir = path.join(DATA_DIR, "stores-import-sqlite");
    rmSync(sqliteDir, { recursive: true, force: true });
    const sqlite = importFile(file, { HUBKIT_DATA_DIR: sqliteDir, HUBKIT_DATABASE_URL: "" });
    rmSync(sqliteDir, { recursive: true, force: true });
    let postgres;
    if (withPostgres) {
      await admin(`DROP DATABASE IF EXISTS ${IMPORT_DB} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${IMPORT_DB}`);
      try {
        postgres = importFile(file, { HUBKIT_DATABASE_URL: withDatabase(IMPORT_DB) });
      } finally {
        await admin(`DROP DATABASE IF EXISTS ${IMPORT_DB} WITH (FORCE)`);
      }
    }
    return { sqlite, postgres };
  } finally {
    rmSync(file, { force: true });
  }
}

const ms = (value) => `${value.toFixed(1)} ms`;
const describe = (r) => `${r.requestsPerSecond.toFixed(0)} req/s, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}`;

export async function run() {
  if (!existsSync(OURS.hubCli)) {
    return { rows: [{ figure: title, status: "skipped", note: "apps/hub is not built" }] };
  }
  const withPostgres = await postgresAvailable();
  const details = [];
  if (!withPostgres)
    details.push(`PostgreSQL: no server answered at ${adminUrl}; set HUBKIT_BENCH_DATABASE_URL`);
  const { syntheticModel } = await import(
    pathToFileURL(path.join(ROOT, "apps/hub/dist/catalogue/synthetic.js")).href
  );
  const importOnly = process.env.HUBKIT_BENCH_IMPORT_ONLY === "1";
  const { sqliteDir, pgUrl } = importOnly ? {} : await ensureCatalogues(details, withPostgres);
  const imports = process.env.HUBKIT_BENCH_SKIP_IMPORT === "1" ? {} : await measureImport(withPostgres);
  const served = importOnly
    ? {}
    : { sqlite: await measureServing(sqliteDir, { HUBKIT_DATABASE_URL: "" }, syntheticModel) };
  if (withPostgres && !importOnly)
    served.postgres = await measureServing(
      path.join(DATA_DIR, "unused"),
      { HUBKIT_DATABASE_URL: pgUrl },
      syntheticModel,
    );

  const rows = [];
  for (const [store, result] of Object.entries(served)) {
    const name = store === "sqlite" ? "SQLite" : "PostgreSQL";
    details.push(`${name}: ${result.banner}`);
    for (const [route, r] of [
      ["search", result.search],
      ["search (long tail)", result.searchTail],
      ["by id", result.byId],
    ]) {
      details.push(
        `${name} ${route}: ${r.total} requests in ${DURATION_S} s over ${CONNECTIONS} connections; p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}; non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
    }
    rows.push(
      {
        figure: `hub on ${name}, search (1 M models, ${CONNECTIONS} conns)`,
        ours: describe(result.search),
        reference: "—",
        ratio: "—",
        target: store === "postgres" ? "p95 ≤ 20 ms" : "report",
        met:
          store === "postgres"
            ? result.search.p95 <= 20 && result.search.non2xx === 0 && result.search.errors === 0
            : undefined,
      },
      {
        figure: `hub on ${name}, search, ${LONG_TAIL.length} distinct terms (${CONNECTIONS} conns)`,
        ours: describe(result.searchTail),
        reference: "—",
        ratio: "—",
        target: store === "postgres" ? "p95 ≤ 20 ms" : "report",
        met:
          store === "postgres"
            ? result.searchTail.p95 <= 20 && result.searchTail.non2xx === 0 && result.searchTail.errors === 0
            : undefined,
      },
      {
        figure: `hub on ${name}, GET /api/models/{id} (${CONNECTIONS} conns)`,
        ours: describe(result.byId),
        reference: "—",
        ratio: "—",
        target: "report",
        met: result.byId.non2xx === 0 && result.byId.errors === 0 ? undefined : false,
      },
    );
  }
  for (const [store, seconds] of Object.entries(imports)) {
    if (seconds === undefined) continue;
    const name = store === "sqlite" ? "SQLite" : "PostgreSQL";
    const rate = IMPORT_MODELS / seconds;
    details.push(`${name} import: ${IMPORT_MODELS} models into an empty store in ${seconds.toFixed(1)} s`);
    rows.push({
      figure: `hub on ${name}, import (${IMPORT_MODELS / 1000}k models, empty store)`,
      ours: `${rate.toFixed(0)} models/s`,
      reference: "—",
      ratio: "—",
      target: store === "postgres" ? "≥ 50 000 models/s" : "report",
      met: store === "postgres" ? rate >= 50_000 : undefined,
    });
  }
  details.push(
    `search terms (rotated, the hot set): ${SEARCHES.join(", ")}; long tail: ${LONG_TAIL.length} distinct terms such as ${LONG_TAIL.slice(0, 4).join(", ")}; limit=20`,
  );
  return { rows, details };
}
