// The proxy's body relay against a hand-written upstream: many small chunks arrive joined but byte
// for byte, a large body that the browser reads slowly arrives whole (backpressure, not loss), and a
// body the upstream cuts short ends the reply cut short instead of passing for complete.
import { createServer, type Server, type ServerResponse } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../src/index.js";

let upstream: Server;
let hub: HubServer;
let dataDir: string;
const BIG = Buffer.alloc(8 * 1024 * 1024, 0);
for (let i = 0; i < BIG.length; i += 4096) BIG.writeUInt32LE(i, i);

const routes: Record<string, (res: ServerResponse) => void> = {
  // 500 events written one by one, as a token stream is.
  "/bench/events": (res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (let i = 0; i < 500; i++) res.write(`data: {"n":${i},"text":"é🤗"}\n\n`);
    res.end("data: [DONE]\n\n");
  },
  "/bench/big": (res) => {
    res.writeHead(200, { "content-type": "application/octet-stream" });
    res.end(BIG);
  },
  // Promises 100 000 bytes, sends 10 and hangs up.
  "/bench/cut": (res) => {
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": "100000" });
    res.write("0123456789", () => res.socket?.destroy());
  },
};

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const route = routes[(req.url ?? "").split("?")[0]];
      if (route) route(res);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-proxy-relay-"));
  hub = await startHubServer({
    port: 0,
    dataDir,
    hfToken: "hf_relayTestToken0000",
    onlineRouterUrl: `http://127.0.0.1:${(upstream.address() as { port: number }).port}`,
  });
});

afterAll(async () => {
  await hub?.close();
  await new Promise((resolve) => upstream?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the proxy's body relay", () => {
  it("passes 500 separately written events through byte for byte", async () => {
    const response = await fetch(`${hub.url}/router/bench/events`, { method: "POST", body: "{}" });
    expect(response.status).toBe(200);
    const text = await response.text();
    const events = text.split("\n\n").filter(Boolean);
    expect(events).toHaveLength(501);
    expect(events[499]).toBe('data: {"n":499,"text":"é🤗"}');
    expect(events[500]).toBe("data: [DONE]");
  });

  it("delivers a large body whole to a reader that pauses", async () => {
    const response = await fetch(`${hub.url}/router/bench/big`, { method: "POST", body: "{}" });
    const reader = response.body!.getReader();
    const hash = createHash("sha256");
    let size = 0;
    for (let reads = 0; ; reads++) {
      const { done, value } = await reader.read();
      if (done) break;
      hash.update(value);
      size += value.length;
      // Slow at first, so the proxy's buffer fills and it must pause the upstream.
      if (reads < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(size).toBe(BIG.length);
    expect(hash.digest("hex")).toBe(createHash("sha256").update(BIG).digest("hex"));
  });

  it("cuts the reply short when the upstream cuts the body short", async () => {
    const response = await fetch(`${hub.url}/router/bench/cut`, { method: "POST", body: "{}" });
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
  });
});
