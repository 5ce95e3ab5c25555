// First-load JavaScript of the main routes: each page is opened in a fresh browser context (empty
// cache) on a hub server serving apps/web/dist; every .js file the page fetches until the network is
// idle is counted at its gzip -9 size (what the hub's compression sends, within a few bytes).
// Run after `npx tsc -b` and `npm run build --workspace @hubkit/web`:
//   node apps/web/scripts/measure-first-load.mjs [/path …]
// It also fails (exit 1) when a model page loads a chunk holding the library registry.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launchChromium, repoRoot, startOfflineHub, webDist } from "./hub-browser.mjs";

const hubEntry = path.join(repoRoot, "apps/hub/dist/index.js");
const BUDGET_KB = 150;
/** Text only the library registry's chunk holds: a snippet generator's import line and a registry key. */
const REGISTRY_MARKERS = ["from diffusers import", "MODEL_LIBRARIES_UI_ELEMENTS", "displayOnModelPage"];

const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      "/",
      "/tasks",
      "/models/meta-llama/Llama-3.3-70B-Instruct",
      "/models/black-forest-labs/FLUX.1-dev",
      "/playground",
      "/libraries",
    ];

for (const file of [path.join(webDist, "index.html"), hubEntry]) {
  if (!existsSync(file)) {
    console.error(
      `${file} is missing: run \`npx tsc -b\` and \`npm run build --workspace @hubkit/web\` first`,
    );
    process.exit(2);
  }
}

const started = await startOfflineHub({}, "hubkit-first-load-");
const hub = started.hub;
const browser = await launchChromium();
let failed = false;
try {
  for (const route of routes) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set();
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith(".js")) scripts.add(pathname);
    });
    await page.goto(hub.url + route, { waitUntil: "networkidle" });
    await page.locator("main h1").first().waitFor();
    await page.waitForLoadState("networkidle");
    const rows = [...scripts].sort().map((urlPath) => {
      const bytes = readFileSync(path.join(webDist, urlPath));
      const text = bytes.toString("utf8");
      return {
        urlPath,
        gz: gzipSync(bytes, { level: 9 }).length,
        registry: REGISTRY_MARKERS.some((marker) => text.includes(marker)),
      };
    });
    const total = rows.reduce((sum, row) => sum + row.gz, 0);
    const registry = rows.filter((row) => row.registry).map((row) => row.urlPath);
    const over = total > BUDGET_KB * 1024;
    if (over || (route.startsWith("/models/") && registry.length > 0)) failed = true;
    console.log(
      `${route}: ${(total / 1024).toFixed(1)} KB gz (${total} B) in ${rows.length} scripts${over ? ` (over ${BUDGET_KB} KB)` : ""}` +
        (registry.length ? `; registry in ${registry.join(", ")}` : "; no registry chunk"),
    );
    for (const row of rows) console.log(`    ${(row.gz / 1024).toFixed(1).padStart(6)} KB  ${row.urlPath}`);
    await context.close();
  }
} finally {
  await browser.close();
  await started.close();
}
process.exit(failed ? 1 : 0);
