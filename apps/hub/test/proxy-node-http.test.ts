// The proxy's fallback upstream client (router/node-http-client.ts, node:http with a keep-alive
// Agent), used when Node does not expose the parser the native client drives, and picked here with
// HUBKIT_PROXY_CLIENT=node-http: a stream relayed byte for byte over one kept-alive connection, an
// error body scrubbed of the server's token, and a stream the upstream cuts ending in an error event.
import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../src/index.js";
import { upstreamClientKind } from "../src/router/proxy.js";

const TOKEN = "hf_nodeHttpClientToken0000";
let upstream: Server;
let hub: HubServer;
let dataDir: string;
let connectionsOpened = 0;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.url === "/bench/events") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        for (let i = 0; i < 200; i++) res.write(`data: {"n":${i},"text":"é🤗"}\n\n`);
        res.end("data: [DONE]\n\n");
      } else if (req.url === "/bench/denied") {
        // An upstream that echoes the credential it was sent.
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: `bad token ${req.headers.authorization}` }));
      } else if (req.url === "/bench/cut") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write('data: {"n":0}\n\n', () => res.socket?.destroy());
      } else res.writeHead(404).end();
    });
  });
  upstream.on("connection", (_socket: Socket) => connectionsOpened++);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-proxy-node-http-"));
  const before = process.env.HUBKIT_PROXY_CLIENT;
  process.env.HUBKIT_PROXY_CLIENT = "node-http";
  try {
    expect(upstreamClientKind()).toBe("node-http");
    hub = await startHubServer({
      port: 0,
      dataDir,
      hfToken: TOKEN,
      onlineRouterUrl: `http://127.0.0.1:${(upstream.address() as { port: number }).port}`,
    });
  } finally {
    if (before === undefined) delete process.env.HUBKIT_PROXY_CLIENT;
    else process.env.HUBKIT_PROXY_CLIENT = before;
  }
});

afterAll(async () => {
  await hub?.close();
  await new Promise((resolve) => upstream?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the proxy on node:http's client", () => {
  it("relays a stream byte for byte, twice over one kept-alive connection", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${hub.url}/router/bench/events`, { method: "POST", body: "{}" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      const events = (await response.text()).split("\n\n").filter(Boolean);
      expect(events).toHaveLength(201);
      expect(events[199]).toBe('data: {"n":199,"text":"é🤗"}');
    }
    expect(connectionsOpened).toBe(1);
  });

  it("scrubs the server's token from an error body", async () => {
    const response = await fetch(`${hub.url}/router/bench/denied`, { method: "POST", body: "{}" });
    expect(response.status).toBe(401);
    const text = await response.text();
    expect(text).not.toContain(TOKEN);
    expect(text).toContain("[redacted]");
  });

  it("ends a stream the upstream cuts with an error event", async () => {
    const response = await fetch(`${hub.url}/router/bench/cut`, { method: "POST", body: "{}" });
    expect(response.status).toBe(200);
    const events = (await response.text()).split("\n\n").filter(Boolean);
    expect(events[0]).toBe('data: {"n":0}');
    expect(events.at(-1)).toContain("closed the connection before the end");
  });
});
