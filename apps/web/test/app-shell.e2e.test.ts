// End-to-end checks of the server rendering and the app shell, in headless Chromium against the real
// hub server (offline): the HTML of every page carries its content before any script runs, hydration
// is clean, titles and focus follow client navigation, missing pages are HTTP 404 with a readable
// page, the header search suggests models, tasks and libraries, the phone header is compact with a
// menu, and a page left open across a redeploy reloads instead of failing. Screenshots at 1440×900
// and 390×844, light and dark, go to screenshots/shell-*.png.
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { startHubServer, type HubServer } from "@hubkit/hub";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, repoRoot, screenshots, settled, startE2E, webDist, type E2E } from "./e2e-setup.js";

const webSsr = path.join(repoRoot, "apps/web/dist-ssr");
const CHAT_MODEL = "meta-llama/Llama-3.3-70B-Instruct";

/** Each route, a text its server-rendered HTML must hold, and the title it must have. */
const ROUTES = [
  { path: "/", text: "Find a model, copy code that runs", title: "hubkit: models, tasks and libraries" },
  { path: "/tasks", text: "Image Classification", title: "Tasks · hubkit" },
  {
    path: "/tasks/image-classification",
    text: "Image Classification",
    title: "Image Classification · hubkit",
  },
  { path: "/models", text: CHAT_MODEL, title: "Models · hubkit" },
  { path: `/models/${CHAT_MODEL}`, text: "Use this model", title: `${CHAT_MODEL} · hubkit` },
  { path: "/libraries", text: 'class="card library-card"', title: "Libraries · hubkit" },
  { path: "/playground", text: "Playground", title: "Playground · hubkit" },
];

let e2e: E2E;
let hub: HubServer;
let browser: Browser;
/** the redeploy test's copy of the build and its hub's data */
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-shell-e2e-"));
  e2e = await startE2E();
  ({ hub, browser } = e2e);
});

afterAll(async () => {
  await e2e?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A page in a fresh context, with its console errors and uncaught errors collected. */
async function openPage(
  url: string,
  options: {
    viewport?: { width: number; height: number };
    javaScript?: boolean;
    /** runs in the page before any of its scripts */
    initScript?: () => void;
  } = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1440, height: 900 },
    javaScriptEnabled: options.javaScript ?? true,
  });
  const page = await context.newPage();
  if (options.initScript) await page.addInitScript(options.initScript);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      errors.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  await page.goto(url);
  return { page, context, errors };
}

/** Screenshots of the viewport, light and dark, named `shell-{name}-{light|dark}.png`. */
const shots = (page: Page, name: string) => screenshots(page, `shell-${name}`, false);

