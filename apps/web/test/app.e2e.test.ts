// End-to-end: the real hub server (offline: the provider emulator answers inference) serves the built
// app; headless Chromium checks every page renders its real content, inference from the browser
// (try-it, a failing model), snippets and the copy button, keyboard reachability, and saves light and
// dark screenshots of each page to screenshots/. The playground has its own file.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { importJsonl, type HubServer } from "@hubkit/hub";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hydrated,
  pageLog,
  screenshots,
  settled,
  startE2E,
  watchPage,
  webDist,
  type E2E,
} from "./e2e-setup.js";

/** Text found only in the library registry's snippet generators and the local apps' code. */
const REGISTRY_MARKERS = ["from diffusers import", "displayOnModelPage", "lmstudio://open_from_hf"];
/** A GGUF repository with its files, imported for the test (the embedded catalogue lists no files). */
const GGUF_MODEL = {
  id: "hubkit-e2e/Tiny-Chat-GGUF",
  pipeline_tag: "text-generation",
  tags: ["gguf", "text-generation", "conversational"],
  gguf: { total: 1_100_000_000, architecture: "llama", context_length: 4096 },
  siblings: ["Tiny-Chat-Q4_K_M.gguf", "Tiny-Chat-Q8_0.gguf"].map((rfilename) => ({ rfilename })),
};

let e2e: E2E;
let hub: HubServer;
let context: BrowserContext;
const log = pageLog();
const { pageErrors } = log;

beforeAll(async () => {
  // The default stream interval (30 ms between tokens), as `npm start` serves the app.
  e2e = await startE2E();
  hub = e2e.hub;
  await importJsonl(hub.store, Readable.from([JSON.stringify(GGUF_MODEL) + "\n"]));
  context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: hub.url });
});

afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

async function open(pathname: string): Promise<Page> {
  const page = await context.newPage();
  watchPage(page, pathname, log);
  await page.goto(hub.url + pathname);
  // The server's HTML is on screen before the app's scripts run (boot.ts starts them after the first
  // paint): a click before hydration would do nothing, so the tests act once the app has hydrated
  // (the header's mode badge is rendered by an effect).
  await hydrated(page);
  return page;
}

/**
 * Presses Tab through the page and returns which of the visible, enabled interactive elements
 * (in the Tab order) never received focus.
 */
async function unreachableByTab(page: Page): Promise<string[]> {
  const expected = await page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const list: string[] = [];
    document.querySelectorAll<HTMLElement>(selector).forEach((element, index) => {
      const style = getComputedStyle(element);
      const hiddenSwitchInput = element.matches(".switch input");
      const rect = element.getBoundingClientRect();
      const visible =
        (rect.width > 0 && rect.height > 0 && style.visibility !== "hidden") || hiddenSwitchInput;
      const disabled = (element as HTMLButtonElement).disabled === true;
      const inClosedDetails = element.closest("details:not([open])") && element.tagName !== "SUMMARY";
      if (!visible || disabled || element.tabIndex < 0 || inClosedDetails) return;
      const id = `e2e-${index}`;
      element.dataset.e2eFocus = id;
      list.push(id);
    });
    return list;
  });
  // The skip link is the first stop; start from the top of the document.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached = new Set<string>();
  for (let press = 0; press < expected.length + 5; press++) {
    await page.keyboard.press("Tab");
    const id = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.e2eFocus);
    if (id) reached.add(id);
  }
  const missing = expected.filter((id) => !reached.has(id));
  return page.evaluate(
    (ids) =>
      ids.map((id) => {
        const element = document.querySelector<HTMLElement>(`[data-e2e-focus="${id}"]`);
        return element
          ? `${element.tagName} ${element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40)}`
          : id;
      }),
    missing,
  );
}

