// The hub and browser every browser check of the web app runs on: the end-to-end tests
// (test/e2e-setup.ts), the first-load measure and the screenshot checks (scripts/). Plain JavaScript,
// so the scripts run with node alone; the types are in hub-browser.d.mts.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
export const webDist = path.join(repoRoot, "apps/web/dist");

/** Throws unless the web app (and the hub it runs on) are built. */
export function checkBuilt() {
  if (!existsSync(path.join(webDist, "index.html"))) {
    throw new Error("apps/web/dist is missing: run `npm run build --workspace @hubkit/web` first");
  }
}

/**
 * The hub server, offline (the provider emulator answers inference), serving the built app on a free
 * port of 127.0.0.1 from a fresh data folder, which `close` removes. Options override the defaults.
 */
export async function startOfflineHub(hubOptions = {}, prefix = "hubkit-web-e2e-") {
  checkBuilt();
  const { startHubServer } = await import("@hubkit/hub");
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const hub = await startHubServer({
    host: "127.0.0.1",
    port: 0,
    dataDir,
    webDistDir: webDist,
    mode: "offline",
    ...hubOptions,
  });
  return {
    hub,
    dataDir,
    async close() {
      await hub.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium (the system's), as every browser check runs it. */
export async function launchChromium() {
  const { chromium } = await import("playwright-core");
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // WebGL (the 3D viewer) on the CPU: without a GPU, Chromium only offers it with this flag.
      "--enable-unsafe-swiftshader",
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
}

/** Elements sticking out past the right edge of a `width`-px viewport (visible ones only). */
export function overflowing(page, width) {
  return page.evaluate(
    (limit) =>
      [...document.querySelectorAll("body *")]
        .filter(
          (element) =>
            element.getBoundingClientRect().right > limit + 1 &&
            element.checkVisibility({ visibilityProperty: true }) &&
            // inside a scrolling box (tables, code) is not page overflow
            !element.parentElement?.closest(".table-wrap, pre, .code-block"),
        )
        .map((element) => `${element.tagName}.${element.className}: ${element.textContent?.slice(0, 40)}`)
        .slice(0, 5),
    width,
  );
}