// Each test loads several pages in fresh browser contexts: more than the suite's default 30 s on a busy machine.
describe("server rendering and the app shell", { timeout: 120_000 }, () => {
  it("the server's HTML holds each page's content, title and hydration state before any script runs", async () => {
    for (const route of ROUTES) {
      const response = await fetch(hub.url + route.path);
      expect(response.status, route.path).toBe(200);
      const html = await response.text();
      const root = html.slice(
        html.indexOf('<div id="root">'),
        html.indexOf('<script type="application/json"'),
      );
      expect(root, route.path).toContain(route.text);
      expect(html, route.path).toContain(`<title>${route.title.replace(/&/g, "&amp;")}</title>`);
      expect(html, route.path).toMatch(
        /<script type="application\/json" id="hubkit-hydration">\{"loaderData"/,
      );
    }
    // The model page's "Use this model" snippet is in the HTML, and its route chunk is listed for
    // boot.ts to preload after the first paint (not fetched from the <head>, where it competed with
    // the stylesheet).
    const html = await (await fetch(`${hub.url}/models/${CHAT_MODEL}`)).text();
    expect(html).toMatch(
      /<script type="application\/json" id="hubkit-modules">\[[^\]]*"\/assets\/model-[^"]+\.js"/,
    );
    expect(html).not.toContain('rel="modulepreload"');
    // The theme script is inline (allowed by its hash in the CSP), so the parser waits for no file.
    expect(html).not.toContain("theme-init.js");
    expect(html).toContain('class="hljs"');
    // With JavaScript off, Chromium shows the page all the same.
    const { page, context } = await openPage(`${hub.url}/tasks`, { javaScript: false });
    expect(await page.locator("main h1").textContent()).toBe("Tasks");
    expect(await page.locator(".task-card").count()).toBeGreaterThan(20);
    await context.close();
  });

  it("hydration of every page is clean: no console error or warning, no uncaught error", async () => {
    for (const route of ROUTES) {
      const { page, context, errors } = await openPage(hub.url + route.path);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      expect(await page.title(), route.path).toBe(route.title);
      expect(errors, route.path).toEqual([]);
      await context.close();
    }
  });

  it("the app's chunks are requested only once the page's first contentful frame is on screen", async () => {
    for (const route of ["/tasks", `/models/${CHAT_MODEL}`]) {
      const { page, context, errors } = await openPage(hub.url + route);
      await hydrated(page);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        chunks: performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/main-[^/]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(timing.paint, route).toBeGreaterThan(0);
      expect(timing.chunks.length, route).toBe(1);
      expect(timing.chunks[0], route).toBeGreaterThanOrEqual(timing.paint!);
      expect(errors, route).toEqual([]);
      await context.close();
    }
  });

  it("a browser that never reports the first paint still gets the app, a few seconds later", async () => {
    const { page, context, errors } = await openPage(`${hub.url}/tasks`, {
      // No paint entries for anyone: boot.ts's observer never fires.
      initScript: () => {
        const observe = PerformanceObserver.prototype.observe;
        PerformanceObserver.prototype.observe = function (this: PerformanceObserver, options) {
          if (options?.type !== "paint") observe.call(this, options);
        };
      },
    });
    const started = Date.now();
    await page.getByTestId("mode-badge").waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThan(1_000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("client navigation changes the title and moves focus to the new page's heading", async () => {
    const { page, context, errors } = await openPage(`${hub.url}/`);
    await hydrated(page);
    expect(await page.title()).toBe("hubkit: models, tasks and libraries");
    const marker = await page.evaluate(() => ((window as { e2eMarker?: number }).e2eMarker = Math.random()));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tasks" }).click();
    await expect.poll(() => page.title()).toBe("Tasks · hubkit");
    await expect
      .poll(() =>
        page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`),
      )
      .toBe("H1 Tasks");
    await page.locator('a.task-card[href="/tasks/image-classification"]').click();
    await expect.poll(() => page.title()).toBe("Image Classification · hubkit");
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Image Classification");
    // All of it without a page load.
    expect(await page.evaluate(() => (window as { e2eMarker?: number }).e2eMarker)).toBe(marker);
    // Typing in a page's own search (a search-parameter change) leaves focus where it is.
    await page.goBack();
    await expect.poll(() => page.title()).toBe("Tasks · hubkit");
    await page.getByLabel("Search tasks").fill("segment");
    // the search-parameter change has gone through the router (the URL holds it) before focus is read
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("segment");
    await settled(page);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("task-search");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a missing page, task, model or library is an HTTP 404 in one design, with details and no Retry", async () => {
    for (const [pathname, heading, named] of [
      ["/no-such-page", "This page was not found", ""],
      ["/no/such/page", "This page was not found", ""],
      ["/tasks/not-a-task", "This task was not found", "not-a-task"],
      ["/models/nobody/nothing-here", "This model was not found", "nobody/nothing-here"],
      ["/libraries/no-such-library", "This library was not found", "no-such-library"],
    ]) {
      const response = await fetch(hub.url + pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/html");
      const { page, context, errors } = await openPage(hub.url + pathname);
      await hydrated(page);
      // "/no-such-page" is huggingface.co's /{author} path: no such author is a 404 like the others.
      expect(await page.locator("main h1").textContent()).toBe(heading);
      expect(await page.title()).toBe("Not found · hubkit");
      if (named) {
        expect(await page.getByRole("alert").textContent()).toContain(named);
        // The error class and the hub's own message only behind "Details".
        const main = page.locator("main");
        expect(await main.innerText()).not.toContain("HubApiError");
        await page.getByText("Details").click();
        expect(await main.innerText()).toContain("HubApiError");
        expect(await main.innerText()).toContain("404");
      }
      // One design for every 404 (the catch-all route and a loader's): its marker and links, no Retry
      // (asking again could only find nothing again).
      expect(await page.locator("main .not-found .error-code").innerText()).toContain("404");
      await page.locator("main").getByRole("link", { name: "Browse models" }).waitFor();
      expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);
      if (pathname === "/models/nobody/nothing-here") {
        await shots(page, "model-not-found");
        await page.setViewportSize({ width: 390, height: 844 });
        await shots(page, "model-not-found-phone");
      }
      expect(errors.filter((line) => !line.includes("404"))).toEqual([]);
      await context.close();
    }
  });

  it("header search suggests models, tasks and libraries; keys and clicks open them", async () => {
    const { page, context, errors } = await openPage(`${hub.url}/`);
    await hydrated(page);
    const search = page.getByRole("combobox", { name: "Search hubkit" });
    await search.fill("llama");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await list.getByRole("option", { name: new RegExp(CHAT_MODEL) }).waitFor();
    expect(await search.getAttribute("aria-expanded")).toBe("true");
    await shots(page, "search");
    // Arrow keys move through the options (aria-activedescendant), Enter opens the active one.
    const options = await list.getByRole("option").allTextContents();
    const index = options.findIndex((text) => text.includes(CHAT_MODEL));
    for (let i = 0; i <= index; i++) await search.press("ArrowDown");
    const active = await search.getAttribute("aria-activedescendant");
    expect(await page.locator(`[id="${active}"]`).textContent()).toContain(CHAT_MODEL);
    await search.press("Enter");
    // A model page can take a few seconds to load on a busy 2-core host (the default poll waits 1 s).
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(`${CHAT_MODEL} · hubkit`);
    expect(new URL(page.url()).pathname).toBe(`/models/${CHAT_MODEL}`);

    await search.fill("image class");
    await list.getByRole("option", { name: /Task\s*Image Classification/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/tasks/image-classification");

    await search.fill("diffusers");
    await list.getByRole("option", { name: /Library\s*Diffusers/ }).click();
    // A library opens its page.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/libraries/diffusers");
    await page.locator("main h1", { hasText: "Diffusers" }).waitFor();

    // Escape closes the list; Enter without a suggestion searches the models.
    await search.fill("qwen");
    await list.getByRole("option").first().waitFor();
    await search.press("Escape");
    expect(await search.getAttribute("aria-expanded")).toBe("false");
    await search.press("Enter");
    await expect.poll(() => page.url()).toBe(`${hub.url}/models?q=qwen`);
    await expect.poll(() => page.locator(".model-card").count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the phone header is compact, with the navigation and search behind a menu", async () => {
    const { page, context, errors } = await openPage(`${hub.url}/models/${CHAT_MODEL}`, {
      viewport: { width: 390, height: 844 },
    });
    await hydrated(page);
    const header = await page.locator(".site-header").boundingBox();
    expect(header!.height).toBeLessThanOrEqual(64);
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.isVisible()).toBe(false);
    await shots(page, "model-phone");
    const menu = page.getByRole("button", { name: "Open menu" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await menu.click();
    expect(await page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    expect(await nav.isVisible()).toBe(true);
    expect(await page.getByRole("combobox", { name: "Search hubkit" }).isVisible()).toBe(true);
    await shots(page, "menu-phone");
    await nav.getByRole("link", { name: "Libraries" }).click();
    await expect.poll(() => page.title()).toBe("Libraries · hubkit");
    expect(await nav.isVisible()).toBe(false);
    // Every page fits the phone's width.
    for (const pathname of ["/", "/tasks", "/libraries", "/playground"]) {
      await page.goto(hub.url + pathname);
      await hydrated(page);
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("body *")]
          .filter(
            (element) =>
              element.getBoundingClientRect().right > 391 &&
              // hidden things (the playground's closed settings drawer) overflow no one
              element.checkVisibility({ visibilityProperty: true }),
          )
          .map((element) => `${element.tagName}.${element.className}: ${element.textContent?.slice(0, 40)}`)
          .slice(0, 5),
      );
      expect(overflowing, pathname).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("desktop screenshots of the server-rendered pages", async () => {
    for (const [name, pathname] of [
      ["home", "/"],
      ["model", `/models/${CHAT_MODEL}`],
      ["libraries", "/libraries"],
    ]) {
      const { page, context } = await openPage(hub.url + pathname);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      await shots(page, name);
      await page.setViewportSize({ width: 390, height: 844 });
      await shots(page, `${name}-phone`);
      await context.close();
    }
  });

  it("after a redeploy, a page opened before it reloads into the new build instead of failing", async () => {
    // A copy of the build, served by a second hub server.
    const build = path.join(dataDir, "build");
    cpSync(webDist, path.join(build, "dist"), { recursive: true });
    cpSync(webSsr, path.join(build, "dist-ssr"), { recursive: true });
    const options = { host: "127.0.0.1", dataDir: path.join(dataDir, "redeploy"), mode: "offline" as const };
    let server = await startHubServer({ ...options, port: 0, webDistDir: path.join(build, "dist") });
    const port = Number(new URL(server.url).port);
    try {
      const { page, context, errors } = await openPage(`${server.url}/`);
      await hydrated(page);
      const marker = await page.evaluate(
        () => ((window as { e2eMarker?: number }).e2eMarker = Math.random()),
      );

      // The redeploy: every script gets a new content hash (new file name, references rewritten, the
      // old files gone), and the server restarts on the same port.
      await server.close();
      const assets = path.join(build, "dist", "assets");
      const renames = new Map<string, string>();
      for (const file of readdirSync(assets)) {
        // name-<hash>.js and its precompressed copies (.js.br, .js.gz)
        const match = /^(.*-)([A-Za-z0-9_-]{8})(\.js(?:\.br|\.gz)?)$/.exec(file);
        if (match) renames.set(file, `${match[1]}${match[2].split("").reverse().join("")}${match[3]}`);
      }
      const rewrite = (dir: string) => {
        for (const entry of readdirSync(dir)) {
          const full = path.join(dir, entry);
          if (statSync(full).isDirectory()) rewrite(full);
          else if (/\.(?:js|html|json)$/.test(entry)) {
            let text = readFileSync(full, "utf8");
            for (const [from, to] of renames) text = text.split(from).join(to);
            writeFileSync(full, text);
            // The copies hold the new text too.
            if (existsSync(`${full}.br`)) writeFileSync(`${full}.br`, brotliCompressSync(text));
            if (existsSync(`${full}.gz`)) writeFileSync(`${full}.gz`, gzipSync(text));
          }
        }
      };
      rewrite(path.join(build, "dist"));
      for (const [from, to] of renames) renameSync(path.join(assets, from), path.join(assets, to));
      server = await startHubServer({ ...options, port, webDistDir: path.join(build, "dist") });

      // The old page navigates: its chunk for /tasks is gone; the browser loads /tasks afresh.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tasks" }).click();
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe("Tasks · hubkit");
      await page.locator(".task-card").first().waitFor();
      // The cards are server-rendered: wait for the app itself, or the click below is a plain link.
      await hydrated(page);
      expect(new URL(page.url()).pathname).toBe("/tasks");
      // A full page load happened (the marker is gone), and no error page was shown.
      expect(await page.evaluate(() => (window as { e2eMarker?: number }).e2eMarker)).toBeUndefined();
      expect(marker).toBeGreaterThan(0);
      expect(await page.locator("main h1").textContent()).toBe("Tasks");
      // The new build works from there on: client navigation again, without a reload.
      const second = await page.evaluate(() => ((window as { e2eMarker?: number }).e2eMarker = 2));
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Libraries" }).click();
      await expect.poll(() => page.title()).toBe("Libraries · hubkit");
      expect(await page.evaluate(() => (window as { e2eMarker?: number }).e2eMarker)).toBe(second);
      // The failed module fetch is the only complaint the browser logged.
      expect(
        errors.filter((line) => !/Failed to load resource|dynamically imported module/.test(line)),
      ).toEqual([]);
      await context.close();
    } finally {
      await server.close();
    }
  });
});
