// The hub's import against each database's own bulk path, for the same rows and the same indexes, in
// one run: N synthetic models (`hubkit-hub generate`, default 1 000 000; HUBKIT_BENCH_IMPORT_MODELS
// sets fewer while developing) imported by `hubkit-hub import` into an empty store, against
// - SQLite: the same rows as INSERT statements (the sqlite3 shell's `.mode insert` of the tables the
//   hub's import wrote) in one transaction from the `sqlite3` shell, with the same tables, the same
//   CREATE INDEX statements and the full-text index built once at the end (`'rebuild'`), same pragmas;
// - PostgreSQL: `psql --single-transaction` of the same tables (pg_dump's pre-data of the hub's
//   database), COPY of the same rows from a prepared file (its data section), then the same
//   constraints and CREATE INDEX statements (its post-data section).
// Both references are made from the hub's first import (untimed), so rows and indexes are the hub's
// own. Rounds alternate which goes first; the ratio is the reference's time over ours. The hub's
// import also does what its reference does not: parsing and checking JSON lines, deriving columns,
// planner statistics (ANALYZE). Also the cost curve: the same at N/100 and N/10.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ensureSqlite3 } from "../../scripts/lib.mjs";
import { admin, adminUrl, generateCatalogue, postgresAvailable, withDatabase } from "../lib/catalogue-db.mjs";
import { DATA_DIR, OURS } from "../lib/paths.mjs";
import { clears, median, spread, spreadText } from "../lib/stats.mjs";

export const title = "imports vs the database's bulk path";

const MODELS = Number(process.env.HUBKIT_BENCH_IMPORT_MODELS || 1_000_000);
const ROUNDS = Number(process.env.HUBKIT_BENCH_IMPORT_ROUNDS || 3);
const SEED = 1;
const GOAL = 0.8;
const SQLITE3 = "/usr/bin/sqlite3";
const PRAGMAS = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-262144;";

const work = path.join(DATA_DIR, "db-import");
const OURS_DB = "hubkit_bench_dbimport";
const REFERENCE_DB = "hubkit_bench_dbimport_ref";

async function freshDatabase(name) {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
}

/** Runs a command to its end; returns its wall time in seconds (throws with its stderr on failure). */
function timed(command, args, options = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, ...options });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0)
    throw new Error(
      `${path.basename(command)} failed (${result.status}): ${String(result.stderr).slice(-500)}`,
    );
  return seconds;
}

const hubImport = (file, env) =>
  timed(process.execPath, [OURS.hubCli, "import", file], { env: { ...process.env, ...env } });

/** The sqlite3 shell's script of what the hub's import wrote: tables, rows as INSERTs, indexes. */
function sqliteReference(hubDb, dir) {
  const sql = (query) => {
    const result = spawnSync(SQLITE3, [hubDb, query], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`sqlite3 failed: ${result.stderr}`);
    return result.stdout;
  };
  const tables = ["meta", "models", "model_tags"];
  const pre = path.join(dir, "sqlite-pre.sql");
  const data = path.join(dir, "sqlite-data.sql");
  const post = path.join(dir, "sqlite-post.sql");
  writeFileSync(
    pre,
    `${PRAGMAS}\nBEGIN;\n${sql(`SELECT sql || ';' FROM sqlite_master WHERE type = 'table' AND name IN ('meta', 'models', 'model_tags', 'models_fts')`)}`,
  );
  const dumped = spawnSync(
    SQLITE3,
    [
      hubDb,
      `.output ${data}`,
      ...tables.flatMap((table) => [`.mode insert ${table}`, `SELECT * FROM ${table};`]),
    ],
    { encoding: "utf8" },
  );
  if (dumped.status !== 0) throw new Error(`sqlite3 dump failed: ${dumped.stderr}`);
  writeFileSync(
    post,
    `${sql(`SELECT sql || ';' FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`)}INSERT INTO models_fts(models_fts) VALUES('rebuild');\nCOMMIT;\n`,
  );
  return (target) => timed(SQLITE3, [target, `.read ${pre}`, `.read ${data}`, `.read ${post}`]);
}

/** pg_dump's three sections of the hub's database; psql runs them as one transaction. */
function postgresReference(dir) {
  const url = withDatabase(OURS_DB);
  const files = ["pre-data", "data", "post-data"].map((section) => {
    const file = path.join(dir, `pg-${section}.sql`);
    timed("pg_dump", ["--no-owner", "--no-privileges", `--section=${section}`, "-f", file, url]);
    return file;
  });
  return async () => {
    await freshDatabase(REFERENCE_DB);
    return timed("psql", [
      "-q",
      "-v",
      "ON_ERROR_STOP=1",
      "--single-transaction",
      ...files.flatMap((file) => ["-f", file]),
      withDatabase(REFERENCE_DB),
    ]);
  };
}

