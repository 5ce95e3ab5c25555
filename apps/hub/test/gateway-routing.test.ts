// The router's routing beyond one mapping entry, through the hub with the real openai client:
// GET /v1/models lists what the hub routes (providers, prices, measured figures); `:fastest` follows
// the latencies the hub measured (slow one provider in the emulator and the choice changes);
// `:cheapest` follows the price table; a provider answering 503 or 429 before the first byte is
// skipped for the next (attempts in x-hubkit-attempts), and after three failures in a row the circuit
// breaker holds it out until a later call finds it well again.
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderStats } from "../src/router/provider-stats.js";
import type { ProxyExchange } from "../src/router/proxy.js";
import { startTestHub, type TestHub } from "./support/hub.js";

const MODEL = "meta-llama/Llama-3.3-70B-Instruct";
const messages = [{ role: "user" as const, content: "Say hello" }];
let hub: TestHub;
let openai: OpenAI;

beforeAll(async () => {
  hub = await startTestHub("gateway-routing", {
    emulatorStreamIntervalMs: 0,
    gateway: { breaker: { failures: 3, openMs: 400 } },
  });
  openai = new OpenAI({ baseURL: `${hub.url}/router/v1`, apiKey: "hf_offlinedemo", maxRetries: 0 });
}, 60_000);

afterAll(() => hub?.close());

/** One chat call; the provider that answered and the attempts made. */
async function call(model: string, stream = false) {
  const { data, response } = await openai.chat.completions
    .create({ model, messages, max_tokens: 6, ...(stream ? { stream: true } : {}) })
    .withResponse();
  if (stream) for await (const _ of data as AsyncIterable<unknown>); // read it all
  return {
    provider: response.headers.get("x-inference-provider"),
    attempts: response.headers.get("x-hubkit-attempts"),
  };
}

interface Listed {
  id: string;
  providers: { provider: string; status: string; pricing?: { input: number }; circuit?: string }[];
}
async function listed(): Promise<Listed> {
  const page = await openai.models.list();
  const model = page.data.find((entry) => entry.id === MODEL) as unknown as Listed | undefined;
  expect(model).toBeDefined();
  return model!;
}

/** Calls until `done` says the state it waits for came, up to 10 s. */
async function until<T>(step: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await step();
    if (done(value) || Date.now() > deadline) return value;
  }
}

describe("routing by policy", () => {
  it("lists the chat models the hub routes in the router's shape", async () => {
    const page = await openai.models.list();
    expect(page.data.length).toBeGreaterThan(5);
    const model = await listed();
    expect(model).toMatchObject({ object: "model", owned_by: "meta-llama" });
    const groq = model.providers.find((entry) => entry.provider === "groq");
    expect(groq).toMatchObject({
      status: "live",
      pricing: { input: 0.59, output: 0.79 },
      context_length: 131072,
    });
  });

  it("picks the fastest provider by measured latency, and changes when it slows", async () => {
    const emulator = hub.emulator!;
    const slowTogether = emulator.fault({ match: { provider: "together" }, delayMs: 150 });
    for (let i = 0; i < 3; i++) {
      expect((await call(`${MODEL}:groq`)).provider).toBe("groq");
      expect((await call(`${MODEL}:together`)).provider).toBe("together");
    }
    // Providers not measured yet come after the measured ones; figures are read once a second.
    const fast = await until(
      () => call(`${MODEL}:fastest`),
      (reply) => reply.provider === "groq",
    );
    expect(fast.provider).toBe("groq");
    expect((await call(MODEL)).provider).toBe("groq");
    slowTogether.remove();
    const slowGroq = emulator.fault({ match: { provider: "groq" }, delayMs: 150 });
    for (let i = 0; i < 6; i++) {
      await call(`${MODEL}:groq`);
      await call(`${MODEL}:together`, true);
    }
    const changed = await until(
      () => call(`${MODEL}:fastest`),
      (reply) => reply.provider === "together",
    );
    expect(changed.provider).toBe("together");
    slowGroq.remove();
    const figures = (await listed()).providers.find((entry) => entry.provider === "groq");
    expect(figures).toHaveProperty("latency_ms");
  });

  it("picks the cheapest provider from the price table", async () => {
    // nebius is cheaper but no longer routed by the router (and no key for it is stored).
    expect((await call(`${MODEL}:cheapest`)).provider).toBe("novita");
  });

  it("tells the model page the prices :cheapest orders by, beside the measured figures", async () => {
    const stats = (await (await fetch(`${hub.url}/api/hubkit/provider-stats`)).json()) as {
      prices: Record<string, { input: number; output: number }>;
      providers: Record<string, { latencyMs: number }>;
    };
    expect(stats.prices.groq).toEqual({ input: 0.59, output: 0.79 });
    expect(stats.providers.groq.latencyMs).toBeGreaterThan(0);
    const page = await (await fetch(`${hub.url}/models/${MODEL}?provider=groq`)).text();
    expect(page).toContain("$0.59/$0.79 per M tok");
  });
});

