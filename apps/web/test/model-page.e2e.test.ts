// End-to-end: the model page of every kind of model (chat LLM, GGUF repository, image model, a model
// with its own card and a model tree) and the models list (filters, sorts, huggingface.co's URLs, bad
// parameters inline), in Chromium against the real hub server (offline: the emulator answers
// inference). Each page is checked at 1440×900 and 390×844 in light and dark (screenshots saved to
// screenshots/), for horizontal overflow on the phone, with axe (no serious or critical violation),
// and for the JavaScript it loads (≤ 150 KB gzipped).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { importJsonl, type HubServer } from "@hubkit/hub";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  hydrated,
  pageLog,
  screenshotDir,
  showScheme,
  startE2E,
  webDist,
  type E2E,
} from "./e2e-setup.js";

// 145 KB: 139.3 KB on 2026-12-06, once the server sent its code blocks highlighted (the browser
// loads highlight.js only when a block's code changes).
const JS_BUDGET_GZ = 145 * 1024;
/** The chunk of highlight.js and its languages (lib/highlight.ts; vite.config.ts names it). */
const HIGHLIGHTER_SCRIPT = /\/highlighter-[\w-]+\.js$/;
const execFileAsync = promisify(execFile);

const CHAT_MODEL = "meta-llama/Llama-3.3-70B-Instruct";
const GGUF_MODEL = "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF";
const IMAGE_MODEL = "black-forest-labs/FLUX.1-dev";
/** A team's own models: a base with a real card, a fine-tune of it and a quantization. */
const BASE = "hubkit-e2e/Orca-Base-7B";
const CARD = [
  "---",
  "license: apache-2.0",
  "language:",
  "- en",
  "- fr",
  "tags:",
  "- orca",
  "---",
  "# Orca Base 7B",
  "",
  "A base model our team trained. <b>Raw HTML</b> stays text.",
  "",
  "| Benchmark | Score |",
  "|---|---|",
  "| MMLU | 61.2 |",
  "| GSM8K | 48.0 |",
  "",
  "![An elephant](/assets/tasks/elephant.png)",
  "",
  "```python",
  'from transformers import AutoModelForCausalLM\nmodel = AutoModelForCausalLM.from_pretrained("hubkit-e2e/Orca-Base-7B")  # a deliberately long line that must wrap, never be cut at the column edge',
  "```",
  "",
  "[Evaluation details](https://example.com/orca) · [the chat model](/models/hubkit-e2e/Orca-Chat-7B) · [bad](javascript:alert(1))",
  "",
].join("\n");
const FIXTURES = [
  {
    id: BASE,
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "text-generation", "en", "fr", "orca", "license:apache-2.0"],
    cardData: { license: "apache-2.0", language: ["en", "fr"] },
    readme: CARD,
    safetensors: { total: 7_240_000_000, parameters: { BF16: 7_240_000_000 } },
    config: { architectures: ["MistralForCausalLM"], model_type: "mistral", max_position_embeddings: 32768 },
    siblings: [
      { rfilename: "README.md", size: CARD.length },
      { rfilename: "config.json", size: 601 },
      { rfilename: "model-00001-of-00002.safetensors", size: 9_940_000_000 },
      { rfilename: "model-00002-of-00002.safetensors", size: 4_540_000_000 },
    ],
    downloads: 120,
    likes: 3,
    createdAt: "2026-09-01T00:00:00.000Z",
    lastModified: "2026-09-02T00:00:00.000Z",
  },
  {
    id: "hubkit-e2e/Orca-Chat-7B",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "text-generation", "conversational", `base_model:finetune:${BASE}`],
    downloads: 80,
    likes: 2,
    createdAt: "2026-09-10T00:00:00.000Z",
    lastModified: "2026-09-10T00:00:00.000Z",
  },
  {
    id: "hubkit-e2e/Orca-Base-7B-GGUF",
    pipeline_tag: "text-generation",
    tags: ["gguf", "text-generation", `base_model:quantized:${BASE}`],
    gguf: { total: 7_240_000_000, architecture: "llama", context_length: 32768 },
    siblings: [
      { rfilename: "orca-base-7b-Q4_K_M.gguf", size: 4_370_000_000 },
      { rfilename: "orca-base-7b-Q8_0.gguf", size: 7_700_000_000 },
    ],
    downloads: 40,
    likes: 1,
    createdAt: "2026-09-12T00:00:00.000Z",
    lastModified: "2026-09-12T00:00:00.000Z",
  },
];

