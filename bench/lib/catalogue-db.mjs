// What the catalogue suites (hub-api, hub-stores, search-scale, db-import) share: the PostgreSQL
// server they make their databases on, synthetic catalogues written by `hubkit-hub generate`, and
// the cached catalogues themselves: one per size and store for every suite, so a fresh machine
// builds the 1 M-model catalogue once per store rather than once per suite.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { DATA_DIR, OURS, ROOT } from "./paths.mjs";

/** The seed of every cached synthetic catalogue (so every run and suite gets the same models). */
export const CATALOGUE_SEED = 1;

/** The server's maintenance database (HUBKIT_BENCH_DATABASE_URL, else the local one). */
export const adminUrl =
  process.env.HUBKIT_BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** The URL of database `name` on that server. */
export function withDatabase(name) {
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** One statement on the maintenance database, on a connection of its own. */
export async function admin(sql, params) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

export async function postgresAvailable() {
  try {
    await admin("SELECT 1");
    return true;
  } catch {
    return false;
  }
}

/**
 * What cached catalogues were built from: the generator and the stores' derived columns (a change to
 * either rebuilds them, rather than timing the stores' one-off upgrade of a million rows).
 */
export function generatorHash() {
  const hash = createHash("sha256");
  for (const file of ["catalogue/synthetic.js", "catalogue/derived.js"])
    hash.update(readFileSync(path.join(ROOT, "apps/hub/dist", file)));
  return hash.digest("hex").slice(0, 16);
}

/** Writes `count` synthetic models (seeded, so every run gets the same ones) as JSON lines to `file`. */
export async function generateCatalogue(count, seed, file) {
  const child = spawn(
    process.execPath,
    [OURS.hubCli, "generate", "--count", String(count), "--seed", String(seed)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise((resolve) => child.on("close", resolve));
  await pipeline(child.stdout, createWriteStream(file));
  if ((await exited) !== 0) throw new Error("hubkit-hub generate failed");
}

/** Search terms that match many synthetic models (the busy head of a rotating search). */
export const SEARCH_TERMS = [
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

/** Runs `hubkit-hub import FILE` with `env` over the caller's; returns its wall time in seconds. */
export function importFile(file, env) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [OURS.hubCli, "import", file], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`import failed (${result.status}): ${result.stderr.slice(-500)}`);
  return (performance.now() - started) / 1000;
}

/** What a cached PostgreSQL catalogue was built from (its `bench_catalogue` row), or undefined. */
async function builtFrom(url) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query("SELECT value FROM hubkit_meta WHERE key = 'bench_catalogue'");
    return rows[0]?.value;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

function folderBytes(dir) {
  const listed = spawnSync("du", ["-sb", dir], { encoding: "utf8" });
  return Number(listed.stdout.split("\t")[0]) || 0;
}

/**
 * The synthetic catalogue of `count` models in SQLite (`.data/bench/catalogue-sqlite-<count>`) and,
 * with `postgres`, in PostgreSQL (database `hubkit_bench_catalogue_<count>`), built once from the same
 * file (same order, same rowids) and kept until the generator changes. What a build cost goes to
 * `details`. Returns the SQLite data folder and the PostgreSQL URL.
 */
export async function ensureCatalogue(count, { postgres, details }) {
  const want = JSON.stringify({ models: count, seed: CATALOGUE_SEED, generator: generatorHash() });
  const sqliteDir = path.join(DATA_DIR, `catalogue-sqlite-${count}`);
  const marker = path.join(sqliteDir, "bench-catalogue.json");
  const database = `hubkit_bench_catalogue_${count}`;
  const pgUrl = withDatabase(database);
  const sqliteReady = existsSync(marker) && readFileSync(marker, "utf8") === want;
  const pgReady = !postgres || (await builtFrom(pgUrl)) === want;
  if (sqliteReady && pgReady) return { sqliteDir, pgUrl };
  mkdirSync(DATA_DIR, { recursive: true });
  const file = path.join(DATA_DIR, `catalogue-${count}.jsonl`);
  const started = performance.now();
  await generateCatalogue(count, CATALOGUE_SEED, file);
  const generated = (performance.now() - started) / 1000;
  const jsonl = statSync(file).size;
  try {
    if (!sqliteReady) {
      rmSync(sqliteDir, { recursive: true, force: true });
      const seconds = importFile(file, { HUBKIT_DATA_DIR: sqliteDir, HUBKIT_DATABASE_URL: "" });
      writeFileSync(marker, want);
      details.push(
        `built ${count} models: generated in ${generated.toFixed(0)} s (${(jsonl / 1e6).toFixed(0)} MB JSONL); SQLite import ${seconds.toFixed(0)} s (${(count / seconds).toFixed(0)} models/s), ${(folderBytes(sqliteDir) / 1e6).toFixed(0)} MB on disk`,
      );
    }
    if (!pgReady) {
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${database}`);
      const seconds = importFile(file, { HUBKIT_DATABASE_URL: pgUrl });
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query("INSERT INTO hubkit_meta (key, value) VALUES ('bench_catalogue', $1)", [want]);
      const size = (await client.query("SELECT pg_database_size(current_database()) AS bytes")).rows[0].bytes;
      await client.end();
      details.push(
        `built ${count} models: PostgreSQL import ${seconds.toFixed(0)} s (${(count / seconds).toFixed(0)} models/s), ${(Number(size) / 1e6).toFixed(0)} MB on disk`,
      );
    }
  } finally {
    rmSync(file, { force: true });
  }
  return { sqliteDir, pgUrl };
}
