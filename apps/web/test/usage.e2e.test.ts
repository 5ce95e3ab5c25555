// The usage page in headless Chromium against the real hub (offline): after router calls by a hub
// token (some billed to an org), the server-rendered page shows them per token with a chart of tokens
// per day, regroups by org and model after hydration, has no accessibility violations, and fits a
// phone. Screenshots: screenshots/usage-*.png.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, hydrated, overflowing, PHONE, screenshots, startE2E, type E2E } from "./e2e-setup.js";

const MODEL = "meta-llama/Llama-3.3-70B-Instruct";
let e2e: E2E;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E();
  const token = await e2e.hub.repos.access.createToken("uma", { orgs: ["orbit"] });
  const chat = (provider: string, headers: Record<string, string> = {}) =>
    fetch(`${e2e.hub.url}/router/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify({
        model: `${MODEL}:${provider}`,
        messages: [{ role: "user", content: "Hi" }],
        max_tokens: 8,
      }),
    }).then((response) => response.text());
  for (const provider of ["groq", "together", "groq"]) await chat(provider);
  await chat("novita", { "x-hf-bill-to": "orbit" });
  page = await e2e.browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 120_000);

afterAll(async () => {
  await page?.close();
  await e2e?.close();
});

describe("the usage page", () => {
  it("renders calls per token on the server, with the chart", async () => {
    const html = await (await fetch(`${e2e.hub.url}/usage`)).text();
    expect(html).toContain("<title>Usage · hubkit</title>");
    expect(html).toMatch(/<td>uma · [0-9a-f]{8}<\/td><td>4<\/td>/);
    expect(html).toContain('aria-label="Tokens per day"');
  });

  it("regroups by org and by model in the browser", async () => {
    await page.goto(`${e2e.hub.url}/usage`);
    await hydrated(page);
    await page.getByRole("button", { name: "Organisation" }).click();
    await page.getByRole("cell", { name: "orbit" }).waitFor();
    await page.getByRole("button", { name: "Model" }).click();
    const cell = page.getByRole("cell", { name: MODEL });
    await cell.waitFor();
    expect(await page.locator("tbody tr").count()).toBe(1);
    expect(page.url()).toContain("by=model");
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, "usage");
    await page.setViewportSize(PHONE);
    expect(await overflowing(page, PHONE.width)).toEqual([]);
  });
});
