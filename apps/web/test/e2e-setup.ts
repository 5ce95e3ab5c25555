// Shared setup of the browser end-to-end tests: the real hub server (offline: the provider emulator
// answers inference) serving the built app, headless Chromium, light and dark screenshots, and the
// axe accessibility check.
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { HubServer, startHubServer } from "@hubkit/hub";
import type { Browser, Page } from "playwright-core";
import { afterEach, beforeEach } from "vitest";
import { launchChromium, repoRoot, startOfflineHub } from "../scripts/hub-browser.mjs";

export { overflowing, repoRoot, webDist } from "../scripts/hub-browser.mjs";
export const screenshotDir = path.join(repoRoot, "screenshots");

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface E2E {
  hub: HubServer;
  browser: Browser;
  /** the hub's data folder, removed on close */
  dataDir: string;
  close(): Promise<void>;
}

/** Starts the hub (offline, with any extra options) on a free port and Chromium. */
export async function startE2E(hubOptions: Parameters<typeof startHubServer>[0] = {}): Promise<E2E> {
  const started = await startOfflineHub(hubOptions);
  const browser = await launchChromium();
  mkdirSync(screenshotDir, { recursive: true });
  return {
    hub: started.hub,
    browser,
    dataDir: started.dataDir,
    async close() {
      await browser.close();
      await started.close();
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

/** What the pages of a test file said: uncaught errors (the file fails on any) and the current test's diagnostics. */
export interface PageLog {
  pageErrors: string[];
  /** console lines and failed responses of the current test, printed when it fails */
  diagnostics: string[];
}

/** A page log whose diagnostics are cleared before each test and printed after a failed one. */
export function pageLog(): PageLog {
  const log: PageLog = { pageErrors: [], diagnostics: [] };
  beforeEach(() => {
    log.diagnostics = [];
  });
  afterEach((context) => {
    if (context.task.result?.state === "fail" && log.diagnostics.length > 0) {
      console.log(`Browser diagnostics of "${context.task.name}":\n${log.diagnostics.join("\n")}`);
    }
  });
  return log;
}

/** Records `page`'s uncaught errors (as "{label}: message"), console lines and failed responses in `log`. */
export function watchPage(page: Page, label: string, log: PageLog): void {
  page.on("pageerror", (error) => log.pageErrors.push(`${label}: ${error.message}`));
  page.on("console", (message) => log.diagnostics.push(`console ${message.type()}: ${message.text()}`));
  page.on("response", (response) => {
    if (response.status() >= 400) log.diagnostics.push(`HTTP ${response.status()} ${response.url()}`);
  });
}