async function measureSqlite(file, count, dir) {
  const hubDir = path.join(dir, "sqlite-hub");
  const refDb = path.join(dir, "sqlite-ref.db");
  const ours = [];
  const limit = [];
  const ratios = [];
  let reference;
  const runOurs = () => {
    rmSync(hubDir, { recursive: true, force: true });
    return hubImport(file, { HUBKIT_DATA_DIR: hubDir, HUBKIT_DATABASE_URL: "" });
  };
  const runReference = () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(refDb + suffix, { force: true });
    return reference(refDb);
  };
  for (let round = 0; round < ROUNDS; round++) {
    let o;
    let r;
    if (round % 2 === 0) {
      o = runOurs();
      reference ??= sqliteReference(path.join(hubDir, "hub.sqlite"), dir);
      r = runReference();
    } else {
      r = runReference();
      o = runOurs();
    }
    ours.push(o);
    limit.push(r);
    ratios.push(r / o);
  }
  rmSync(hubDir, { recursive: true, force: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(refDb + suffix, { force: true });
  return { count, ours, limit, ratio: spread(ratios) };
}

async function measurePostgres(file, count, dir) {
  const ours = [];
  const limit = [];
  const ratios = [];
  let reference;
  const runOurs = async () => {
    await freshDatabase(OURS_DB);
    return hubImport(file, { HUBKIT_DATABASE_URL: withDatabase(OURS_DB) });
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      let o;
      let r;
      if (round % 2 === 0) {
        o = await runOurs();
        reference ??= postgresReference(dir);
        r = await reference();
      } else {
        r = await reference();
        o = await runOurs();
      }
      ours.push(o);
      limit.push(r);
      ratios.push(r / o);
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${OURS_DB} WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${REFERENCE_DB} WITH (FORCE)`);
  }
  return { count, ours, limit, ratio: spread(ratios) };
}

const perSecond = (count, seconds) => `${(count / seconds / 1000).toFixed(1)} k models/s`;
const sizeName = (count) => (count >= 1e6 ? `${count / 1e6} M` : `${count / 1e3} k`);

export async function run() {
  const details = [];
  if (!ensureSqlite3()) details.push(`sqlite3: not installed (${SQLITE3}); the SQLite reference is skipped`);
  const withPostgres = await postgresAvailable();
  if (!withPostgres)
    details.push(`PostgreSQL: no server answered at ${adminUrl}; set HUBKIT_BENCH_DATABASE_URL`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const sizes = [...new Set([Math.round(MODELS / 100), Math.round(MODELS / 10), MODELS])].filter(
    (n) => n >= 1000,
  );
  const results = { sqlite: [], postgres: [] };
  try {
    for (const count of sizes) {
      const dir = path.join(work, String(count));
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, "models.jsonl");
      await generateCatalogue(count, SEED, file);
      if (ensureSqlite3()) results.sqlite.push(await measureSqlite(file, count, dir));
      if (withPostgres) results.postgres.push(await measurePostgres(file, count, dir));
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const rows = [];
  for (const [store, points] of Object.entries(results)) {
    const name = store === "sqlite" ? "SQLite" : "PostgreSQL";
    const reference = store === "sqlite" ? "sqlite3 shell, one transaction" : "psql COPY + CREATE INDEX";
    for (const point of points) {
      const main = point.count === MODELS;
      const o = median(point.ours);
      const l = median(point.limit);
      details.push(
        `${name}, ${point.count} models, per round (s): ours ${point.ours.map((s) => s.toFixed(1)).join(", ")}; ${reference} ${point.limit.map((s) => s.toFixed(1)).join(", ")}`,
      );
      rows.push({
        figure: main
          ? `import into ${name}, ${sizeName(point.count)} models, empty store`
          : `  curve: import into ${name}, ${sizeName(point.count)} models`,
        ours: `${perSecond(point.count, o)} (${o.toFixed(1)} s)`,
        limit: `${reference}: ${perSecond(point.count, l)}`,
        ratio: spreadText(point.ratio),
        target: main ? `≥ ${GOAL}× the database` : "report",
        ...(main ? { met: clears(point.ratio, GOAL, "least") } : {}),
      });
    }
  }
  const notes = rows
    .filter((row) => row.met === false)
    .map(
      (row) =>
        `${row.figure}: the hub's import parses and checks every JSON line, derives the stored columns (filter tags, trending) and gathers planner statistics (ANALYZE), and an empty store first takes the embedded catalogue; the reference replays finished rows. At small sizes the process start and that one-off work dominate (see the curve rows).`,
    );
  return { rows, details, notes };
}