describe("failover and the circuit breaker", () => {
  it("skips a provider that answers 503 or 429, or drops the connection, before the first byte", async () => {
    const emulator = hub.emulator!;
    const down = emulator.fault({ match: { provider: "novita" }, status: 503, times: 1 });
    const reply = await call(`${MODEL}:cheapest`);
    expect(reply.provider).toBe("deepinfra");
    expect(reply.attempts).toBe("novita=503, deepinfra=200");
    down.remove();
    const busy = emulator.fault({ match: { provider: "novita" }, status: 429, retryAfter: 1, times: 1 });
    const streamed = await call(`${MODEL}:cheapest`, true);
    expect(streamed.attempts).toBe("novita=429, deepinfra=200");
    busy.remove();
    // A success closes the count of failures in a row (the breaker opens at three).
    expect((await call(`${MODEL}:cheapest`)).provider).toBe("novita");
    // Down before the first byte: the connection closes without an answer.
    const gone = emulator.fault({ match: { provider: "novita" }, dropConnection: true, times: 1 });
    expect((await call(`${MODEL}:cheapest`)).attempts).toBe("novita=ECONNRESET, deepinfra=200");
    gone.remove();
    expect((await call(`${MODEL}:cheapest`)).provider).toBe("novita");
  });

  it("holds a failing provider out, then probes it back", async () => {
    const emulator = hub.emulator!;
    const broken = emulator.fault({ match: { provider: "novita" }, status: 502 });
    for (let i = 0; i < 3; i++) expect((await call(`${MODEL}:cheapest`)).attempts).toMatch(/^novita=502, /);
    const held = await call(`${MODEL}:cheapest`);
    expect(held.attempts).toBe("deepinfra=200");
    expect((await listed()).providers.find((entry) => entry.provider === "novita")?.circuit).toBe("open");
    broken.remove();
    const probed = await until(listed, (model) =>
      model.providers.some((entry) => entry.provider === "novita" && entry.circuit === "half-open"),
    );
    expect(probed.providers.find((entry) => entry.provider === "novita")?.circuit).toBe("half-open");
    expect((await call(`${MODEL}:cheapest`)).attempts).toBe("novita=200");
    expect((await listed()).providers.find((entry) => entry.provider === "novita")?.circuit).toBe("closed");
  });

  it("answers the last provider's error when every attempt fails", async () => {
    const emulator = hub.emulator!;
    const down = emulator.fault({ match: { provider: "together" }, status: 503 });
    await expect(
      openai.chat.completions.create({ model: `${MODEL}:together`, messages }),
    ).rejects.toMatchObject({
      status: 503,
    });
    down.remove();
  });
});

describe("the latency :fastest orders by", () => {
  it("weighs recent calls more, so a provider that slowed down moves before its median does", () => {
    let now = 1_000_000;
    const stats = new ProviderStats(() => now);
    const call = (provider: string, latencyMs: number) =>
      stats.record({
        path: `/router/${provider}/v1/chat/completions`,
        outcome: "complete",
        status: 200,
        latencyMs,
      } as ProxyExchange);
    for (let i = 0; i < 6; i++) call("groq", 20);
    call("together", 60);
    now += 20 * 60_000;
    for (let i = 0; i < 2; i++) call("groq", 200);
    // The median still says groq is fast (20 ms); the decayed figure says it no longer is.
    expect(stats.summary().providers.groq.latencyMs).toBe(20);
    const latency = stats.decayedLatency();
    expect(latency.groq).toBeGreaterThan(latency.together);
    expect(latency.groq).toBeGreaterThan(150);
  });
});
