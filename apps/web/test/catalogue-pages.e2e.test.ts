// The library page, the models list's facet counts (each equal to the total that choosing the value
// gives, checked against the API) and its language filter, and every route at phone width: nothing
// wider than the screen and one 404 design. Screenshots `library-*`, `models-facets-*`,
// `models-language-*` and `not-found-phone-*`.
import { Readable } from "node:stream";
import { importJsonl } from "@hubkit/hub";
import { PROVIDER_DEFINITIONS } from "@hubkit/inference/providers";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  DESKTOP,
  hydrated,
  overflowing,
  PHONE,
  screenshots,
  startE2E,
  type E2E,
} from "./e2e-setup.js";

/** A team's models with language tags (the embedded catalogue's carry none). */
const FIXTURES = [
  { id: "hubkit-lang/camembert-mini", language: ["fr"], downloads: 900 },
  { id: "hubkit-lang/bert-deutsch", language: ["de"], downloads: 800 },
  { id: "hubkit-lang/xlm-fr-de", language: ["fr", "de"], downloads: 700 },
  { id: "hubkit-lang/sw-sentiment", language: ["sw"], downloads: 600 },
].map((model) => ({
  id: model.id,
  pipeline_tag: "text-classification",
  library_name: "transformers",
  tags: ["transformers", "text-classification", ...model.language, "license:mit"],
  cardData: { license: "mit", language: model.language },
  downloads: model.downloads,
  likes: 1,
  createdAt: "2026-11-01T00:00:00.000Z",
  lastModified: "2026-11-02T00:00:00.000Z",
}));

let e2e: E2E;
let desktop: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  e2e = await startE2E();
  await importJsonl(
    e2e.hub.store,
    Readable.from([FIXTURES.map((model) => JSON.stringify(model) + "\n").join("")]),
  );
  desktop = await e2e.browser.newContext({ viewport: DESKTOP });
  phone = await e2e.browser.newContext({ viewport: PHONE });
}, 60_000);

afterAll(async () => {
  await desktop?.close();
  await phone?.close();
  await e2e?.close();
});

/** The list's total for these list parameters, from the API (X-Total-Count). */
async function apiTotal(params: URLSearchParams): Promise<number> {
  const query = new URLSearchParams(params);
  query.delete("p");
  query.set("count", "true");
  query.set("limit", "1");
  const response = await fetch(`${e2e.hub.url}/api/models?${query}`);
  expect(response.status, `${query}`).toBe(200);
  return Number(response.headers.get("x-total-count"));
}

async function open(context: BrowserContext, route: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("404")) errors.push(message.text());
  });
  const response = await page.goto(`${e2e.hub.url}${route}`);
  expect(response?.status(), route).toBeLessThan(500);
  await hydrated(page);
  return { page, errors };
}