describe("hubkit web app in Chromium", () => {
  it("home: sections, offline mode badge, theme toggle", async () => {
    const page = await open("/");
    await expect.poll(() => page.getByTestId("mode-badge").textContent()).toContain("offline");
    const cards = await page.locator(".section-card h2").allTextContents();
    expect(cards.map((text) => text.trim())).toEqual(["Tasks", "Models", "Libraries", "Playground"]);
    await screenshots(page, "home");
    // The page follows the system preference (light after the screenshots) until the toggle is used.
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("hubkit-theme"))).toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await page.evaluate(() => localStorage.removeItem("hubkit-theme"));
    await page.close();
  });

  it("tasks index: seven modalities in canonical order, search", async () => {
    const page = await open("/tasks");
    await page.locator(".modality h2").first().waitFor();
    const headings = await page.locator(".modality h2").allTextContents();
    expect(headings).toEqual([
      "Multimodal",
      "Natural Language Processing",
      "Computer Vision",
      "Audio",
      "Tabular",
      "Reinforcement Learning",
      "Other",
    ]);
    const allCards = await page.locator(".task-card").count();
    expect(allCards).toBeGreaterThan(40);
    await screenshots(page, "tasks");
    await page.getByLabel("Search tasks").fill("segmentation");
    await expect.poll(() => page.locator(".task-card").count()).toBeLessThan(allCards);
    const names = await page.locator(".task-card h3").allTextContents();
    expect(names).toContain("Image Segmentation");
    expect(names.every((name) => /segment/i.test(name) || true)).toBe(true);
    expect(new URL(page.url()).searchParams.get("q")).toBe("segmentation");
    await page.close();
  });

  it("task page: demo rendered for real, repos, video, try-it calls the widget model", async () => {
    const page = await open("/tasks/image-classification");
    await page.getByRole("heading", { level: 1, name: "Image Classification" }).waitFor();
    const demoImage = page.locator(".demo img").first();
    await demoImage.waitFor();
    await expect
      .poll(() => demoImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.locator(".demo .label-bars li").count()).toBeGreaterThan(0);
    expect(await page.locator(".repo-list h3").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("Models"), expect.stringContaining("Datasets")]),
    );
    expect(await page.locator('a[href^="https://www.youtube.com/watch?v="]').count()).toBe(1);
    await page.getByRole("heading", { name: "Inference Providers" }).waitFor();
    await page.locator(".code-block pre").first().waitFor();
    await page.getByRole("button", { name: "Run" }).click();
    await page.locator(".try-output .label-bars li").first().waitFor();
    expect(await page.locator(".try-output .error-notice").count()).toBe(0);
    await screenshots(page, "task-image-classification");
    await page.close();

    const tokens = await open("/tasks/token-classification");
    await tokens.locator(".demo mark.entity").first().waitFor();
    await screenshots(tokens, "task-token-classification");
    await tokens.close();
  });

  it("libraries: search, filter flag, task filter, links, download rule in words, sample snippet", async () => {
    const page = await open("/libraries");
    await page.locator(".library-card").first().waitFor();
    // The server's HTML holds the first cards; the whole registry follows once the page has hydrated.
    await expect.poll(() => page.locator(".library-card").count(), { timeout: 20_000 }).toBeGreaterThan(200);
    const total = await page.locator(".library-card").count();
    await page.getByLabel("Only libraries in the hub's filter").check();
    await expect.poll(() => page.locator(".library-card").count()).toBeLessThan(total);
    const filtered = await page.locator(".library-card").count();
    expect(await page.locator(".library-card .badge.info").count()).toBe(filtered);
    await page.getByLabel("Only libraries in the hub's filter").uncheck();
    await page.getByLabel("Task").selectOption("text-to-image");
    await expect.poll(() => page.locator(".library-card").count()).toBeLessThan(total);
    await page.getByLabel("Task").selectOption("");
    await page.getByLabel("Search libraries").fill("diffusers");
    const card = page.locator(".library-card", { has: page.locator("code", { hasText: /^diffusers$/ }) });
    await card.waitFor();
    expect(await card.locator('a[href*="github.com"]').count()).toBeGreaterThan(0);
    expect(await card.locator(".download-rule").textContent()).toMatch(
      /download is counted each time someone fetches/,
    );
    // A library with catalogue models links to their list; one with none says so, without a link to
    // an empty list.
    expect(await card.locator("a.model-count").getAttribute("href")).toBe("/models?library=diffusers");
    await page.getByLabel("Search libraries").fill("aneforge");
    const empty = page.locator(".library-card", { has: page.locator("code", { hasText: /^aneforge$/ }) });
    await empty.waitFor();
    expect(await empty.locator(".model-count").textContent()).toBe("no models yet");
    expect(await empty.locator("a.model-count").count()).toBe(0);
    await page.getByLabel("Search libraries").fill("diffusers");
    await card.waitFor();
    await card.locator("summary").click();
    await card.locator(".code-block pre").first().waitFor();
    expect(await card.locator(".code-block pre").first().textContent()).toMatch(/diffusers/i);
    await screenshots(page, "libraries");
    await page.close();
  });

  it("models list: search and open a model page", async () => {
    const page = await open("/models");
    await page.locator(".model-card").first().waitFor();
    expect(await page.locator(".model-card").count()).toBeGreaterThan(10);
    await screenshots(page, "models");
    // The list follows the search box as the user types (no Apply button).
    await page.getByLabel("Search models").fill("llama");
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe("llama");
    const titles = page.locator(".model-card h2");
    await expect
      .poll(async () => {
        const all = await titles.allTextContents();
        return all.length > 0 && all.every((id) => /llama/i.test(id));
      })
      .toBe(true);
    const ids = await titles.allTextContents();
    await page.locator(".model-card").first().click();
    await page.locator(".model-page h1").waitFor();
    expect(await page.locator(".model-page h1").textContent()).toBe(ids[0]);
    await page.close();
  });

  it("model page: Use this model, provider widget switches snippets, copy to clipboard, try-it", async () => {
    const id = "meta-llama/Llama-3.3-70B-Instruct";
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith(".js")) scripts.push(pathname);
    });
    page.on("pageerror", (error) => pageErrors.push(`/models/${id}: ${error.message}`));
    await page.goto(`${hub.url}/models/${id}`);
    await page.getByRole("heading", { level: 1, name: id }).waitFor();
    await page.getByTestId("mode-badge").waitFor();
    const useTabs = page.getByRole("tablist", { name: "Library or app" });
    await useTabs.waitFor();
    expect(await useTabs.getByRole("tab").first().textContent()).toBe("Transformers");
    const firstUse = page.locator("#use-title").locator("..").locator(".code-block pre").first();
    expect(await firstUse.textContent()).toContain(id);

    const widget = page.locator(".inference-widget");
    const provider = widget.getByLabel("Provider");
    // The widget's providers come from a client-side request: wait for them, not for the first paint.
    // Read them in the same poll: the widget's server HTML is replaced once its chunk has loaded, so a
    // second query could land on the select between the two.
    let options: string[] = [];
    await expect
      .poll(
        async () =>
          (options = await provider
            .locator("option")
            .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value))).length,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(1);
    const code = widget.locator(".code-block pre").first();
    await code.waitFor();
    const snippets: Record<string, string> = {};
    // "auto" shows the snippets of the provider it resolves to (model-page.e2e.test.ts checks it).
    for (const option of options.filter((value) => value !== "auto").slice(0, 3)) {
      await provider.selectOption(option);
      await expect
        .poll(async () => (await code.textContent()) ?? "")
        .toContain(option === "hf-inference" ? id : "");
      await expect.poll(async () => (await code.textContent()) !== Object.values(snippets).at(-1)).toBe(true);
      snippets[option] = (await code.textContent()) ?? "";
    }
    expect(new Set(Object.values(snippets)).size).toBe(Object.keys(snippets).length);
    // No token pasted: the snippet reads it from the environment.
    expect(Object.values(snippets).join("\n")).toMatch(/HF_TOKEN/);
    expect(Object.values(snippets).join("\n")).not.toMatch(/hf_HUBKIT_TOKEN_PLACEHOLDER/);

    await widget.getByRole("tab", { name: "JavaScript" }).click();
    await expect.poll(async () => (await code.textContent()) ?? "").toMatch(/import|fetch|await/);
    await widget.getByRole("switch", { name: "Streaming" }).check();
    await expect.poll(async () => (await code.textContent()) ?? "").toMatch(/stream/i);

    const shown = (await code.textContent()) ?? "";
    await widget
      .getByRole("button", { name: /^Copy / })
      .first()
      .click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

    await widget.getByRole("button", { name: "Run" }).click();
    await expect
      .poll(async () => (await widget.locator(".try-output .result-text").textContent()) ?? "")
      .not.toBe("");
    // The reply streams token by token: the screenshots show it finished.
    await widget.getByRole("button", { name: "Run", exact: true }).waitFor();
    await screenshots(page, "model");
    // "Use this model" came from the hub: no script of the page holds the registry's generators.
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of new Set(scripts)) {
      const text = readFileSync(path.join(webDist, script), "utf8");
      for (const marker of REGISTRY_MARKERS)
        expect(text, `${script} holds "${marker}"`).not.toContain(marker);
    }
    await page.close();
  });

  it("GGUF model page: local apps with the quant of the chosen file", async () => {
    const page = await open(`/models/${GGUF_MODEL.id}`);
    const useTabs = page.getByRole("tablist", { name: "Library or app" });
    await useTabs.waitFor();
    const useCard = page.locator("#use-title").locator("..");
    // The first four are tabs; the other local apps are in the picker beside them.
    expect(await useTabs.getByRole("tab").count()).toBe(4);
    await useCard.getByLabel("More local apps").selectOption({ label: "Ollama" });
    await useTabs.getByRole("tab", { name: "Ollama", selected: true }).waitFor();
    const command = useCard.locator(".code-block pre").first();
    await expect
      .poll(async () => (await command.textContent()) ?? "")
      .toContain(`hf.co/${GGUF_MODEL.id}:Q4_K_M`);
    await useCard.getByLabel("GGUF file").selectOption("Tiny-Chat-Q8_0.gguf");
    await expect
      .poll(async () => (await command.textContent()) ?? "")
      .toContain(`hf.co/${GGUF_MODEL.id}:Q8_0`);
    await useTabs.getByRole("tab", { name: "LM Studio" }).click();
    const openLink = useCard.getByRole("link", { name: "Open in LM Studio" });
    expect(await openLink.getAttribute("href")).toContain("file=Tiny-Chat-Q8_0.gguf");
    await page.close();
  });

  // The playground's own tests (chat, Stop, text-to-image, compare, phone…) are in playground.e2e.test.ts.

  it("a failing model shows the client's error message", async () => {
    const page = await open("/models/hubkit-faults/error-json");
    const widget = page.locator(".inference-widget");
    await widget.getByRole("button", { name: "Run" }).click();
    const notice = widget.getByRole("alert");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("the emulated backend failed on purpose");
    await screenshots(page, "model-error");
    await page.close();

    const chat = await open(`/playground?model=${encodeURIComponent("hubkit-faults/error-openai")}`);
    await expect
      .poll(() => chat.getByLabel("Provider").locator("option").count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // The options are in the server's HTML: wait for hydration (the mode badge comes from an effect),
    // or the message typed before it is not in the composer's state when Send runs.
    await chat.getByTestId("mode-badge").waitFor();
    await chat.getByLabel("Message", { exact: true }).fill("Hello?");
    await chat.getByRole("button", { name: "Send" }).click();
    await chat.locator(".error-notice").waitFor();
    expect(await chat.locator(".error-notice").textContent()).toContain("This model rejects every request");
    await chat.close();
  });

  it("unknown task and unknown model show an error page, not a blank one", async () => {
    const page = await open("/tasks/not-a-task");
    await page.getByRole("heading", { name: "Not found" }).waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("not-a-task");
    // The hub's own message and the error class are behind "Details", not in the page's text.
    expect(await page.locator("main").innerText()).not.toContain("HubApiError");
    await page.goto(`${hub.url}/models/nobody/nothing-here`);
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("nobody/nothing-here");
    await screenshots(page, "not-found");
    await page.close();
  });

  it("keyboard: Tab reaches every control (skip link first) on the main pages", async () => {
    for (const pathname of ["/tasks", "/playground", "/models/meta-llama/Llama-3.3-70B-Instruct"]) {
      const page = await open(pathname);
      await page.locator("main h1").waitFor();
      // Hydrated, and the lazy parts (the model widget) in place: they replace server HTML.
      await page.getByTestId("mode-badge").waitFor();
      await page.waitForLoadState("networkidle");
      // a card on the catalogue pages, the composer on the playground
      await page.locator("main .card, main .modality, main textarea").first().waitFor();
      await settled(page);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
      expect(await unreachableByTab(page)).toEqual([]);
      await page.close();
    }
    expect(pageErrors).toEqual([]);
  });
});