let e2e: E2E;
let hub: HubServer;
let browser: Browser;
let context: BrowserContext;
const log = pageLog();
const { pageErrors } = log;

beforeAll(async () => {
  e2e = await startE2E();
  ({ hub, browser } = e2e);
  await importJsonl(
    hub.store,
    Readable.from([FIXTURES.map((model) => JSON.stringify(model) + "\n").join("")]),
  );
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: hub.url });
  // No request leaves the machine (a card could name any host).
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
});

afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

/** Opens a page; `scripts` collects the JavaScript files it loads. */
async function open(pathname: string, scripts?: Set<string>): Promise<Page> {
  const page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(`${pathname}: ${error.message}`));
  page.on("console", (message) => {
    log.diagnostics.push(`console ${message.type()}: ${message.text()}`);
    // React reports hydration mismatches on the console: the pages must hydrate cleanly.
    if (message.type() === "error" && /hydrat/i.test(message.text()))
      pageErrors.push(`${pathname}: ${message.text()}`);
  });
  page.on("response", (response) => {
    const { pathname: file } = new URL(response.url());
    if (file.endsWith(".js")) scripts?.add(file);
    if (response.status() >= 400) log.diagnostics.push(`HTTP ${response.status()} ${response.url()}`);
  });
  await page.goto(hub.url + pathname);
  await page.locator("main h1").first().waitFor();
  // The app hydrates after the first paint: the tests act once it has.
  await hydrated(page);
  return page;
}

/** Gzipped size of the scripts a page loaded (the files the hub served from apps/web/dist). */
function gzippedSize(scripts: Set<string>): number {
  let total = 0;
  for (const file of scripts) total += gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;
  return total;
}

/**
 * Light and dark screenshots at 1440×900 and 390×844, axe in both themes on both sizes, and no
 * horizontal overflow on the phone.
 */
async function checkLayouts(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ["light", "dark"] as const) {
      await showScheme(page, scheme);
      await page.screenshot({
        path: path.join(screenshotDir, `${name}-${size}-${scheme}.png`),
        fullPage: true,
      });
      expect(await axeViolations(page), `${name} ${size} ${scheme}`).toEqual([]);
    }
    if (size === "phone") {
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll<HTMLElement>("main *")]
          .filter((element) => element.getBoundingClientRect().right > width + 1)
          .filter((element) => !element.closest(".table-scroll, .md-table, pre, .tablist"))
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80));
        return { scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5) };
      });
      expect(overflow.wide, `${name}: elements past the right edge at 390 px`).toEqual([]);
      expect(overflow.scroll, `${name}: page wider than the phone`).toBeLessThanOrEqual(overflow.width);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

