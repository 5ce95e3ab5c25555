// End-to-end: the models list marks mirrored models. Hub A hosts a model; the hub under test (B,
// serving the web app) mirrors A, and fetches that model once through its API. Then: /api/models
// carries hubkitMirror for it (and for no other model), `mirrored=true` lists only it, and in
// Chromium the models list shows a "Mirrored" badge on its row (with ?mirrored=true and by search),
// at 1440×900 and 390×844, light and dark (screenshots in screenshots/), with no axe violation.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startHubServer, type HubServer } from "@hubkit/hub";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, hydrated, overflowing, PHONE, screenshots, startE2E, type E2E } from "./e2e-setup.js";

const MODEL = "acme/Mirror-Orca-1B";
const README = "---\nlicense: mit\npipeline_tag: text-generation\n---\n# Mirror Orca\n\nHosted on hub A.\n";

let work: string;
let upstream: HubServer;
let e2e: E2E;

interface ListedModel {
  id: string;
  hubkitMirror?: { upstream: string; fetchedAt: string };
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-mirror-list-e2e-"));
  upstream = await startHubServer({ port: 0, dataDir: path.join(work, "a"), seed: false, hfToken: "" });
  const token = await upstream.repos.access.createToken("alice", { write: true, orgs: ["acme"] });
  const auth = { authorization: `Bearer ${token}` };
  const created = await fetch(`${upstream.url}/api/repos/create`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name: "Mirror-Orca-1B", organization: "acme", type: "model" }),
  });
  expect(created.status).toBe(200);
  const committed = await fetch(`${upstream.url}/api/models/${MODEL}/commit/main`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/x-ndjson" },
    body: [
      { key: "header", value: { summary: "card" } },
      { key: "file", value: { path: "README.md", content: README, encoding: "utf-8" } },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n"),
  });
  expect(committed.status).toBe(200);
  e2e = await startE2E({
    mirror: { upstreamUrl: upstream.url, ttlSeconds: 600, readers: [] },
  });
  // The first request for the model fetches it from A; from then on B holds it.
  const info = await fetch(`${e2e.hub.url}/api/models/${MODEL}`);
  expect(info.status).toBe(200);
});

afterAll(async () => {
  await e2e?.close();
  await upstream?.close();
  rmSync(work, { recursive: true, force: true });
});

async function listed(query: string): Promise<ListedModel[]> {
  const response = await fetch(`${e2e.hub.url}/api/models?${query}`);
  expect(response.status, query).toBe(200);
  return (await response.json()) as ListedModel[];
}

async function mirroredRow(page: Page) {
  const row = page.locator(".model-card", { has: page.getByRole("heading", { name: MODEL }) });
  await row.waitFor();
  const badge = row.locator(".badge", { hasText: "Mirrored" });
  expect(await badge.count()).toBe(1);
  expect(await badge.getAttribute("title")).toContain(`Mirrored from ${upstream.url}`);
  return row;
}

describe("the models list marks mirrored models", { timeout: 120_000 }, () => {
  it("the API: hubkitMirror on the mirrored model only, and mirrored=true", async () => {
    const [found] = await listed(`search=${encodeURIComponent("Mirror-Orca")}`);
    expect(found.id).toBe(MODEL);
    expect(found.hubkitMirror?.upstream).toBe(upstream.url);
    expect(Number.isNaN(Date.parse(found.hubkitMirror!.fetchedAt))).toBe(false);
    const others = await listed("limit=50");
    expect(others.length).toBeGreaterThan(5);
    expect(others.filter((model) => model.hubkitMirror).map((model) => model.id)).toEqual(
      others.some((model) => model.id === MODEL) ? [MODEL] : [],
    );
    expect((await listed("mirrored=true")).map((model) => model.id)).toEqual([MODEL]);
    expect((await listed("mirrored=true&pipeline_tag=image-to-text")).length).toBe(0);
    const bad = await fetch(`${e2e.hub.url}/api/models?mirrored=maybe`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("mirrored must be true or false");
  });

  it("the web list: a Mirrored badge on its row, desktop and phone", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.hub.url}/models?mirrored=true`);
    await hydrated(page);
    await mirroredRow(page);
    expect(await page.locator(".model-card").count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, "models-mirrored-desktop", false);
    // By search, among models that are not mirrored: only its row has the badge.
    await page.goto(`${e2e.hub.url}/models?search=Orca`);
    await hydrated(page);
    await mirroredRow(page);
    expect(await page.locator(".model-card .badge", { hasText: "Mirrored" }).count()).toBe(1);
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.hub.url}/models?mirrored=true`);
    await hydrated(page);
    await mirroredRow(page);
    expect(await overflowing(page, PHONE.width)).toEqual([]);
    await screenshots(page, "models-mirrored-phone", false);
    await context.close();
  });
});