describe("the library page", () => {
  it("says what the library is, how to install and use it, its models and its tasks", async () => {
    const api = (await (await fetch(`${e2e.hub.url}/api/libraries/transformers`)).json()) as {
      repoUrl: string;
      docsUrl: string;
    };
    const total = await apiTotal(new URLSearchParams({ library: "transformers" }));
    expect(total).toBeGreaterThan(100);
    for (const [context, size] of [
      [desktop, "desktop"],
      [phone, "phone"],
    ] as const) {
      const { page, errors } = await open(context, "/libraries/transformers");
      const main = page.locator("main");
      expect(await main.locator("h1").innerText()).toContain("Transformers");
      expect(await page.title()).toBe("Transformers · Libraries · hubkit");
      expect(await main.locator(".lead").innerText()).toContain(`lists ${total} of them`);
      // Install line (pip, from the Python module its snippets import) and the usage snippets.
      expect(await main.locator('section[aria-labelledby="library-install"] pre').innerText()).toBe(
        "pip install -U transformers",
      );
      const snippets = main.locator('section[aria-labelledby="library-usage"] pre');
      expect(await snippets.count()).toBeGreaterThanOrEqual(1);
      expect(await snippets.first().innerText()).toContain("from transformers import");
      // Docs and repository links.
      expect(await main.locator(`a[href="${api.docsUrl}"]`).count()).toBeGreaterThanOrEqual(1);
      expect(await main.locator(`a[href="${api.repoUrl}"]`).count()).toBeGreaterThanOrEqual(1);
      // Its most downloaded models, in order, as the API lists them.
      const top = (await (
        await fetch(`${e2e.hub.url}/api/models?library=transformers&sort=downloads&limit=8`)
      ).json()) as { id: string }[];
      expect(await main.locator(".model-list h2").allInnerTexts()).toEqual(top.map((model) => model.id));
      // Tasks with counts, each the total of the filtered list.
      const taskLinks = main.locator(".library-tasks a[href^='/models?']");
      expect(await taskLinks.count()).toBeGreaterThan(5);
      for (const link of (await taskLinks.all()).slice(0, 3)) {
        const href = (await link.getAttribute("href"))!;
        const count = Number((await link.locator(".muted").innerText()).replace(/\D/g, ""));
        expect(count, href).toBe(await apiTotal(new URL(href, e2e.hub.url).searchParams));
      }
      if (size === "phone") {
        expect(await overflowing(page, PHONE.width)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );
      }
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, `library-transformers-${size}`);
      // The link to the filtered list opens it with the same total.
      await main.getByTestId("library-all-models").click();
      await page.waitForURL(/\/models\?library=transformers$/);
      await page.getByTestId("total-count").waitFor();
      expect(Number((await page.getByTestId("total-count").innerText()).replace(/\D/g, ""))).toBe(total);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 120_000);

  it("the libraries list links each library to its page", async () => {
    const { page } = await open(desktop, "/libraries?q=diffusers");
    await page.locator(".library-card h2 a", { hasText: "Diffusers" }).first().click();
    await page.waitForURL(/\/libraries\/diffusers$/);
    await page.locator("main h1", { hasText: "Diffusers" }).waitFor();
    await page.close();
  });
});

describe("the models list's filters", () => {
  it("every facet count equals the API's total for the list that value gives, for several filters", async () => {
    const combos = [
      "",
      "pipeline_tag=text-generation",
      "pipeline_tag=text-classification&library=transformers",
      "inference_provider=all&license=apache-2.0",
      "library=gguf&apps=llama.cpp",
      "language=fr",
      "search=llama&pipeline_tag=text-generation",
    ];
    let checked = 0;
    for (const combo of combos) {
      const { page, errors } = await open(desktop, `/models${combo ? `?${combo}` : ""}`);
      const expected = await apiTotal(new URLSearchParams(combo));
      expect(Number((await page.getByTestId("total-count").innerText()).replace(/\D/g, "")), combo).toBe(
        expected,
      );
      // The visible values of each group (the first few and the active ones).
      for (const link of await page.locator(".filter-group > ul a.facet").all()) {
        const href = (await link.getAttribute("href"))!;
        const shown = Number(await link.getAttribute("data-count"));
        const active = (await link.getAttribute("aria-current")) === "true";
        // An active value's link removes it; its count is that of the list as it is.
        const target = active ? new URLSearchParams(combo) : new URL(href, e2e.hub.url).searchParams;
        expect(shown, `${combo} → ${href}`).toBe(await apiTotal(target));
        checked++;
      }
      if (combo === "pipeline_tag=text-classification&library=transformers")
        await screenshots(page, "models-facets-desktop");
      expect(errors).toEqual([]);
      await page.close();
    }
    expect(checked).toBeGreaterThan(100);
  }, 120_000);

  it("the language filter names languages in full and filters by their tags", async () => {
    for (const [context, size] of [
      [desktop, "desktop"],
      [phone, "phone"],
    ] as const) {
      const { page } = await open(context, "/models");
      if (size === "phone") await page.getByRole("button", { name: /Filters/ }).click();
      const group = page.locator("section.filter-group", {
        has: page.locator("h2", { hasText: "Languages" }),
      });
      const labels = await group.locator(".facet-label").allInnerTexts();
      expect(labels).toEqual(expect.arrayContaining(["French", "German", "Swahili"]));
      await group.locator("a.facet", { hasText: "French" }).click();
      await page.waitForURL(/language=fr/);
      // The list follows once the new page's data is in (the old list stays until then).
      await expect
        .poll(async () => (await page.locator(".model-list h2").allInnerTexts()).sort(), { timeout: 15_000 })
        .toEqual(["hubkit-lang/camembert-mini", "hubkit-lang/xlm-fr-de"]);
      // The chip names the language in full; German now counts the models in both languages.
      expect(await page.locator("main").innerText()).toContain("Languages: French");
      if (size === "phone" && !(await group.isVisible()))
        await page.getByRole("button", { name: /Filters/ }).click();
      expect(Number(await group.locator("a.facet", { hasText: "German" }).getAttribute("data-count"))).toBe(
        1,
      );
      if (size === "phone") expect(await overflowing(page, PHONE.width)).toEqual([]);
      await screenshots(page, `models-language-${size}`);
      await page.close();
    }
  });
});

describe("rough edges", () => {
  it("a derived model names its relation: quantized, adapter, fine-tuned", async () => {
    for (const [id, label] of [
      ["bartowski/Meta-Llama-3.1-8B-Instruct-GGUF", "Quantized from meta-llama/Meta-Llama-3.1-8B-Instruct"],
      ["mlx-community/Llama-3.2-3B-Instruct-4bit", "Quantized from meta-llama/Llama-3.2-3B-Instruct"],
      ["XLabs-AI/flux-RealismLora", "Adapter for black-forest-labs/FLUX.1-dev"],
      ["allenai/olmOCR-7B-0725", "Fine-tuned from Qwen/Qwen2.5-VL-7B-Instruct"],
    ]) {
      const { page } = await open(desktop, `/models/${id}`);
      const tree = page.locator(".model-tree, [aria-labelledby='tree-title']").first();
      await tree.waitFor();
      expect((await tree.innerText()).replace(/\s+/g, " "), id).toContain(label);
      await page.close();
    }
  });

  it("a task page says what the catalogue holds for it and links to its models", async () => {
    const { page } = await open(desktop, "/tasks/text-classification");
    const total = await apiTotal(new URLSearchParams({ pipeline_tag: "text-classification" }));
    const about = page.locator(".task-about");
    expect(await about.innerText()).toContain(`catalogue has ${total} models for it`);
    expect(await about.innerText()).toMatch(/most of them for \S+ \(\d+\)/);
    const browse = page.getByTestId("task-browse-models");
    expect(await browse.innerText()).toContain(`Browse ${total} text classification models`);
    await browse.click();
    await page.waitForURL(/\/models\?pipeline_tag=text-classification$/);
    await expect
      .poll(async () => Number((await page.getByTestId("total-count").innerText()).replace(/\D/g, "")))
      .toBe(total);
    await page.close();
  });

  it("Llama and FLUX pages show their files, total size and parameters", async () => {
    for (const [id, params, file] of [
      ["meta-llama/Llama-3.3-70B-Instruct", "70.6B params", "model-00030-of-00030.safetensors"],
      ["black-forest-labs/FLUX.1-dev", "11.9B params", "flux1-dev.safetensors"],
    ]) {
      for (const [context, size] of [
        [desktop, "desktop"],
        [phone, "phone"],
      ] as const) {
        const { page } = await open(context, `/models/${id}`);
        expect(await page.locator('[data-fact="Parameters"]').textContent(), id).toBe(params);
        const files = page
          .locator("section", { has: page.locator("h2", { hasText: /^\s*Files\s*$/ }) })
          .last();
        expect(await files.innerText(), id).toContain(file);
        expect(await files.innerText(), id).toMatch(/Known sizes total \d+(\.\d+)? GB/);
        if (size === "phone") expect(await overflowing(page, PHONE.width)).toEqual([]);
        await screenshots(page, `model-files-${id.split("/")[1]}-${size}`);
        await page.close();
      }
    }
  }, 120_000);

  it("segmentation masks are drawn over the image, with a legend whose toggles hide them", async () => {
    const { page } = await open(desktop, "/tasks/image-segmentation");
    await page.locator(".inference-widget").getByRole("button", { name: "Run" }).click();
    const stack = page.locator(".overlay-stack").last();
    await stack.locator(".mask-layer").first().waitFor({ timeout: 20_000 });
    const legend = page.locator(".overlay-legend").last();
    const toggles = legend.locator('input[type="checkbox"]');
    expect(await toggles.count()).toBeGreaterThan(0);
    await stack.locator("img").evaluate((img: HTMLImageElement) => img.decode());
    const withMasks = await stack.screenshot();
    for (const toggle of await toggles.all()) await toggle.uncheck();
    expect(await stack.locator(".mask-layer").count()).toBe(0);
    const bare = await stack.screenshot();
    expect(withMasks.equals(bare), "the masks change no pixel of the image").toBe(false);
    await toggles.first().check();
    expect(await stack.locator(".mask-layer").count()).toBe(1);
    await screenshots(page, "segmentation-masks-desktop", false);
    await page.close();
  }, 60_000);

  it("the home page counts the providers from the client's definitions", async () => {
    const { page } = await open(desktop, "/");
    expect(PROVIDER_DEFINITIONS.length).toBe(23);
    expect(await page.locator(".hero .lead").innerText()).toContain(
      `router and ${PROVIDER_DEFINITIONS.length} providers`,
    );
    await page.close();
  });

  it("a GGUF page shows four apps as tabs and the others in a compact picker", async () => {
    const { page } = await open(desktop, "/models/bartowski/Meta-Llama-3.1-8B-Instruct-GGUF");
    const tabs = page.getByRole("tablist", { name: "Library or app" }).getByRole("tab");
    expect(await tabs.allInnerTexts()).toEqual(["llama.cpp", "node-llama-cpp", "vLLM", "LM Studio"]);
    const picker = page.getByLabel("More local apps");
    const more = await picker.locator("option").allInnerTexts();
    expect(more.length).toBeGreaterThan(8);
    expect(more).toContain("Ollama");
    await picker.selectOption({ label: "Ollama" });
    await page.getByRole("tab", { name: "Ollama", selected: true }).waitFor();
    const code = page.locator("#use-title").locator("..").locator(".code-block pre").first();
    await expect.poll(async () => (await code.textContent()) ?? "").toContain("ollama run hf.co/bartowski/");
    await screenshots(page, "model-gguf-apps-desktop", false);
    await page.close();
  });

  it("the playground's Steps and Guidance fields are wide enough for their values", async () => {
    for (const context of [desktop, phone]) {
      const { page } = await open(context, "/playground?mode=image&steps=28&guidance=3.5");
      if (context === phone)
        await page
          .getByRole("button", { name: /Settings/ })
          .first()
          .click();
      for (const name of ["steps", "guidance", "seed"]) {
        const field = page.locator(`input[data-param="${name}"]`);
        const { width } = (await field.boundingBox())!;
        // As wide as the settings panel's other fields (a select's width), not the browser's default.
        const size = (await page.locator('select[data-param="size"]').boundingBox())!;
        expect(width, name).toBeGreaterThanOrEqual(name === "seed" ? size.width - 60 : size.width - 1);
        // The placeholder fits: its text is not wider than the field.
        const fits = await field.evaluate(
          (input: HTMLInputElement) => input.scrollWidth <= input.clientWidth,
        );
        expect(fits, name).toBe(true);
      }
      expect(await page.locator('input[data-param="guidance"]').inputValue()).toBe("3.5");
      await page.close();
    }
  });
});

describe("every route on a 390 px phone", () => {
  it("nothing is wider than the screen, and the libraries list is compact", async () => {
    const routes = [
      "/",
      "/tasks",
      "/tasks/image-segmentation",
      "/libraries",
      "/libraries/transformers",
      "/libraries/diffusers",
      "/models",
      "/models?library=transformers&pipeline_tag=text-classification",
      "/models/meta-llama/Llama-3.3-70B-Instruct",
      "/models/black-forest-labs/FLUX.1-dev",
      "/meta-llama",
      "/playground",
      "/no/such/page",
      "/models/nobody/nothing-here",
    ];
    const problems: string[] = [];
    for (const route of routes) {
      const { page } = await open(phone, route);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) problems.push(`${route}: the page is ${width} px wide`);
      for (const element of await overflowing(page, PHONE.width)) problems.push(`${route}: ${element}`);
      if (route === "/libraries") {
        // All cards are there once hydrated; folded details keep the list to a few screens.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(height, "/libraries height at 390 px").toBeLessThan(40_000);
        await screenshots(page, "libraries-phone", false);
      }
      if (route === "/no/such/page") await screenshots(page, "not-found-phone");
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
