// The web app's frame (apps/web/index.html) and the hub's Content-Security-Policy: the theme script
// in the frame's <head> is inline (the parser waits for no file before the first paint) and the CSP
// allows it by its hash; a frame with an inline script the CSP would block stops the hub at start.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../src/index.js";
import { CSP, INLINE_SCRIPT_HASHES } from "../src/http/request-guard.js";

const FRAME = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/index.html");
const hashOf = (script: string) => `sha256-${createHash("sha256").update(script).digest("base64")}`;
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);

const dirs: string[] = [];
let server: HubServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function webDir(frame: string): { dataDir: string; webDistDir: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-frame-data-"));
  const webDistDir = mkdtempSync(path.join(tmpdir(), "hubkit-frame-web-"));
  dirs.push(dataDir, webDistDir);
  writeFileSync(path.join(webDistDir, "index.html"), frame);
  return { dataDir, webDistDir };
}

describe("the web app's frame and the CSP", () => {
  it("the frame's inline theme script is allowed by its hash, and the CSP names nothing else inline", () => {
    const scripts = inlineScripts(readFileSync(FRAME, "utf8"));
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain("hubkit-theme");
    expect(INLINE_SCRIPT_HASHES).toEqual([hashOf(scripts[0]!)]);
    expect(CSP).toContain(`script-src 'self' '${hashOf(scripts[0]!)}';`);
    expect(CSP).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("serves the frame with the hash in its CSP", async () => {
    const frame = readFileSync(FRAME, "utf8").replace(/<script type="module"[^>]*><\/script>/, "");
    server = await startHubServer({ port: 0, ...webDir(frame), hfToken: "" });
    const response = await fetch(`${server.url}/tasks`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain(`'${INLINE_SCRIPT_HASHES[0]}'`);
    expect(await response.text()).toContain('localStorage.getItem("hubkit-theme")');
  });

  it("refuses to start with a frame whose inline script the CSP would block, naming the fix", async () => {
    const frame = `<!doctype html><html><head><script>document.title = "x";</script></head><body><div id="root"></div></body></html>`;
    const start = startHubServer({ port: 0, ...webDir(frame), hfToken: "" });
    await expect(start).rejects.toThrow(
      /inline script the hub's Content-Security-Policy would block \(sha256-[^)]+\).*INLINE_SCRIPT_HASHES/,
    );
  });

  it("JSON data islands are not scripts: a frame with one starts", async () => {
    const frame = `<!doctype html><html><head><script type="application/json" id="x">{"a":1}</script></head><body><div id="root"></div></body></html>`;
    server = await startHubServer({ port: 0, ...webDir(frame), hfToken: "" });
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });
});
