// The web app: JavaScript a first visit to the tasks page downloads (each file gzipped at level 9,
// as recorded by the browser), and the time Chromium takes to show that page: from navigation to the
// first task card being visible, in a fresh browser context (empty cache) each run; median of runs.
// The hub server serves apps/web/dist on a small catalogue of its own in .data/bench/hub-web.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startHub } from "../lib/hub.mjs";
import { DATA_DIR, OURS } from "../lib/paths.mjs";
import { kb, median, ms } from "../lib/stats.mjs";

export const title = "web app";

const RUNS = 7;
const CHROMIUM = "/usr/bin/chromium";
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** gzip size of a built asset, read from apps/web/dist. */
function gzippedAsset(urlPath) {
  const file = path.join(OURS.webDist, urlPath);
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : NaN;
}

export async function run() {
  if (!existsSync(path.join(OURS.webDist, "index.html")) || !existsSync(OURS.hubCli)) {
    return { rows: [{ figure: "web app", status: "skipped", note: "apps/web or apps/hub is not built" }] };
  }
  if (!existsSync(CHROMIUM)) {
    return {
      rows: [
        { figure: "web app", status: "skipped", note: `${CHROMIUM} is missing (apt-get install chromium)` },
      ],
    };
  }
  const { chromium } = await import("playwright-core");
  const hub = await startHub(path.join(DATA_DIR, "hub-web"));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const times = [];
    let scripts = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const loaded = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") loaded.push(new URL(response.url()).pathname);
      });
      const started = performance.now();
      await page.goto(`${hub.url}/tasks`, { waitUntil: "commit" });
      await page.locator(".task-card").first().waitFor({ state: "visible", timeout: 30_000 });
      const elapsed = performance.now() - started;
      if (i > 0) times.push(elapsed); // the first run warms the server and the OS file cache
      scripts = loaded;
      await context.close();
    }
    const unique = [...new Set(scripts)].sort();
    const sizes = unique.map((urlPath) => ({ urlPath, gz: gzippedAsset(urlPath) }));
    const total = sizes.reduce((sum, s) => sum + s.gz, 0);
    const indexHtml = readFileSync(path.join(OURS.webDist, "index.html"), "utf8");
    const entry = [...indexHtml.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)].map((m) => m[1]);
    const entryTotal = entry.reduce((sum, urlPath) => sum + gzippedAsset(urlPath), 0);
    return {
      rows: [
        {
          figure: "web app, first-load JS of /tasks (gz)",
          ours: kb(total),
          reference: "—",
          ratio: "—",
          target: "≤ 150 KB",
          met: total <= 150 * 1024,
        },
        {
          figure: "web app, time to show /tasks in Chromium",
          ours: ms(median(times)),
          reference: "—",
          ratio: "—",
          target: "report",
        },
      ],
      details: [
        `scripts loaded for /tasks (gzip -9 each): ${sizes.map((s) => `${s.urlPath} ${kb(s.gz)}`).join(", ")}`,
        `index.html alone references ${entry.join(", ")}: ${kb(entryTotal)} gz`,
        `time to the first visible task card, fresh context each run (ms): ${times.map((t) => t.toFixed(0)).join(", ")}`,
      ],
    };
  } finally {
    await browser.close();
    await hub.stop();
  }
}