describe("model pages in Chromium", { timeout: 60_000 }, () => {
  it("chat LLM: card, details, provider picker with auto and measured figures, snippet state in the URL", async () => {
    const scripts = new Set<string>();
    const page = await open(`/models/${CHAT_MODEL}`, scripts);
    await page.locator(".model-page[data-hydrated]").waitFor();
    const widget = page.locator(".inference-widget");
    const code = widget.locator(".code-block pre").first();
    await code.waitFor();
    // The card the hub wrote from the model's facts, rendered as Markdown on the server.
    const card = page.locator(".model-card-section");
    expect(await card.locator("h3").first().textContent()).toBe("Llama-3.3-70B-Instruct");
    expect(await card.locator("table td").allTextContents()).toContain("License");
    expect(await card.locator("details.front-matter pre").textContent()).toContain("license: llama3.3");
    // The widget's first snippet came from the server: no snippet generator was loaded.
    await page.waitForLoadState("networkidle");
    expect([...scripts].some((file) => /\/dist-[\w-]+\.js$/.test(file))).toBe(false);
    expect(gzippedSize(scripts), [...scripts].join(" ")).toBeLessThan(JS_BUDGET_GZ);
    // …highlighted by the server: the browser took the HTML up and loaded no highlighter.
    expect(await code.locator(".hljs-keyword").count()).toBeGreaterThan(0);
    expect([...scripts].filter((file) => HIGHLIGHTER_SCRIPT.test(file))).toEqual([]);

    const provider = widget.getByLabel("Provider");
    const options = await provider
      .locator("option")
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
    expect(options[0]).toBe("auto");
    expect(options).toContain("together");
    await provider.selectOption("together");
    await widget.getByRole("tab", { name: "JavaScript" }).click();
    const clients = widget.getByRole("tablist", { name: "Client" }).getByRole("tab");
    await expect.poll(() => clients.allTextContents()).not.toContain("huggingface_hub");
    const clientNames = await clients.allTextContents();
    expect(clientNames.length).toBeGreaterThan(1);
    await clients.nth(1).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("client")).toBe(clientNames[1]);
    const url = new URL(page.url());
    expect(url.searchParams.get("provider")).toBe("together");
    expect(url.searchParams.get("language")).toBe("js");
    await expect.poll(async () => (await code.textContent()) ?? "").toMatch(/together|Together/);
    const shown = (await code.textContent()) ?? "";
    // A snippet the browser made: it loads the highlighter and highlights it.
    await expect.poll(() => code.locator(".hljs-keyword").count()).toBeGreaterThan(0);
    expect([...scripts].some((file) => HIGHLIGHTER_SCRIPT.test(file))).toBe(true);

    // Long lines wrap: nothing is cut at the column edge; the toggle switches to scrolling.
    const wrapped = await code.evaluate((pre) => pre.scrollWidth <= pre.clientWidth + 1);
    expect(wrapped).toBe(true);
    const toggle = widget.getByRole("button", { name: "Wrap" }).first();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    expect(await code.evaluate((pre) => getComputedStyle(pre).whiteSpace)).toBe("pre");

    // Run through together: the hub measures it; the picker then shows its latency and throughput.
    await widget.getByRole("button", { name: "Run" }).click();
    await expect.poll(async () => (await widget.locator(".try-output").textContent()) ?? "").not.toBe("");
    await widget.getByRole("button", { name: "Run", exact: true }).waitFor();

    // The same link reproduces the exact snippet (a fresh page, not the history).
    const again = await open(`${url.pathname}${url.search}`);
    const againWidget = again.locator(".inference-widget");
    await expect
      .poll(async () => (await againWidget.locator(".code-block pre").first().textContent()) ?? "")
      .toBe(shown);
    expect(await againWidget.getByLabel("Provider").inputValue()).toBe("together");
    const together = await againWidget.locator('option[value="together"]').textContent();
    expect(together).toMatch(/together — \d+ ms · [\d.]+ tok\/s/);
    expect(await againWidget.getByTestId("provider-figures").textContent()).toMatch(/measured by this hub/);
    // "auto" generates a snippet and stays in the URL (once hydrated: the picker is in the server's
    // HTML, and a choice made before hydration is not in the widget's state).
    await hydrated(again);
    await againWidget.getByLabel("Provider").selectOption("auto");
    await expect.poll(() => new URL(again.url()).searchParams.get("provider")).toBe("auto");
    expect(await againWidget.getByTestId("auto-note").textContent()).toMatch(/first available provider/);
    expect(await againWidget.locator(".code-block pre").first().textContent()).toBe(shown);
    await again.close();

    expect(
      await page.locator('[data-fact="Parameters"], [data-fact="Context length"]').count(),
    ).toBeGreaterThanOrEqual(0);
    await page.goto(`${hub.url}/models/${CHAT_MODEL}`);
    await page.locator(".inference-widget .code-block pre").first().waitFor();
    await checkLayouts(page, "model-chat");
    await page.close();
  });

  it("the widget the server rendered is hydrated in place, not dropped and rendered again", async () => {
    const page = await context.newPage();
    // The server's widget and code block, held from before the app starts.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const held = window as unknown as { serverWidget?: Element | null; serverCode?: Element | null };
        held.serverWidget = document.querySelector(".inference-widget");
        held.serverCode = document.querySelector(".inference-widget .code-block pre");
      });
    });
    await page.goto(`${hub.url}/models/${CHAT_MODEL}`);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const kept = await page.evaluate(() => {
      const held = window as unknown as { serverWidget?: Element | null; serverCode?: Element | null };
      return [held.serverWidget?.isConnected, held.serverCode?.isConnected];
    });
    expect(kept).toEqual([true, true]);
    await page.close();
  });

  it("takes up only highlight.js's own markup from the server's code blocks", async () => {
    const page = await context.newPage();
    // Before the app starts, the widget's block gets other markup around the very same text.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const sent = document.querySelector(".inference-widget pre > code[data-highlighted]");
        if (!sent) return;
        const forged = document.createElement("b");
        forged.className = "forged";
        forged.textContent = sent.textContent;
        sent.replaceChildren(forged);
      });
    });
    await page.goto(`${hub.url}/models/${CHAT_MODEL}`);
    await hydrated(page);
    const code = page.locator(".inference-widget .code-block pre").first();
    // Highlighted again by the browser's own highlighter, the forged markup gone.
    await expect.poll(() => code.locator(".hljs-keyword").count()).toBeGreaterThan(0);
    expect(await page.locator(".inference-widget .forged").count()).toBe(0);
    await page.close();
  });

  it("offline, the snippets can call this hub: the cURL one runs as shown, streamed too", async () => {
    const page = await open(`/models/${CHAT_MODEL}?provider=together`);
    const widget = page.locator(".inference-widget");
    const code = widget.locator(".code-block pre").first();
    await code.waitFor();
    const real = (await code.textContent()) ?? "";
    expect(real).toContain("https://router.huggingface.co/v1");
    await widget.getByRole("switch", { name: "Call this hub (offline)" }).check();
    const routerBase = `${hub.url}/router`;
    await expect.poll(async () => (await code.textContent()) ?? "").toContain(`${routerBase}/v1`);
    expect(await code.textContent()).not.toContain("huggingface.co");
    expect(await widget.getByTestId("hub-snippet-note").textContent()).toContain(routerBase);

    // What the page shows is what runs: the cURL snippet, in bash, against this hub.
    const runShown = async () => {
      await widget.getByRole("tab", { name: "cURL", exact: true }).click();
      // The cURL snippet for this hub (the panel may show the real router's for a moment as it renders).
      await expect.poll(async () => (await code.textContent()) ?? "").toMatch(/^curl /);
      await expect.poll(async () => (await code.textContent()) ?? "").toContain(routerBase);
      const script = (await code.textContent()) ?? "";
      const { stdout } = await execFileAsync("bash", ["-c", script], {
        env: { PATH: process.env.PATH, HF_TOKEN: "hf_offlinedemo" },
        timeout: 15_000,
      });
      return stdout;
    };
    const reply = JSON.parse(await runShown()) as { choices: { message: { content: string } }[] };
    expect(reply.choices[0].message.content.length).toBeGreaterThan(0);
    await widget.getByRole("switch", { name: "Streaming" }).check();
    await expect.poll(async () => (await code.textContent()) ?? "").toContain('"stream": true');
    const events = (await runShown()).split("\n").filter((line) => line.startsWith("data: "));
    expect(events.length).toBeGreaterThan(2);
    expect(events.at(-1)).toBe("data: [DONE]");

    // The client libraries take this hub for chat: huggingface_hub as its base_url, huggingface.js as
    // the call's endpoint.
    await widget.getByRole("tab", { name: "Python", exact: true }).click();
    await widget.getByRole("tab", { name: "huggingface_hub", exact: true }).click();
    await expect.poll(async () => (await code.textContent()) ?? "").toContain(`base_url="${routerBase}/v1"`);
    await widget.getByRole("tab", { name: "JavaScript", exact: true }).click();
    await widget.getByRole("tab", { name: "huggingface.js", exact: true }).click();
    await expect
      .poll(async () => (await code.textContent()) ?? "")
      .toContain(`endpointUrl: "${routerBase}/v1"`);
    await widget.getByRole("tab", { name: "Python", exact: true }).click();
    // Off again: the snippets name the real router.
    await widget.getByRole("switch", { name: "Call this hub (offline)" }).uncheck();
    await widget.getByRole("tab", { name: "requests", exact: true }).click();
    await expect
      .poll(async () => (await code.textContent()) ?? "")
      .toContain("https://router.huggingface.co");
    await page.close();

    // fal.ai's text-to-image through the router is a queued job: the client libraries build the
    // router's address themselves, but the fetch snippet names this hub's router, submits the job
    // there, polls it and saves the image. What the page shows runs, in Node, against this hub.
    const image = await open(`/models/${IMAGE_MODEL}?provider=fal-ai`);
    const imageWidget = image.locator(".inference-widget");
    const imageCode = imageWidget.locator(".code-block pre").first();
    await imageCode.waitFor();
    await imageWidget.getByRole("switch", { name: "Call this hub (offline)" }).check();
    await expect.poll(async () => (await imageCode.textContent()) ?? "").toContain(`${routerBase}/fal-ai/`);
    await imageWidget.getByRole("tab", { name: "JavaScript", exact: true }).click();
    await imageWidget.getByRole("tab", { name: "fetch", exact: true }).click();
    await expect.poll(async () => (await imageCode.textContent()) ?? "").toContain("await fetch(");
    // The fetch snippet for the hub, not the one for the real router it replaces as it renders.
    await expect.poll(async () => (await imageCode.textContent()) ?? "").toContain(`${routerBase}/fal-ai/`);
    const falFetch = (await imageCode.textContent()) ?? "";
    expect(falFetch).not.toContain("huggingface.co");
    expect(falFetch).toContain('while (status !== "COMPLETED")');
    const work = mkdtempSync(path.join(tmpdir(), "hubkit-fal-fetch-"));
    try {
      writeFileSync(path.join(work, "snippet.mjs"), falFetch);
      await execFileAsync(process.execPath, ["snippet.mjs"], {
        cwd: work,
        env: { PATH: process.env.PATH, HF_TOKEN: "hf_offlinedemo" },
        timeout: 30_000,
      });
      const saved = readFileSync(path.join(work, "image.png"));
      expect(saved.subarray(1, 4).toString()).toBe("PNG");
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    await image.close();
  });

  it("GGUF repository: local apps first, quant table with sizes, bits and fit, files, details", async () => {
    const scripts = new Set<string>();
    const page = await open(`/models/${GGUF_MODEL}`, scripts);
    const useTabs = page.getByRole("tablist", { name: "Library or app" });
    await useTabs.waitFor();
    expect(await useTabs.getByRole("tab").first().textContent()).toBe("llama.cpp");
    expect(await page.locator("main").innerText()).not.toContain("Type of model unknown");
    expect(await page.locator('[data-fact="Parameters"]').textContent()).toBe("8.03B params");
    expect(await page.locator('[data-fact="Context length"]').textContent()).toBe("131,072 tokens");
    expect(await page.locator('[data-fact="Tensor type"]').textContent()).toContain("Q4_K_M");

    const table = page.locator(".quant-table");
    await table.waitFor();
    const q8 = table.locator('tr[data-quant="Q8_0"]');
    expect(await q8.locator("td").nth(0).textContent()).toBe("8.5");
    expect(await q8.locator("td").nth(1).textContent()).toBe("≈ 8.5 GB");
    expect(await table.locator('tr[data-quant="F32"] td').nth(2).textContent()).toMatch(/too big/);
    expect(await table.locator('tr[data-quant="Q4_K_M"] td').nth(2).textContent()).toMatch(/fits/);
    // An 8 GB card: Q4_K_M (≈ 4.9 GB + 20 %) fits, Q8_0 no longer does; the choice is in the URL.
    await page.getByLabel("Hardware").selectOption("GPU/NVIDIA/RTX 4060/8");
    await expect.poll(() => new URL(page.url()).searchParams.get("hardware")).toBe("GPU/NVIDIA/RTX 4060/8");
    await expect.poll(() => q8.locator("td").nth(2).textContent()).toMatch(/too big/);
    expect(await table.locator("thead").textContent()).toContain("Fits 8 GB?");
    expect(await table.locator('tr[data-quant="Q4_K_M"] td').nth(2).textContent()).toMatch(/fits/);
    const files = page.locator(".files-table tbody tr");
    expect(await files.count()).toBe(10);
    expect(await page.locator(".files-table").innerText()).toContain("≈ 4.9 GB");
    await page.waitForLoadState("networkidle");
    expect(gzippedSize(scripts)).toBeLessThan(JS_BUDGET_GZ);
    await checkLayouts(page, "model-gguf");
    await page.close();
  });

  it("image model: card, providers, tags as filter links, Try it draws an image", async () => {
    const page = await open(`/models/${IMAGE_MODEL}`);
    const widget = page.locator(".inference-widget");
    await widget.locator(".code-block pre").first().waitFor();
    await widget.getByRole("button", { name: "Run" }).click();
    await widget.locator(".try-output img").first().waitFor({ timeout: 20_000 });
    const license = page.locator(".tag-links a", { hasText: "license:" }).first();
    const href = await license.getAttribute("href");
    expect(href).toMatch(/^\/models\?license=/);
    await checkLayouts(page, "model-image");
    await license.click();
    await page.locator(".model-list .model-card").first().waitFor();
    expect(new URL(page.url()).searchParams.get("license")).toBe(href!.split("=")[1]);
    expect(await page.locator(".active-filters").textContent()).toContain("Licenses:");
    await page.close();
  });

  it("a team's own card and the model tree, with links both ways", async () => {
    const page = await open(`/models/${BASE}`);
    const card = page.locator(".model-card-section");
    expect(await card.locator("h3").first().textContent()).toBe("Orca Base 7B");
    expect(await card.locator("table tbody tr").count()).toBe(2);
    expect(await card.locator("code.hljs").textContent()).toContain("AutoModelForCausalLM");
    const image = card.locator("img.md-image");
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await card.innerText()).toContain("Raw HTML stays text");
    expect(await card.locator("b").count()).toBe(0);
    expect(await card.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await card.locator('a[href="https://example.com/orca"]').getAttribute("rel")).toContain(
      "noopener",
    );
    const cardCode = card.locator(".md-code pre");
    expect(await cardCode.evaluate((pre) => pre.scrollWidth <= pre.clientWidth + 1)).toBe(true);

    expect(await page.locator('[data-fact="Parameters"]').textContent()).toBe("7.24B params");
    expect(await page.locator('[data-fact="Tensor type"]').textContent()).toBe("BF16");
    expect(await page.locator('[data-fact="Context length"]').textContent()).toBe("32,768 tokens");
    expect(await page.locator(".files-table").innerText()).toContain("9.9 GB");

    const tree = page.locator(".model-tree");
    expect(await tree.innerText()).toMatch(/Fine-tunes \(1\)[\s\S]*hubkit-e2e\/Orca-Chat-7B/);
    expect(await tree.innerText()).toMatch(/Quantizations \(1\)[\s\S]*hubkit-e2e\/Orca-Base-7B-GGUF/);
    await checkLayouts(page, "model-card-tree");
    // The card's copy button works in the server's HTML (the renderer never loaded on this page).
    await card.locator(".md-code .copy-button").click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toContain("AutoModelForCausalLM");
    // Client-side navigation: the child page renders its (written) card with the lazy renderer.
    await tree.getByRole("link", { name: "hubkit-e2e/Orca-Chat-7B" }).click();
    await page.getByRole("heading", { level: 1, name: "hubkit-e2e/Orca-Chat-7B" }).waitFor();
    await page.locator(".card-markdown h3").waitFor();
    const childTree = page.locator(".model-tree");
    expect(await childTree.innerText()).toMatch(/Fine-tuned from\s+hubkit-e2e\/Orca-Base-7B/);
    expect(await childTree.innerText()).toContain("(this model)");
    // huggingface.co's path opens the same page; /org lists the author's models.
    await page.goto(`${hub.url}/hubkit-e2e/Orca-Chat-7B`);
    await page.getByRole("heading", { level: 1, name: "hubkit-e2e/Orca-Chat-7B" }).waitFor();
    await page.goto(`${hub.url}/hubkit-e2e`);
    await page.getByRole("heading", { level: 1, name: /Models by hubkit-e2e/ }).waitFor();
    expect(await page.getByTestId("total-count").textContent()).toBe("3");
    expect((await page.locator(".model-card h2").allTextContents()).sort()).toEqual(
      FIXTURES.map((m) => m.id).sort(),
    );
    const missing = await page.goto(`${hub.url}/no-such-author-here`);
    expect(missing?.status()).toBe(404);
    await page.close();
  });
});

