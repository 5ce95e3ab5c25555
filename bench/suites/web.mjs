// The web app in Chromium: Largest Contentful Paint of each main route against a static copy of the
// same page (the HTML the hub rendered, without its scripts) served by the same hub server in the
// same run, and the JavaScript each route loads on a first visit (gzip -9 of every script Chromium
// fetched until the network was idle).
// Each load is a fresh browser context (empty cache); LCP is Chromium's own `largest-contentful-paint`
// entry, read once the page is idle. Each of RUNS loads of a route follows a load of its static copy,
// and the figure is the median of those per-pair ratios with its spread (after one warm-up load per
// page that is not counted). The hub server runs in its own process, offline, over a copy of
// apps/web/dist (+ dist-ssr) that holds the static copies in lcp-static/.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startServerProcess } from "../lib/hub.mjs";
import { BENCH_DIR, DATA_DIR, OURS } from "../lib/paths.mjs";
import { clears, kb, median, ms, spread, spreadText } from "../lib/stats.mjs";

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
const ROUTES = [
  "/",
  "/tasks",
  "/tasks/image-classification",
  "/models",
  "/models/meta-llama/Llama-3.3-70B-Instruct",
  "/models/black-forest-labs/FLUX.1-dev",
  "/libraries",
  "/playground",
];
// Issue 36's goals (issue 35 asked for ≤ 2× and 150 KB; the newer, stricter goals are the ones judged).
const LCP_RATIO_TARGET = 1.5;
const FIRST_LOAD_BUDGET = 130 * 1024;

/**
 * The baseline of a route: a static copy of the same page, the HTML the hub rendered for it with its
 * scripts and module preloads taken out (stylesheets kept), served by the same server as a file.
 * The ratio is then what the app's scripts, hydration and server rendering cost over the same content.
 */
function staticCopy(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "");
}

/** Where a route's static copy is served. */
const staticPath = (route) =>
  `/lcp-static/${route === "/" ? "home" : route.slice(1).replaceAll("/", "--")}.html`;

function startHub(dataDir, webDistDir) {
  return startServerProcess([path.join(BENCH_DIR, "workers/hub-web.mjs"), dataDir, webDistDir]);
}

/** One cold load: LCP (ms from navigation start) and the scripts fetched. */
async function load(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  // Names each LCP candidate's element when it is reported: hydration may replace the element later
  // (the model page's highlighted code does), and a detached element no longer says what it was.
  await page.addInitScript(() => {
    const names = (window.__lcpElements = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const node = entry.element;
        names.push(
          node
            ? node.tagName.toLowerCase() + (node.className ? `.${String(node.className).split(" ")[0]}` : "")
            : "?",
        );
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const scripts = new Set();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // A later, larger paint (after hydration) would replace the candidate: give it a moment.
  await page.waitForTimeout(300);
  const { lcp, element } = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const last = entries[entries.length - 1];
          resolve({ lcp: last.startTime, element: window.__lcpElements.at(-1) ?? "?" });
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve({ lcp: NaN, element: "none" }), 3000);
      }),
  );
  await context.close();
  return { lcp, element, scripts: [...scripts] };
}

export async function run() {
  const webDist = OURS.webDist;
  const ssrDist = path.join(webDist, "..", "dist-ssr");
  if (!existsSync(path.join(webDist, "index.html")) || !existsSync(OURS.hubCli)) {
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
  const build = mkdtempSync(path.join(tmpdir(), "hubkit-bench-web-"));
  const copy = path.join(build, "dist");
  cpSync(webDist, copy, { recursive: true });
  if (existsSync(ssrDist)) cpSync(ssrDist, path.join(build, "dist-ssr"), { recursive: true });
  const serverRendered = existsSync(path.join(build, "dist-ssr", "entry-server.js"));

  const hub = await startHub(path.join(DATA_DIR, "hub-web"), copy);
  mkdirSync(path.join(copy, "lcp-static"), { recursive: true });
  for (const route of ROUTES) {
    const answer = await fetch(hub.url + route);
    writeFileSync(path.join(copy, staticPath(route).slice(1)), staticCopy(await answer.text()));
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const targets = [...ROUTES.map(staticPath), ...ROUTES];
    const lcps = new Map(targets.map((target) => [target, []]));
    // Per route, the ratio of each of its loads to the load of its static copy just before it: a
    // slow moment of the machine falls on both halves of a pair, so the per-pair ratios stay comparable.
    const pairRatios = new Map(ROUTES.map((route) => [route, []]));
    const scripts = new Map();
    const elements = new Map();
    for (const target of targets) await load(browser, hub.url + target); // warm-up (server, OS cache)
    for (let i = 0; i < RUNS; i++) {
      for (const route of ROUTES) {
        const before = await load(browser, hub.url + staticPath(route));
        const result = await load(browser, hub.url + route);
        lcps.get(staticPath(route)).push(before.lcp);
        lcps.get(route).push(result.lcp);
        pairRatios.get(route).push(result.lcp / before.lcp);
        scripts.set(route, result.scripts);
        elements.set(route, result.element);
      }
    }
    const gz = (urlPath) => {
      const file = path.join(copy, urlPath);
      return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
    };
    const rows = [];
    const details = [
      `pages ${serverRendered ? "rendered by the hub server (dist-ssr present)" : "rendered in the browser (no dist-ssr)"}; ${RUNS} cold loads of each route at 1440×900, each right after a cold load of its static copy (the same HTML without scripts, from the same server); ratio = median of the per-pair ratios, met when its IQR is ≤ the goal`,
    ];
    for (const route of ROUTES) {
      const lcp = median(lcps.get(route));
      const staticLcp = median(lcps.get(staticPath(route)));
      const ratios = spread(pairRatios.get(route));
      rows.push({
        figure: `web app, LCP of ${route} vs its static copy (same server)`,
        ours: ms(lcp),
        reference: ms(staticLcp),
        ratio: spreadText(ratios),
        target: `≤ ${LCP_RATIO_TARGET}x`,
        met: clears(ratios, LCP_RATIO_TARGET, "most"),
      });
      details.push(
        `${route}: LCP runs ${lcps
          .get(route)
          .map((v) => v.toFixed(0))
          .join(", ")} ms (LCP element: ${elements.get(route)}); static copy ${lcps
          .get(staticPath(route))
          .map((v) => v.toFixed(0))
          .join(", ")} ms`,
      );
    }
    for (const route of ROUTES) {
      const files = [...new Set(scripts.get(route))].sort();
      const total = files.reduce((sum, file) => sum + gz(file), 0);
      rows.push({
        figure: `web app, first-load JS of ${route} (gz)`,
        ours: kb(total),
        reference: "—",
        ratio: "—",
        target: "≤ 130 KB",
        met: total <= FIRST_LOAD_BUDGET,
      });
      details.push(`${route} scripts: ${files.map((file) => `${file} ${kb(gz(file))}`).join(", ")}`);
    }
    return { rows, details };
  } finally {
    await browser.close();
    await hub.stop();
    rmSync(build, { recursive: true, force: true });
  }
}
