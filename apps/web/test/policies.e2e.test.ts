// The router's policies in the UI, in headless Chromium against the real hub (offline): the
// playground's provider picker offers :fastest, :cheapest and :preferred with the provider each would
// pick now and the figure it rests on; choosing :cheapest and sending reaches the emulator at the
// cheapest provider of the price table, and the code shown calls `model:cheapest`. The model page's
// picker offers the same, and its snippets use the suffixed id. Screenshots: screenshots/policies-*.png.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, screenshots, startE2E, type E2E } from "./e2e-setup.js";

const MODEL = "meta-llama/Llama-3.3-70B-Instruct";
/** The price table's cheapest live chat provider of MODEL (apps/hub/data/router/prices.json). */
const CHEAPEST = "novita";
let e2e: E2E;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
}, 120_000);

afterAll(async () => {
  await page?.close();
  await e2e?.close();
});

const chatCalls = () =>
  e2e.hub.emulator!.requests.filter((request) => request.path.endsWith("/chat/completions"));

describe("router policies in the UI", () => {
  it("playground: :cheapest says which provider it picks, and the call goes there", async () => {
    await page.goto(`${e2e.hub.url}/playground?model=${encodeURIComponent(MODEL)}`);
    await hydrated(page);
    const picker = page.getByLabel("Provider", { exact: true });
    await expect.poll(() => picker.locator("option[value=':cheapest']").count(), { timeout: 15_000 }).toBe(1);
    const labels = await picker.locator("optgroup[label='Router policy'] option").allTextContents();
    expect(labels).toHaveLength(3);
    expect(labels[0]).toMatch(/^:fastest → [a-z-]+ \(/);
    expect(labels[1]).toMatch(new RegExp(`^:cheapest → ${CHEAPEST} \\(\\$[\\d.]+/\\$[\\d.]+ per M tok\\)$`));
    expect(labels[2]).toMatch(/^:preferred → [a-z-]+ \(first in the model's mapping\)$/);

    await picker.selectOption(":cheapest");
    expect(page.url()).toContain("provider=%3Acheapest");
    expect(await page.getByTestId("policy-note").textContent()).toContain(`${MODEL}:cheapest`);
    const before = chatCalls().length;
    await page.getByLabel("Message", { exact: true }).fill("Which provider answers?");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect.poll(() => page.getByTestId("streaming").count(), { timeout: 15_000 }).toBe(0);
    await page.locator(".message.assistant .markdown").last().waitFor();
    const calls = chatCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0].provider).toBe(CHEAPEST);

    await page.getByRole("button", { name: "View code" }).click();
    const code = page.locator(".playground-code .code-block pre").first();
    await code.waitFor();
    expect(await code.textContent()).toContain(`${MODEL}:cheapest`);
    await screenshots(page, "policies-playground");
  });

  it("model page: the provider picker offers the policies, and the snippets use the suffixed id", async () => {
    await page.goto(`${e2e.hub.url}/models/${MODEL}`);
    await hydrated(page);
    const picker = page.locator(".inference-widget select").first();
    await expect.poll(() => picker.locator("option[value=':cheapest']").count(), { timeout: 15_000 }).toBe(1);
    expect(await picker.locator("option[value=':fastest']").textContent()).toMatch(/^:fastest → [a-z-]+ \(/);
    await picker.selectOption(":cheapest");
    expect(await page.getByTestId("policy-note").textContent()).toContain(`${CHEAPEST} now`);
    const code = page.locator(".inference-widget .code-block pre").first();
    await expect.poll(() => code.textContent(), { timeout: 15_000 }).toContain(`${MODEL}:cheapest`);
    await page.getByTestId("policy-note").scrollIntoViewIfNeeded();
    await screenshots(page, "policies-model", false);
  });
});
