// The proxy's body relay against a hand-written upstream: many small chunks arrive joined but byte
// for byte, a large body that the browser reads slowly arrives whole (backpressure, not loss), and a
// body the upstream cuts short ends the reply cut short instead of passing for complete. Requests
// served straight from Node's request event and those left to Fastify reach the upstream alike, and
// the upstream connections are reused, then closed once idle.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { Socket } from "node:net";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingSecurityHeaders } from "./helpers.js";
import { startHubInFrontOf, type TestHub } from "./support/hub.js";

let upstream: Server;
let hub: TestHub;
const BIG = Buffer.alloc(8 * 1024 * 1024, 0);
for (let i = 0; i < BIG.length; i += 4096) BIG.writeUInt32LE(i, i);

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
/** Requests the upstream received, and its connections open now and opened so far. */
let upstreamRequests = 0;
const openConnections = new Set<Socket>();
let connectionsOpened = 0;

const routes: Record<string, (res: ServerResponse, req: IncomingMessage, body: Buffer) => void> = {
  // 500 events written one by one, as a token stream is.
  "/bench/events": (res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (let i = 0; i < 500; i++) res.write(`data: {"n":${i},"text":"é🤗"}\n\n`);
    res.end("data: [DONE]\n\n");
  },
  // What arrived: method, body size and hash, and the headers that matter here.
  "/bench/echo": (res, req, body) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        method: req.method,
        length: body.length,
        sha256: sha256(body),
        contentEncoding: req.headers["content-encoding"],
        authorization: req.headers.authorization,
      }),
    );
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
    upstreamRequests++;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const route = routes[(req.url ?? "").split("?")[0]];
      if (route) route(res, req, Buffer.concat(chunks));
      else res.writeHead(404).end();
    });
  });
  upstream.on("connection", (socket: Socket) => {
    connectionsOpened++;
    openConnections.add(socket);
    socket.on("close", () => openConnections.delete(socket));
  });
  hub = await startHubInFrontOf("proxy-relay", upstream, "hf_relayTestToken0000");
});

afterAll(() => hub?.close());

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

describe("the direct path and Fastify's", () => {
  it("forward a body whole: plain on the direct path, gzip-encoded through Fastify (decompressed)", async () => {
    const body = Buffer.from(JSON.stringify({ text: "é🤗 ".repeat(50_000) }));
    const plain = await fetch(`${hub.url}/router/bench/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    const encoded = await fetch(`${hub.url}/router/bench/echo`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      body: gzipSync(body),
    });
    for (const response of [plain, encoded]) {
      expect(response.status).toBe(200);
      const headers = Object.fromEntries(response.headers);
      expect(missingSecurityHeaders(headers)).toEqual([]);
      expect(await response.json()).toEqual({
        method: "POST",
        length: body.length,
        sha256: sha256(body),
        authorization: "Bearer hf_relayTestToken0000",
      });
    }
  });

  it("answer a body over the limit with 413, also when it comes chunked with no length given", async () => {
    const before = upstreamRequests;
    const { hostname, port } = new URL(hub.url);
    const reply = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          { host: hostname, port, method: "POST", path: "/router/bench/echo", agent: false },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (text += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
          },
        );
        req.setHeader("content-type", "application/octet-stream");
        req.on("error", reject);
        // 33 MB in 1 MB chunks (the proxy takes 32 MB); the hub may answer before the end.
        const chunk = Buffer.alloc(1024 * 1024, 1);
        let sent = 0;
        const more = () => {
          while (sent < 33) {
            sent++;
            if (sent === 33) return void req.end(chunk);
            if (!req.write(chunk)) return void req.once("drain", more);
          }
        };
        more();
      },
    );
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ error: "Request body is too large" });
    expect(missingSecurityHeaders(reply.headers as never)).toEqual([]);
    expect(upstreamRequests).toBe(before);
  });

  it("reuse one upstream connection for requests in sequence, and close it once idle", async () => {
    const opened = connectionsOpened;
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${hub.url}/router/bench/events`, { method: "POST", body: "{}" });
      expect((await response.text()).endsWith("data: [DONE]\n\n")).toBe(true);
    }
    expect(connectionsOpened - opened).toBeLessThanOrEqual(1);
    expect(openConnections.size).toBeGreaterThan(0);
    // Idle connections close after 4 s (checked about once a second).
    const deadline = Date.now() + 15_000;
    while (openConnections.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(openConnections.size).toBe(0);
  }, 30_000);
});
