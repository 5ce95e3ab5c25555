// Every route of the app that the other browser tests do not already cover page by page (task and
// model pages are checked in try-it.e2e and model-page.e2e): axe-core finds no serious or critical
// WCAG 2.1 A/AA violation, light and dark, desktop and phone, and nothing sticks out of a phone screen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, DESKTOP, hydrated, overflowing, PHONE, startE2E, type E2E } from "./e2e-setup.js";

const ROUTES = [
  "/",
  "/tasks",
  "/libraries",
  "/libraries/transformers",
  "/models",
  "/models?pipeline_tag=text-generation&library=transformers",
  "/playground",
  "/no-such-org/no-such-model",
  "/no/such/page",
];

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

describe("every route in Chromium", () => {
  it("axe: no serious or critical violation in either theme at either size; no overflow on a phone", async () => {
    const problems: string[] = [];
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await e2e.browser.newContext({ viewport });
      const page = await context.newPage();
      for (const route of ROUTES) {
        await page.goto(`${e2e.hub.url}${route}`);
        await hydrated(page);
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          for (const violation of await axeViolations(page))
            problems.push(`${route} ${viewport.width}px ${colorScheme}: ${violation}`);
        }
        if (viewport === PHONE)
          for (const element of await overflowing(page, PHONE.width))
            problems.push(`${route} overflows the phone: ${element}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
