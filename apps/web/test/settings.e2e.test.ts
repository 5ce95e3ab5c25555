// The admin settings page in headless Chromium against the real hub (offline): signed out, or signed
// in without being an admin, /settings is the app's "not found" page; a hub admin (HUBKIT_ADMINS)
// sets a provider key through the write-only field and sees the provider listed (never the key), and
// sees the storage report. Screenshots: screenshots/settings-*.png.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, hydrated, screenshots, startE2E, type E2E } from "./e2e-setup.js";

const KEY = "gsk_settingsPageSecret0123456789";
let e2e: E2E;
let page: Page;
let admin: string;
let member: string;

beforeAll(async () => {
  // Read by the hub at start (this file runs in its own worker).
  process.env.HUBKIT_ADMINS = "rhea";
  process.env.HUBKIT_SECRET_KEY = "7c".repeat(32);
  e2e = await startE2E();
  admin = await e2e.hub.repos.access.createToken("rhea");
  await e2e.hub.repos.access.createToken("sami", { orgs: ["crew"] });
  member = await e2e.hub.repos.access.createToken("uwe");
  page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
}, 120_000);

afterAll(async () => {
  await page?.close();
  await e2e?.close();
});

async function signIn(token: string): Promise<void> {
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Hub token").fill(token);
  await page.locator(".sign-in-form").getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign in" }).waitFor({ state: "detached" });
}

describe("the settings page", () => {
  it("is not found for someone signed out", async () => {
    await page.goto(`${e2e.hub.url}/settings`);
    await hydrated(page);
    await page.locator(".not-found").waitFor();
    expect(await page.locator("h1").textContent()).toBe("Page not found");
  });

  it("lets a hub admin set a key, then lists the provider without showing the key", async () => {
    page.setDefaultTimeout(8_000);
    await signIn(admin);
    await page.goto(`${e2e.hub.url}/settings`);
    await hydrated(page);
    await page.getByRole("heading", { name: "Provider keys" }).waitFor();
    expect(await page.getByTestId("storage-summary").textContent()).toMatch(
      /^\d+ repos, [\d.]+ MiB of files/,
    );
    await page.getByLabel("Organisation").fill("");
    await page.getByLabel("Provider", { exact: true }).fill("groq");
    await page.getByLabel("Key", { exact: true }).fill(KEY);
    expect(await page.getByLabel("Key", { exact: true }).getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Save key" }).click();
    const row = page.getByRole("row", { name: /groq the whole hub/ });
    await row.waitFor();
    expect(await page.getByLabel("Key", { exact: true }).inputValue()).toBe("");
    expect(await page.content()).not.toContain(KEY);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, "settings");

    // The org's key is listed beside it; removing one takes it off the list.
    await page.getByLabel("Organisation").fill("crew");
    await page.getByLabel("Provider", { exact: true }).fill("together");
    await page.getByLabel("Key", { exact: true }).fill(KEY);
    await page.getByRole("button", { name: "Save key" }).click();
    await page.getByRole("row", { name: /together crew/ }).waitFor();
    await page.getByRole("button", { name: "Remove the together key of crew" }).click();
    await page.getByRole("row", { name: /together crew/ }).waitFor({ state: "detached" });
    expect(await page.content()).not.toContain(KEY);
  });

  it("is not found for a signed-in member who administers nothing", async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${e2e.hub.url}/`);
    await hydrated(page);
    await signIn(member);
    await page.goto(`${e2e.hub.url}/settings`);
    await hydrated(page);
    await page.locator(".not-found").waitFor();
  });
});
