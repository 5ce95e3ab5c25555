// /emulator/{port}/… (the offline hub's relay to the emulator's polling and file hosts) takes the
// port in plain digits. A percent-encoded port (/emulator/%34%30…/) matched once decoded, and the
// rest of the path was then cut from the raw URL at the decoded length: a malformed request line went
// to the emulator. It is now refused with 400 naming the expected shape.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestHub, type TestHub } from "./support/hub.js";

let server: TestHub;

beforeAll(async () => {
  server = await startTestHub("emulator-path", { logger: false });
});

afterAll(() => server?.close());

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
