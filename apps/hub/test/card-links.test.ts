// Links in a model card that start with "/" but leave the site (`//evil.example`, `/\evil.example`:
// browsers read the backslash as a slash) render as external links (new tab, noopener, nofollow),
// and such an image is not loaded; paths on this site stay same-site links. Before, both rendered as
// same-site links. The page is rendered on the server by the built web app.
//
// Needs the built web app (apps/web/dist and dist-ssr, `node scripts/build.mjs`).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importJsonl, startHubServer, type HubServer } from "../src/index.js";

const WEB_DIST = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../web/dist");
const CARD = [
  "# Card links",
  "",
  "[protocol-relative](//evil.example/a) [backslash](/\\evil.example/b) [on-site](/models?q=x)",
  "",
  "![tracker](/\\evil.example/pixel.png)",
].join("\n");

describe.skipIf(!existsSync(path.join(WEB_DIST, "..", "dist-ssr", "entry-server.js")))("card links", () => {
  let server: HubServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-card-links-"));
    server = await startHubServer({ port: 0, dataDir, hfToken: "", webDistDir: WEB_DIST, logger: false });
    const model = {
      id: "card-links/model",
      pipeline_tag: "text-classification",
      library_name: "transformers",
      tags: ["transformers"],
      readme: CARD,
    };
    const report = await importJsonl(server.store, Readable.from([JSON.stringify(model) + "\n"]));
    expect(report.inserted).toBe(1);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("renders // and /\\ links as external, and on-site paths as same-site links", async () => {
    const res = await fetch(`${server.url}/card-links/model`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const anchor = (text: string) => new RegExp(`<a [^>]*>${text}</a>`).exec(html)?.[0];
    expect(anchor("protocol-relative")).toBe(
      '<a href="//evil.example/a" target="_blank" rel="noopener noreferrer nofollow">protocol-relative</a>',
    );
    expect(anchor("backslash")).toBe(
      '<a href="/\\evil.example/b" target="_blank" rel="noopener noreferrer nofollow">backslash</a>',
    );
    expect(anchor("on-site")).toBe('<a href="/models?q=x">on-site</a>');
    expect(html).not.toMatch(/<img [^>]*evil\.example/);
  });
});

describe.skipIf(!existsSync(path.join(WEB_DIST, "..", "dist-ssr", "entry-server.js")))("page paths", () => {
  let server: HubServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-page-paths-"));
    server = await startHubServer({ port: 0, dataDir, hfToken: "", webDistDir: WEB_DIST, logger: false });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("does not render //host/… or /\\host/… (one cached page per made-up host before)", async () => {
    for (const target of ["//evil-1.example/models", "//evil-2.example/tasks", "/\\evil-3.example/models"]) {
      const res = await fetch(`${server.url}${target}`);
      const body = await res.text();
      expect(res.status, target).toBe(404);
      expect(body, target).not.toContain('<div id="root"><');
    }
    // a page of this site still renders
    const page = await fetch(`${server.url}/tasks`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"><');
  });
});
