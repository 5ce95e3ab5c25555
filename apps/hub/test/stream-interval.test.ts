// Offline streaming pace and hang-ups: the in-process emulator spaces stream events by the configured
// interval, a client that hangs up mid-stream makes the proxy abort (and close) the upstream request,
// and a bad HUBKIT_EMULATOR_STREAM_INTERVAL_MS is refused with a message naming it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../src/commands.js";
import { startHubServer, type HubServer } from "../src/index.js";

const INTERVAL_MS = 40;
const CHAT_PATH = "/router/together/v1/chat/completions";
let server: HubServer;
const dirs: string[] = [];

const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "hubkit-hub-stream-"));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  server = await startHubServer({
    port: 0,
    dataDir: tempDir(),
    hfToken: "",
    emulatorStreamIntervalMs: INTERVAL_MS,
  });
});

afterAll(async () => {
  await server?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const chatRequest = (content: string, signal?: AbortSignal) =>
  fetch(`${server.url}${CHAT_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({
      model: "meta-llama/Llama-3.3-70B-Instruct-Turbo",
      messages: [{ role: "user", content }],
      max_tokens: 30,
      stream: true,
    }),
    signal,
  });

/** Reads SSE `data:` events as they arrive, with the time each one was read. */
async function* events(response: Response): AsyncGenerator<{ data: string; at: number }> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (frame.startsWith("data: ")) yield { data: frame.slice(6), at: performance.now() };
    }
  }
}

const waitFor = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("offline streaming through the proxy", () => {
  it("spaces the emulator's events by the configured interval, and logs a complete exchange", async () => {
    const response = await chatRequest("Describe a lighthouse at night in detail.");
    expect(response.status).toBe(200);
    const times: number[] = [];
    let last = "";
    for await (const event of events(response)) {
      times.push(event.at);
      last = event.data;
    }
    expect(last).toBe("[DONE]");
    expect(times.length).toBeGreaterThan(5);
    // Timers may fire late, never early (1 ms of slack for clock rounding).
    const span = times.at(-1)! - times[0];
    expect(span).toBeGreaterThanOrEqual((times.length - 1) * (INTERVAL_MS - 1));
    await waitFor(() => server.proxyExchanges.some((e) => e.outcome === "complete"), "the exchange log");
    const exchange = server.proxyExchanges.at(-1)!;
    expect(exchange).toMatchObject({ method: "POST", path: CHAT_PATH, status: 200, outcome: "complete" });
    // The timings the provider figures are made of: the streamed events (the final [DONE] aside) and
    // the time they spanned.
    expect(exchange.streamEvents).toBeGreaterThanOrEqual(times.length - 1);
    expect(exchange.streamEvents).toBeLessThanOrEqual(times.length);
    expect(exchange.streamMs).toBeGreaterThanOrEqual((times.length - 1) * (INTERVAL_MS - 1));
  });

  it("a client hanging up mid-stream closes the upstream request", async () => {
    const controller = new AbortController();
    const prompt = "Tell me about every lighthouse on the coast.";
    server.emulator!.clearRequests();
    const response = await chatRequest(prompt, controller.signal);
    let received = 0;
    await expect(
      (async () => {
        for await (const event of events(response)) {
          expect(event.data).not.toBe("[DONE]");
          if (++received === 3) controller.abort();
        }
      })(),
    ).rejects.toThrow(/abort/i);
    expect(received).toBe(3);
    await waitFor(
      () => server.proxyExchanges.at(-1)?.outcome === "client-closed",
      "the proxy to see the hang-up",
    );
    expect(server.proxyExchanges.at(-1)).toMatchObject({ path: CHAT_PATH, status: 200 });
    const upstream = server.emulator!.lastRequest((r) => r.path === "/together/v1/chat/completions");
    expect((upstream?.body as { messages: { content: string }[] }).messages[0].content).toBe(prompt);
  });
});

describe("HUBKIT_EMULATOR_STREAM_INTERVAL_MS", () => {
  it("refuses values that are not a whole number of milliseconds", async () => {
    await expect(
      startHubServer({ port: 0, dataDir: tempDir(), hfToken: "", emulatorStreamIntervalMs: -5, seed: false }),
    ).rejects.toThrow("emulatorStreamIntervalMs must be an integer between 0 and 10000, got -5");

    let stderr = "";
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    const errors = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        stderr += chunk.toString();
        done();
      },
    });
    const result = await runCommand(["serve", "--port", "0", "--data-dir", tempDir()], {
      stdout: sink,
      stderr: errors,
      env: { HUBKIT_EMULATOR_STREAM_INTERVAL_MS: "fast" },
    });
    await result.server?.close();
    expect(result.exitCode).toBe(2);
    expect(stderr).toContain("HUBKIT_EMULATOR_STREAM_INTERVAL_MS must be a whole number of milliseconds");
    expect(stderr).toContain('got "fast"');
  });
});