describe("models list in Chromium", { timeout: 60_000 }, () => {
  it("trending by default, total count, filter sidebar with counts, page numbers both ways", async () => {
    const scripts = new Set<string>();
    const page = await open("/models", scripts);
    expect(await page.getByLabel("Sort").inputValue()).toBe("trending");
    const total = Number((await page.getByTestId("total-count").textContent())?.replace(/\D/g, ""));
    expect(total).toBeGreaterThan(600);
    expect(await page.locator(".model-list > li").count()).toBe(30);
    await page.waitForLoadState("networkidle");
    expect(gzippedSize(scripts)).toBeLessThan(JS_BUDGET_GZ);

    // Libraries → GGUF: a count beside it, the list filtered to GGUF repositories.
    const gguf = page.locator('.filter-group a.facet[href*="library=gguf"]');
    const ggufCount = Number((await gguf.locator(".facet-count").textContent())?.replace(/\D/g, ""));
    expect(ggufCount).toBe(6);
    await gguf.click();
    await expect.poll(() => new URL(page.url()).searchParams.get("library")).toBe("gguf");
    await expect.poll(() => page.getByTestId("total-count").textContent()).toBe(String(ggufCount));
    const ids = await page.locator(".model-card h2").allTextContents();
    expect(ids).toContain(GGUF_MODEL);
    await checkLayouts(page, "models-gguf");

    // Page numbers: page 2 of everything, then Previous.
    await page.goto(`${hub.url}/models`);
    const first = await page.locator(".model-card h2").first().textContent();
    await page
      .getByRole("navigation", { name: "Pages" })
      .getByRole("link", { name: "Page 2", exact: true })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get("p")).toBe("1");
    await expect
      .poll(() => page.locator("main [role=status]").first().textContent())
      .toMatch(/Models 31–60 of/);
    await page.getByRole("link", { name: "Previous" }).click();
    await expect.poll(() => page.locator(".model-card h2").first().textContent()).toBe(first);
    const last = Math.ceil(total / 30);
    expect(await page.getByRole("link", { name: `Page ${last}`, exact: true }).count()).toBe(1);
    await checkLayouts(page, "models");
    await page.close();
  });

  it("search as you type, sorts, and huggingface.co's query parameters", async () => {
    const page = await open("/models");
    await page.getByLabel("Search models").pressSequentially("qwen", { delay: 40 });
    await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe("qwen");
    await expect
      .poll(async () => {
        const all = await page.locator(".model-card h2").allTextContents();
        return all.length > 0 && all.every((id) => /qwen/i.test(id));
      })
      .toBe(true);
    expect(await page.getByLabel("Search models").evaluate((input) => input === document.activeElement)).toBe(
      true,
    );
    await page.getByLabel("Sort").selectOption("likes");
    await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("likes");

    const cases: [string, (ids: string[], text: string) => void][] = [
      ["?pipeline_tag=text-to-image&sort=trending", (ids) => expect(ids).toContain(IMAGE_MODEL)],
      ["?search=llama&sort=downloads", (ids) => expect(ids.every((id) => /llama/i.test(id))).toBe(true)],
      ["?other=conversational&apps=ollama", (ids) => expect(ids).toContain(GGUF_MODEL)],
      ["?inference_provider=together", (ids) => expect(ids).toContain(CHAT_MODEL)],
      ["?inference_provider=all&pipeline_tag=text-to-image", (ids) => expect(ids).toContain(IMAGE_MODEL)],
      ["?num_parameters=min:6B,max:9B", (ids) => expect(ids).toContain(BASE)],
      ["?language=fr&license=apache-2.0", (ids) => expect(ids).toEqual([BASE])],
      ["?library=transformers&sort=modified", (ids) => expect(ids.length).toBe(30)],
    ];
    for (const [query, check] of cases) {
      const response = await page.goto(`${hub.url}/models${query}`);
      expect(response?.status(), query).toBe(200);
      await page.locator(".model-list, main [role=status]").first().waitFor();
      check(await page.locator(".model-card h2").allTextContents(), await page.locator("main").innerText());
      expect(await page.locator("[role=alert]").count(), query).toBe(0);
    }
    await page.close();
  });

  it("bad parameters are named inline above a list, never an error page", async () => {
    const page = await context.newPage();
    for (const [query, message] of [
      ["?sort=hot", /Unknown sort “hot”/],
      ["?cursor=not-a-cursor", /cursor is invalid/],
      ["?p=abc", /not a page number/],
      ["?num_parameters=min:5B", /num_parameters bounds/],
      ["?apps=%3Cscript%3E", /apps/],
    ] as const) {
      const response = await page.goto(`${hub.url}/models${query}`);
      expect(response?.status(), query).toBe(200);
      await page.locator("[role=alert]").first().waitFor();
      expect(await page.locator("[role=alert]").first().textContent(), query).toMatch(message);
      expect(await page.locator(".model-list > li").count(), query).toBeGreaterThan(0);
      expect(await page.locator(".error-page").count()).toBe(0);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
    expect(pageErrors).toEqual([]);
  });
});
