// The hub API under load: a 1 000 000-model catalogue built once with the hub's own synthetic
// generator and importer (cached in .data/bench/hub-1m, rebuilt when the generator changes), the hub
// server started on it in its own process, then autocannon against `GET /api/models/{id}` (random
// ids of the synthetic catalogue) and a search. p95 comes from every response's latency (autocannon's
// own summary has no p95).
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { DATA_DIR, OURS, ROOT } from "../lib/paths.mjs";
import { startHub } from "../lib/hub.mjs";
import { percentile } from "../lib/stats.mjs";

export const title = "hub API";

const MODELS = 1_000_000;
const SEED = 1;
const DURATION_S = 10;
const CONNECTIONS = 10;
const SEARCHES = [
  "coder",
  "vision-chat",
  "northwind",
  "quantized-xl",
  "tiny-v2",
  "sonic-labs/audio",
  "merged-long",
];

const dbDir = path.join(DATA_DIR, "hub-1m");
const marker = path.join(dbDir, "bench-catalogue.json");

function generatorHash() {
  return createHash("sha256")
    .update(readFileSync(path.join(ROOT, "apps/hub/dist/synthetic.js")))
    .digest("hex")
    .slice(0, 16);
}

export async function ensureCatalogue(log) {
  const want = { models: MODELS, seed: SEED, generator: generatorHash() };
  if (existsSync(marker)) {
    const have = JSON.parse(readFileSync(marker, "utf8"));
    if (have.models === want.models && have.seed === want.seed && have.generator === want.generator)
      return "cached";
  }
  rmSync(dbDir, { recursive: true, force: true });
  mkdirSync(dbDir, { recursive: true });
  const jsonl = path.join(DATA_DIR, "synthetic-1m.jsonl");
  log.push(`building the ${MODELS}-model catalogue (once; cached in ${path.relative(ROOT, dbDir)})`);
  const started = performance.now();
  const generator = spawn(
    process.execPath,
    [OURS.hubCli, "generate", "--count", String(MODELS), "--seed", String(SEED)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise((resolve) => generator.on("close", resolve));
  await pipeline(generator.stdout, createWriteStream(jsonl));
  const code = await exited;
  if (code !== 0) throw new Error(`hubkit-hub generate exited with code ${code}`);
  const imported = spawnSync(process.execPath, [OURS.hubCli, "import", jsonl, "--data-dir", dbDir], {
    encoding: "utf8",
  });
  rmSync(jsonl, { force: true });
  if (imported.status !== 0)
    throw new Error(`hub import failed (${imported.status}): ${imported.stderr.slice(-500)}`);
  log.push(
    `  ${imported.stdout.trim()} (${((performance.now() - started) / 1000).toFixed(0)} s with generation)`,
  );
  writeFileSync(marker, JSON.stringify(want));
  return "built";
}

/** Runs autocannon with a path chosen per request by `nextPath`; returns req/s and latency percentiles. */
function load(url, nextPath) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.average,
          total: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

export async function run() {
  if (!existsSync(OURS.hubCli)) {
    return { rows: [{ figure: "hub API", status: "skipped", note: "apps/hub is not built" }] };
  }
  const details = [];
  const source = await ensureCatalogue(details);
  const { syntheticModel } = await import(pathToFileURL(path.join(ROOT, "apps/hub/dist/synthetic.js")).href);
  const hub = await startHub(dbDir);
  details.push(`server: ${hub.banner} (catalogue ${source})`);
  try {
    // Check both routes answer before loading them.
    const sampleId = syntheticModel(123_456, SEED).id;
    for (const probe of [`/api/models/${sampleId}`, `/api/models?search=${SEARCHES[0]}&limit=20`]) {
      const response = await fetch(hub.url + probe);
      if (!response.ok) throw new Error(`GET ${probe} answered ${response.status}`);
      await response.arrayBuffer();
    }
    let n = 0;
    const byId = await load(hub.url, () => `/api/models/${syntheticModel((n++ * 7919) % MODELS, SEED).id}`);
    let s = 0;
    const search = await load(
      hub.url,
      () => `/api/models?search=${encodeURIComponent(SEARCHES[s++ % SEARCHES.length])}&limit=20`,
    );
    const describe = (r) => `${r.requestsPerSecond.toFixed(0)} req/s, p95 ${r.p95.toFixed(1)} ms`;
    for (const [name, r] of [
      ["by id", byId],
      ["search", search],
    ]) {
      details.push(
        `${name}: ${r.total} requests in ${DURATION_S} s over ${CONNECTIONS} connections; p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
    }
    details.push(`search terms (rotated): ${SEARCHES.join(", ")}; limit=20`);
    return {
      rows: [
        {
          figure: `hub API, GET /api/models/{id} (${MODELS / 1e6} M models)`,
          ours: describe(byId),
          reference: "—",
          ratio: "—",
          target: "report",
          met: byId.non2xx === 0 && byId.errors === 0 ? undefined : false,
        },
        {
          figure: "hub API, search (limit 20)",
          ours: describe(search),
          reference: "—",
          ratio: "—",
          target: "p95 ≤ 20 ms",
          met: search.p95 <= 20 && search.non2xx === 0 && search.errors === 0,
        },
      ],
      details,
    };
  } finally {
    await hub.stop();
  }
}
