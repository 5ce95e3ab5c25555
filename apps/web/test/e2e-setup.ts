// Shared setup of the browser end-to-end tests: the real hub server (offline: the provider emulator
// answers inference) serving the built app, headless Chromium, light and dark screenshots, and the
// axe accessibility check.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startHubServer, type HubServer } from "@hubkit/hub";
import { chromium, type Browser, type Page } from "playwright-core";

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
export const webDist = path.join(repoRoot, "apps/web/dist");
export const screenshotDir = path.join(repoRoot, "screenshots");

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface E2E {
  hub: HubServer;
  browser: Browser;
  close(): Promise<void>;
}

/** Starts the hub (offline, with any extra options) on a free port and Chromium. */
export async function startE2E(hubOptions: Parameters<typeof startHubServer>[0] = {}): Promise<E2E> {
  if (!existsSync(path.join(webDist, "index.html"))) {
    throw new Error("apps/web/dist is missing: run `npm run build --workspace @hubkit/web` first");
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-web-e2e-"));
  const hub = await startHubServer({
    host: "127.0.0.1",
    port: 0,
    dataDir,
    webDistDir: webDist,
    mode: "offline",
    ...hubOptions,
  });
  const browser = await chromium.launch({
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
  mkdirSync(screenshotDir, { recursive: true });
  return {
    hub,
    browser,
    async close() {
      await browser.close();
      await hub.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the page has hydrated (the mode badge comes from a client-side request). */
export async function hydrated(page: Page): Promise<void> {
  await page.getByTestId("mode-badge").waitFor();
}

/** Waits until no animation or transition runs on the page, then for two painted frames. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Switches the system colour scheme and waits until the page shows it: the app's theme (its
 * `data-theme`, set after the media query's change event reaches React) is the scheme, unless the
 * reader chose one with the toggle, and the theme's transitions have ended.
 */
export async function showScheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (wanted) =>
      !document.documentElement.dataset.theme ||
      document.documentElement.dataset.theme === wanted ||
      localStorage.getItem("hubkit-theme") !== null,
    scheme,
  );
  await settled(page);
}

/** Screenshots in the light and the dark theme, named `{name}-{light|dark}.png`. */
export async function screenshots(page: Page, name: string, fullPage = true): Promise<string[]> {
  const files: string[] = [];
  for (const scheme of ["light", "dark"] as const) {
    await showScheme(page, scheme);
    const file = path.join(screenshotDir, `${name}-${scheme}.png`);
    await page.screenshot({ path: file, fullPage });
    files.push(file);
  }
  await page.emulateMedia({ colorScheme: "light" });
  return files;
}

/** Elements sticking out past the right edge of a `width`-px viewport (visible ones only). */
export function overflowing(page: Page, width: number): Promise<string[]> {
  return page.evaluate(
    (limit) =>
      [...document.querySelectorAll<HTMLElement>("body *")]
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

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's WCAG 2 A/AA violations of serious or critical impact, as "rule: target" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not block.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }
    ).axe;
    interface AxeResults {
      violations: { id: string; impact?: string; nodes: { target: unknown[] }[] }[];
    }
    const results = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      // Details of passing checks are not needed: leaving them out makes each run much faster.
      resultTypes: ["violations"],
    });
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .flatMap((violation) =>
        violation.nodes.slice(0, 3).map((node) => `${violation.id}: ${JSON.stringify(node.target)}`),
      );
  });
}
