// Measures request latency of the main hub routes against the compiled server (run `npx tsc -b` first):
//   node apps/hub/scripts/measure-latency.mjs [--requests 200]
// Starts a server on 127.0.0.1:0 with a temporary data dir, sends sequential requests per route and
// prints p50/p95/max in milliseconds as a Markdown table.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startHubServer } from "../dist/index.js";

const countArg = process.argv.indexOf("--requests");
const requests = countArg > 0 ? Number(process.argv[countArg + 1]) : 200;
const routes = [
  "/api/models?limit=20",
  "/api/models?search=llama&limit=20",
  "/api/models?pipeline_tag=text-to-image&sort=likes&limit=50",
  "/api/models?filter=conversational&filter=license:apache-2.0&limit=20",
  "/api/models/meta-llama/Llama-3.3-70B-Instruct",
  "/api/models/black-forest-labs/FLUX.1-dev?expand[]=inferenceProviderMapping",
  "/api/tasks",
  "/api/libraries",
  "/api/hubkit/config",
];

const dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-hub-latency-"));
const server = await startHubServer({ port: 0, dataDir, hfToken: "" });
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
try {
  console.log(
    `${server.store.count()} models, ${requests} sequential requests per route, node ${process.version}\n`,
  );
  console.log("| route | p50 ms | p95 ms | max ms |\n|---|---|---|---|");
  for (const route of routes) {
    for (let i = 0; i < 10; i++) await (await fetch(server.url + route)).arrayBuffer(); // warm-up
    const times = [];
    for (let i = 0; i < requests; i++) {
      const start = performance.now();
      const res = await fetch(server.url + route);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${route} answered ${res.status}`);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const fmt = (value) => value.toFixed(2);
    console.log(
      `| \`${route}\` | ${fmt(percentile(times, 50))} | ${fmt(percentile(times, 95))} | ${fmt(times.at(-1))} |`,
    );
  }
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
