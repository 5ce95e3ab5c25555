// The router's keep-alive pool against a raw TCP upstream on loopback: the newest idle connection is
// reused, and one idle past the keep-alive time is never handed out (the upstream may be closing it
// at that moment), even before the periodic sweep has closed it.
import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { UpstreamPool } from "../src/router/pool.js";
import { upstreamOf } from "../src/router/upstream.js";

let upstream: Server;
const accepted: Socket[] = [];

beforeAll(async () => {
  upstream = createServer((socket) => accepted.push(socket));
  upstream.listen(0, "127.0.0.1");
  await once(upstream, "listening");
});

afterAll(async () => {
  for (const socket of accepted) socket.destroy();
  upstream.close();
  await once(upstream, "close");
});

it("reuses the newest idle connection, and none idle past the keep-alive time", async () => {
  const address = upstream.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  const keepAliveMs = 40;
  const pool = new UpstreamPool(upstreamOf(`http://127.0.0.1:${address.port}`), 5_000, keepAliveMs);
  try {
    const first = pool.take();
    await once(first.socket, "connect");
    pool.release(first);
    expect(pool.take()).toBe(first);

    pool.release(first);
    const freedAt = performance.now();
    await expect.poll(() => performance.now() - freedAt >= keepAliveMs, { interval: 10 }).toBe(true);
    // No sweep ran: take() itself refuses the stale connection and closes it.
    const second = pool.take();
    expect(second).not.toBe(first);
    expect(first.socket.destroyed).toBe(true);
    await once(second.socket, "connect");
    expect(accepted.length).toBe(2);
  } finally {
    pool.destroy();
  }
});
