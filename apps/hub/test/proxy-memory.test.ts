// The offline hub does not keep what goes through its /router: after 20 requests of 30 MiB and a
// garbage collection, what the hub process holds (V8 heap plus external buffers) is within 20 MB of
// where it was after the first such request, so not even one body is kept. Resident memory is only
// bounded loosely (300 MB, against the 1.35 GB the old leak grew): the allocator and V8 keep freed
// pages for reuse, and RSS grew by 32 to 121 MB between runs with the heap flat in every one. The
// in-process emulator's request log used to keep each body whole (its buffer and its parsed JSON,
// about 60 MB per request) for the last 1,000 requests: 20 such requests took the hub from 94 MB to
// 1.5 GB. The hub runs as a child process, so that the test's own copies of the bodies are not counted.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hubMemory } from "./support/hub-memory.js";
import { removeHubCli, startHubProcess, type HubProcess } from "./support/hub-process.js";

const MEMORY_HUB = path.join(path.dirname(new URL(import.meta.url).pathname), "support", "memory-hub.ts");
const MIB = 1024 * 1024;

let hub: HubProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-proxy-memory-"));
  hub = await startHubProcess({ HUBKIT_DATA_DIR: dataDir }, 60_000, MEMORY_HUB);
});

afterAll(async () => {
  await hub?.stop();
  await removeHubCli();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it("20 requests of 30 MiB through the offline /router keep no body: heap and buffers within 20 MB", async () => {
  // A JSON body the emulator parses whole, logs, and refuses quickly (messages must be a list).
  const body = JSON.stringify({ model: "meta-llama/Llama-3.3-70B-Instruct", messages: "x".repeat(30 * MIB) });
  const send = async (n: number) => {
    const res = await fetch(`${hub.url}/router/together/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer hf_offlinedemo", "content-type": "application/json" },
      body,
    });
    const text = await res.text();
    expect(res.status, `request ${n}: ${text}`).toBe(400);
  };
  await send(0);
  const start = await hubMemory(hub);
  for (let i = 1; i <= 20; i++) await send(i);
  const end = await hubMemory(hub);
  expect(end.logged).toBe(start.logged + 20);
  console.log(
    `proxy memory: hub RSS ${(start.rss / MIB).toFixed(0)} → ${(end.rss / MIB).toFixed(0)} MiB, ` +
      `heap ${(start.heapUsed / MIB).toFixed(0)} → ${(end.heapUsed / MIB).toFixed(0)} MiB, ` +
      `external ${(start.external / MIB).toFixed(0)} → ${(end.external / MIB).toFixed(0)} MiB after 20 requests of 30 MiB`,
  );
  const held = (memory: { heapUsed: number; external: number }) => memory.heapUsed + memory.external;
  expect(held(end) - held(start)).toBeLessThan(20 * 1000 * 1000);
  expect(end.rss - start.rss).toBeLessThan(300 * 1000 * 1000);
}, 300_000);
