// Screenshot checks of every route: starts the hub (offline) on the built app, opens each route in a
// fresh browser context at desktop (1440×900) and phone (390×844) size, saves a full-page PNG to
// .data/screenshots/{route}-{desktop|phone}.png and checks that
//   - the page answers HTTP 200 (404 for the routes that must be missing),
//   - nothing sticks out past the right edge of the phone's screen,
//   - the browser logs no console error and throws no uncaught error,
//   - the browser reported a largest-contentful-paint element.
// Prints one row per route and size; exits 1 when any check fails.
// Run after `npm run build` (the hub's dist and the web app's dist):
//   npm run screenshots [-- /path …]
import { mkdirSync } from "node:fs";
import path from "node:path";
import { launchChromium, overflowing, repoRoot, startOfflineHub } from "./hub-browser.mjs";

const CHAT_MODEL = "meta-llama/Llama-3.3-70B-Instruct";
/** Every route of src/routes.tsx with a page in the offline catalogue: each must answer HTTP 200. */
const PAGES = [
  "/",
  "/tasks",
  "/tasks/image-classification",
  "/models",
  "/models?pipeline_tag=text-to-image",
  "/meta-llama",
  `/models/${CHAT_MODEL}`,
  "/black-forest-labs/FLUX.1-dev",
  "/libraries",
  "/libraries/transformers",
  "/playground",
  "/playground?mode=image",
  "/playground?mode=compare",
  "/usage",
  "/settings",
];
/** An unknown address and a missing model: HTTP 404 with the not-found page. */
const MISSING = ["/no/such/page", "/no-such-org/no-such-model"];
/** Console errors a page logs by design, by route. */
const EXPECTED_CONSOLE = {
  // Signed out, the page asks for the provider keys and, refused (HTTP 401), shows "not found": the
  // browser logs that refusal as a failed resource.
  "/settings": /status of 401/,
};
const ROUTES = [
  ...PAGES.map((route) => ({ path: route, status: 200 })),
  ...MISSING.map((route) => ({ path: route, status: 404 })),
];
const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
};
const outDir = path.join(repoRoot, ".data/screenshots");

/** A file name for a route: its path and query as words. */
const slug = (route) =>
  route
    .replace(/^\//, "")
    .replace(/[^a-zA-Z0-9.-]+/g, "_")
    .replace(/^_+|_+$/g, "") || "home";

/**
 * Runs in the page before its scripts: keeps the latest largest-contentful-paint entry and names its
 * element while it is in the document (an entry's `element` is null once the element is removed).
 */
function recordLcp() {
  new PerformanceObserver((list) => {
    const entry = list.getEntries().at(-1);
    const element = entry?.element;
    window.hubkitLcp = {
      entry,
      name: element ? `${element.tagName.toLowerCase()}.${element.className}` : "?",
    };
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

/**
 * The page's largest-contentful-paint element as `tag.class`, or undefined when the browser reported
 * none. `(replaced) tag.class`: it has left the document since it was painted (a loading note, or
 * server HTML a lazy part replaced once loaded), which the table shows but does not fail.
 */
function lcpElement(page) {
  return page.evaluate(() => {
    const lcp = window.hubkitLcp;
    if (!lcp) return undefined;
    return lcp.entry.element?.isConnected ? lcp.name : `(replaced) ${lcp.name}`;
  });
}

/** Opens `route` at `viewport`, saves its screenshot and returns what each check found. */
async function check(browser, hubUrl, route, size) {
  const context = await browser.newContext({ viewport: VIEWPORTS[size] });
  const page = await context.newPage();
  await page.addInitScript(recordLcp);
  const errors = [];
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // The browser reports the page's own expected 404 as a failed resource: that is the check above.
    const own = message.location().url === hubUrl + route.path && route.status === 404;
    if (!own && !EXPECTED_CONSOLE[route.path]?.test(message.text())) errors.push(message.text());
  });
  try {
    const response = await page.goto(hubUrl + route.path);
    // Hydrated (the header's mode badge is rendered by an effect), the data loaded, animations over.
    await page.getByTestId("mode-badge").waitFor();
    await page.waitForLoadState("networkidle");
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    const file = path.join(outDir, `${slug(route.path)}-${size}.png`);
    await page.screenshot({ path: file, fullPage: true });
    const status = response?.status();
    const overflow = size === "phone" ? await overflowing(page, VIEWPORTS.phone.width) : [];
    const lcp = await lcpElement(page);
    const failures = [
      ...(status === route.status ? [] : [`HTTP ${status}, expected ${route.status}`]),
      ...overflow.map((element) => `overflows: ${element}`),
      ...errors.map((error) => `console: ${error}`),
      ...(lcp ? [] : ["no LCP element"]),
    ];
    return {
      route: route.path,
      size,
      status,
      overflow: overflow.length,
      errors: errors.length,
      lcp,
      failures,
      file,
    };
  } catch (error) {
    return { route: route.path, size, failures: [`${error.message.split("\n")[0]}`] };
  } finally {
    await context.close();
  }
}

function printTable(rows) {
  const columns = [
    ["route", (row) => row.route],
    ["size", (row) => row.size],
    ["HTTP", (row) => String(row.status ?? "-")],
    ["overflow", (row) => String(row.overflow ?? "-")],
    ["errors", (row) => String(row.errors ?? "-")],
    ["LCP element", (row) => (row.lcp ?? "-").slice(0, 40)],
    ["result", (row) => (row.failures.length === 0 ? "ok" : "FAIL")],
  ];
  const cells = rows.map((row) => columns.map(([, cell]) => cell(row)));
  const widths = columns.map(([title], index) =>
    Math.max(title.length, ...cells.map((line) => line[index].length)),
  );
  const line = (values) =>
    values
      .map((value, index) => value.padEnd(widths[index]))
      .join("  ")
      .trimEnd();
  console.log(line(columns.map(([title]) => title)));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const values of cells) console.log(line(values));
}

const wanted = process.argv.slice(2);
const routes = wanted.length
  ? wanted.map((route) => ROUTES.find((known) => known.path === route) ?? { path: route, status: 200 })
  : ROUTES;
mkdirSync(outDir, { recursive: true });
const started = await startOfflineHub({}, "hubkit-screenshots-");
const browser = await launchChromium();
const rows = [];
try {
  for (const route of routes) {
    for (const size of Object.keys(VIEWPORTS)) rows.push(await check(browser, started.hub.url, route, size));
  }
} finally {
  await browser.close();
  await started.close();
}
printTable(rows);
const failed = rows.filter((row) => row.failures.length > 0);
for (const row of failed) console.log(`\n${row.route} (${row.size}):\n  ${row.failures.join("\n  ")}`);
console.log(
  `\n${rows.length - failed.length}/${rows.length} passed; screenshots in ${path.relative(process.cwd(), outDir) || "."}`,
);
process.exit(failed.length > 0 ? 1 : 0);
