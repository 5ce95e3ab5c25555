// Search as the catalogue grows: the same synthetic catalogue at N/100, N/10 and N models (default N =
// 1 000 000; HUBKIT_BENCH_SEARCH_MODELS sets it), each size in SQLite and in PostgreSQL (built once
// and cached, shared with the other catalogue suites: bench/lib/catalogue-db.mjs), one hub process per
// size served at once, and rounds of autocannon (32 connections, the long tail of distinct search
// terms, so the page cache rarely answers) that rotate over the sizes. The judged figure is the growth
// of p95 over one tenfold step, taken within each round: the issue's goal for 1 M → 10 M (≤ 2×) applied
// to N/10 → N. What building each size cost (generation + import, disk) is reported, to say what a
// 10 M catalogue would take here.
import path from "node:path";
import { startHub } from "../lib/hub.mjs";
import { adminUrl, ensureCatalogue, LONG_TAIL, postgresAvailable } from "../lib/catalogue-db.mjs";
import { DATA_DIR } from "../lib/paths.mjs";
import { clears, median, spread, spreadText } from "../lib/stats.mjs";
import { httpLoad } from "../lib/http-load.mjs";

export const title = "search as the catalogue grows";

const MODELS = Number(process.env.HUBKIT_BENCH_SEARCH_MODELS || 1_000_000);
const ROUNDS = Number(process.env.HUBKIT_BENCH_SEARCH_ROUNDS || 3);
const DURATION_S = 5;
const CONNECTIONS = 32;
const GOALS = { growth: 2, p95: 10 };

function load(url, nextPath) {
  return httpLoad(url, nextPath, { connections: CONNECTIONS, durationS: DURATION_S });
}

/** One hub per size at once; rounds rotate over the sizes. Returns each size's runs. */
async function measureStore(sizes, where) {
  const hubs = [];
  try {
    for (const size of sizes) hubs.push(await startHub(where(size).dir, where(size).env));
    let t = 0;
    const nextPath = () =>
      `/api/models?search=${encodeURIComponent(LONG_TAIL[t++ % LONG_TAIL.length])}&limit=20`;
    // Warm-up, 10 s a hub: the stores' in-memory orders (built in the background on PostgreSQL), caches.
    for (const hub of hubs) {
      const warmUntil = Date.now() + 10_000;
      while (Date.now() < warmUntil) await (await fetch(hub.url + nextPath())).arrayBuffer();
    }
    const runs = sizes.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < sizes.length; k++) {
        const i = (k + round) % sizes.length;
        runs[i].push(await load(hubs[i].url, nextPath));
      }
    }
    return runs;
  } finally {
    for (const hub of hubs) await hub.stop();
  }
}

const ms = (value) => `${value.toFixed(1)} ms`;
const sizeName = (count) => (count >= 1e6 ? `${count / 1e6} M` : `${count / 1e3} k`);

export async function run() {
  const details = [];
  const withPostgres = await postgresAvailable();
  if (!withPostgres)
    details.push(`PostgreSQL: no server answered at ${adminUrl}; set HUBKIT_BENCH_DATABASE_URL`);
  const sizes = [...new Set([Math.round(MODELS / 100), Math.round(MODELS / 10), MODELS])];
  const places = new Map();
  for (const size of sizes)
    places.set(size, await ensureCatalogue(size, { postgres: withPostgres, details }));
  const stores = [
    ["SQLite", (size) => ({ dir: places.get(size).sqliteDir, env: { HUBKIT_DATABASE_URL: "" } })],
  ];
  if (withPostgres)
    stores.push([
      "PostgreSQL",
      (size) => ({
        dir: path.join(DATA_DIR, "unused"),
        env: { HUBKIT_DATABASE_URL: places.get(size).pgUrl },
      }),
    ]);
  const rows = [];
  for (const [name, where] of stores) {
    const runs = await measureStore(sizes, where);
    const failures = runs.flat().reduce((sum, r) => sum + r.failures, 0);
    runs.forEach((sizeRuns, i) =>
      details.push(
        `${name}, ${sizes[i]} models, per round: ${sizeRuns.map((r) => `${r.requestsPerSecond.toFixed(0)} req/s p95 ${ms(r.p95)}`).join("; ")}`,
      ),
    );
    const top = runs.at(-1);
    const tenth = runs.at(-2);
    const growth = spread(top.map((r, round) => r.p95 / tenth[round].p95));
    const p95 = spread(top.map((r) => r.p95));
    rows.push({
      figure: `search p95 on ${name}, ${sizeName(sizes.at(-1))} vs ${sizeName(sizes.at(-2))} models (${CONNECTIONS} conn., long tail)`,
      ours: `p95 ${ms(median(top.map((r) => r.p95)))} vs ${ms(median(tenth.map((r) => r.p95)))}`,
      ratio: spreadText(growth),
      target: `≤ ${GOALS.growth}× per tenfold`,
      met: failures === 0 && clears(growth, GOALS.growth, "most"),
    });
    rows.push({
      figure: `  search p95 on ${name} at ${sizeName(sizes.at(-1))} models`,
      ours: `${median(top.map((r) => r.requestsPerSecond)).toFixed(0)} req/s`,
      ratio: `${spreadText(p95, ms)}`,
      target: `p95 ≤ ${GOALS.p95} ms`,
      met: failures === 0 && clears(p95, GOALS.p95, "most"),
    });
    runs.forEach((sizeRuns, i) =>
      rows.push({
        figure: `  curve: search on ${name}, ${sizeName(sizes[i])} models`,
        ours: `${median(sizeRuns.map((r) => r.requestsPerSecond)).toFixed(0)} req/s`,
        ratio: `p95 ${spreadText(spread(sizeRuns.map((r) => r.p95)), ms)}`,
        target: "report",
      }),
    );
  }
  return { rows, details };
}
