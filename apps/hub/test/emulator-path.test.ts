// /emulator/{port}/… (the offline hub's relay to the emulator's polling and file hosts) takes the
// port in plain digits. A percent-encoded port (/emulator/%34%30…/) matched once decoded, and the
// rest of the path was then cut from the raw URL at the decoded length: a malformed request line went
// to the emulator. It is now refused with 400 naming the expected shape.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../src/index.js";

let server: HubServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-emulator-path-"));
  server = await startHubServer({ port: 0, dataDir, hfToken: "", logger: false });
});

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it("relays a plain port and refuses a percent-encoded one", async () => {
  const port = new URL(server.emulator!.providerUrls["fal-ai-queue"]!).port;
  const file = "/files/none.png";
  server.emulator!.clearRequests();
  const plain = await fetch(`${server.url}/emulator/${port}${file}`);
  expect(plain.status).not.toBe(400);
  expect(server.emulator!.lastRequest()?.path).toBe(file);

  const encoded = [...port].map((digit) => `%3${digit}`).join("");
  server.emulator!.clearRequests();
  const res = await fetch(`${server.url}/emulator/${encoded}${file}`);
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: string }).error).toMatch(/port in plain digits/);
  expect(server.emulator!.requests).toHaveLength(0);
});
