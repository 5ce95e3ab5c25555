// What the catalogue suites (hub-stores, search-scale, db-import) share: the PostgreSQL server they
// make their databases on, synthetic catalogues written by `hubkit-hub generate`, and what a cached
// catalogue was built from.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { OURS, ROOT } from "./paths.mjs";

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
