import { describe, it, expect, beforeAll, afterAll, afterEach } from "vitest";
import { startEmulator, RESERVED_FAULTS } from "@hubkit/emulator";
import type { Emulator } from "@hubkit/emulator";
import { HUB_TOKEN, PROVIDER_KEY, bearer, chatBody, getJson, postJson, sseData } from "./helpers.js";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ slowDelayMs: 300 });
});
afterAll(async () => {
  await emu.close();
});
afterEach(() => emu.clearFaults());

const chatUrl = () => `${emu.routerUrl}/together/v1/chat/completions`;
const chat = (model = "m", extra: Record<string, unknown> = {}) =>
  postJson(chatUrl(), chatBody(model, extra), bearer(HUB_TOKEN));

/** Reads a response body to the end; resolves with what arrived and whether the stream broke. */
async function readAll(res: Response): Promise<{ text: string; broken: boolean }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, broken: false };
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { text, broken: true };
  }
}

async function stream(
  model: string,
  maxTokens = 64,
): Promise<{ res: Response; text: string; broken: boolean }> {
  let res: Response;
  try {
    res = await fetch(chatUrl(), {
      method: "POST",
      headers: { ...bearer(HUB_TOKEN), "Content-Type": "application/json" },
      body: JSON.stringify(chatBody(model, { stream: true, max_tokens: maxTokens })),
    });
  } catch {
    throw new Error("request failed before headers");
  }
  return { res, ...(await readAll(res)) };
}

describe("programmatic faults", () => {
  it("status with JSON {error}, {detail}, plain text and blob bodies", async () => {
    emu.fault({ status: 500, body: { error: "boom" }, times: 1 });
    const a = await chat();
    expect([a.status, a.json]).toEqual([500, { error: "boom" }]);
    emu.fault({ status: 422, body: { detail: "bad input" }, times: 1 });
    const b = await chat();
    expect([b.status, b.json]).toEqual([422, { detail: "bad input" }]);
    emu.fault({ status: 503, body: "overloaded", times: 1 });
    const c = await chat();
    expect([c.status, c.text, c.headers.get("content-type")]).toEqual([
      503,
      "overloaded",
      "text/plain; charset=utf-8",
    ]);
    emu.fault({ status: 500, body: new Uint8Array([1, 2, 3]), contentType: "image/png", times: 1 });
    const d = await fetch(chatUrl(), { method: "POST", headers: bearer(HUB_TOKEN), body: "{}" });
    expect(d.status).toBe(500);
    expect(d.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await d.arrayBuffer())]).toEqual([1, 2, 3]);
    expect((await chat()).status).toBe(200);
  });

  it("times, hits, remove() and Retry-After", async () => {
    const handle = emu.fault({ status: 429, retryAfter: 3, times: 2 });
    const first = await chat();
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("3");
    expect((await chat()).status).toBe(429);
    expect((await chat()).status).toBe(200);
    expect(handle.hits).toBe(2);
    const forever = emu.fault({ status: 500 });
    expect((await chat()).status).toBe(500);
    forever.remove();
    expect((await chat()).status).toBe(200);
  });

  it("matches on host (key or origin), path, model, method and provider", async () => {
    emu.fault({ match: { host: "https://api.cerebras.ai" }, status: 418 });
    emu.fault({ match: { path: /^\/nebius\// }, status: 419 });
    emu.fault({ match: { model: "special-model" }, status: 420 });
    emu.fault({ match: { method: "GET", host: "hub" }, status: 421 });
    emu.fault({ match: { provider: "sambanova" }, status: 422 });
    expect(
      (
        await postJson(
          `${emu.providerUrls.cerebras}/v1/chat/completions`,
          chatBody("m"),
          bearer(PROVIDER_KEY),
        )
      ).status,
    ).toBe(418);
    expect(
      (await postJson(`${emu.routerUrl}/cerebras/v1/chat/completions`, chatBody("m"), bearer(HUB_TOKEN)))
        .status,
    ).toBe(200);
    expect(
      (await postJson(`${emu.routerUrl}/nebius/v1/chat/completions`, chatBody("m"), bearer(HUB_TOKEN)))
        .status,
    ).toBe(419);
    expect((await chat("special-model")).status).toBe(420);
    expect((await chat("other-model")).status).toBe(200);
    expect((await getJson(`${emu.hubUrl}/api/models/openai-community/gpt2`)).status).toBe(421);
    expect(
      (
        await postJson(
          `${emu.providerUrls.sambanova}/v1/chat/completions`,
          chatBody("m"),
          bearer(PROVIDER_KEY),
        )
      ).status,
    ).toBe(422);
  });

  it("delayMs delays the answer", async () => {
    emu.fault({ delayMs: 250, times: 1 });
    const t0 = Date.now();
    expect((await chat()).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(240);
  });

  it("dropConnection closes the connection before any answer, then answers again", async () => {
    emu.fault({ match: { provider: "together" }, dropConnection: true, times: 1 });
    await expect(chat()).rejects.toThrow();
    expect((await chat()).status).toBe(200);
  });

  it("cutStreamAfter drops the connection mid-stream", async () => {
    emu.fault({ cutStreamAfter: 2, times: 1 });
    const s = await stream("m");
    expect(s.broken).toBe(true);
    expect(sseData(s.text).length).toBe(2);
    expect(s.text).not.toContain("[DONE]");
  });

  it("cutStreamAfter on a JSON answer truncates the body", async () => {
    emu.fault({ cutStreamAfter: 10, times: 1 });
    const res = await fetch(chatUrl(), {
      method: "POST",
      headers: { ...bearer(HUB_TOKEN), "Content-Type": "application/json" },
      body: JSON.stringify(chatBody("m")),
    });
    const out = await readAll(res);
    expect(out.broken).toBe(true);
    expect(out.text.length).toBeLessThanOrEqual(10);
  });

  it("malformedJson: JSON answers and stream events become unparsable", async () => {
    emu.fault({ malformedJson: true, times: 1 });
    const r = await chat();
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/json");
    expect(() => JSON.parse(r.text)).toThrow();
    emu.fault({ malformedJson: true, times: 1 });
    const s = await stream("m");
    const events = sseData(s.text);
    expect(() => JSON.parse(events[1])).toThrow();
    expect(events[events.length - 1]).toBe("[DONE]");
  });

  it("streamErrorEvent sends an error event after the first event", async () => {
    emu.fault({ streamErrorEvent: "GPU on fire", times: 1 });
    const events = sseData((await stream("m")).text);
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[1])).toEqual({ error: "GPU on fire", error_type: "generation" });
    emu.fault({ streamErrorEvent: { error: { message: "OpenAI style", type: "server_error" } }, times: 1 });
    const openaiStyle = sseData((await stream("m")).text);
    expect(JSON.parse(openaiStyle[1]).error.message).toBe("OpenAI style");
  });

  it("contentType without status relabels the normal answer", async () => {
    emu.fault({ contentType: "application/json", times: 1 });
    const s = await stream("m");
    expect(s.res.headers.get("content-type")).toBe("application/json");
    expect(s.text).toContain("data: ");
  });

  it("eventDelayMs slows a stream", async () => {
    emu.fault({ eventDelayMs: 40, times: 1 });
    const t0 = Date.now();
    const s = await stream("m", 5);
    const n = sseData(s.text).length;
    expect(n).toBe(8);
    expect(Date.now() - t0).toBeGreaterThanOrEqual((n - 1) * 40 - 20);
  });

  it("neverComplete keeps polls pending", async () => {
    emu.fault({ match: { host: "black-forest-labs" }, neverComplete: true, times: 1 });
    const submit = await postJson(
      `${emu.providerUrls["black-forest-labs"]}/v1/flux-dev`,
      { prompt: "x" },
      { "x-key": PROVIDER_KEY },
    );
    for (let i = 0; i < 6; i++) expect((await getJson(submit.json.polling_url)).json.status).toBe("Pending");
  });

  it("rejects invalid rules", () => {
    expect(() => emu.fault({ status: 99 })).toThrow(/status/);
    expect(() => emu.fault({ delayMs: -1 })).toThrow(/delayMs/);
  });
});

describe("reserved fault models", () => {
  it("are listed in the hub with a mapping for every provider", async () => {
    for (const f of RESERVED_FAULTS) {
      const r = await getJson(`${emu.hubUrl}/api/models/${f.id}?expand[]=inferenceProviderMapping`);
      expect(r.status).toBe(200);
      expect(r.json.inferenceProviderMapping.together).toEqual({
        status: "live",
        providerId: f.id,
        task: "conversational",
      });
    }
    const info = await getJson(`${emu.hubUrl}/api/models/hubkit-faults/always-503`);
    expect(info.json.tags).toContain("hubkit-fixture");
  });

  it("always-503, rate-limited, error bodies and not-found", async () => {
    const a = await chat("hubkit-faults/always-503");
    expect(a.status).toBe(503);
    expect(a.headers.get("retry-after")).toBe("1");
    expect(a.json.error).toMatch(/loading/);
    const rl = await chat("hubkit-faults/rate-limited");
    expect([rl.status, rl.headers.get("retry-after")]).toEqual([429, "2"]);
    expect((await chat("hubkit-faults/error-json")).json).toHaveProperty("error");
    const detail = await chat("hubkit-faults/error-detail");
    expect(detail.status).toBe(422);
    expect(detail.json).toHaveProperty("detail");
    expect((await chat("hubkit-faults/error-openai")).json.error.type).toBe("invalid_request_error");
    const text = await chat("hubkit-faults/error-text");
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const blob = await chat("hubkit-faults/error-blob");
    expect([blob.status, blob.headers.get("content-type")]).toEqual([502, "application/octet-stream"]);
    expect((await chat("hubkit-faults/not-found")).status).toBe(404);
  });

  it("work as hf-inference model ids in the path too", async () => {
    const r = await postJson(
      `${emu.routerUrl}/hf-inference/models/hubkit-faults/always-503/v1/chat/completions`,
      chatBody("x"),
    );
    expect(r.status).toBe(503);
    const img = await postJson(
      `${emu.routerUrl}/fal-ai/hubkit-faults/error-json`,
      { prompt: "x" },
      bearer(HUB_TOKEN),
    );
    expect(img.status).toBe(500);
  });

  it("flaky-503 fails twice then succeeds", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await chat("hubkit-faults/flaky-503")).status);
    expect(statuses).toEqual([503, 503, 200, 503, 503, 200]);
  });

  it("slow, stream-cut, stream-error, malformed-json, wrong-content-type", async () => {
    const t0 = Date.now();
    expect((await chat("hubkit-faults/slow")).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    const cut = await stream("hubkit-faults/stream-cut");
    expect(cut.broken).toBe(true);
    expect(sseData(cut.text)).toHaveLength(3);
    const err = sseData((await stream("hubkit-faults/stream-error")).text);
    expect(JSON.parse(err[1])).toHaveProperty("error");
    const bad = await chat("hubkit-faults/malformed-json");
    expect(() => JSON.parse(bad.text)).toThrow();
    const html = await stream("hubkit-faults/wrong-content-type");
    expect(html.res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("slow-stream spaces events out", async () => {
    const t0 = Date.now();
    const s = await stream("hubkit-faults/slow-stream", 5);
    const n = sseData(s.text).length;
    expect(n).toBe(8);
    expect(Date.now() - t0).toBeGreaterThanOrEqual((n - 1) * 100 - 30);
  });

  it("never-completes hangs synchronous calls until the client aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await expect(
      fetch(chatUrl(), {
        method: "POST",
        headers: { ...bearer(HUB_TOKEN), "Content-Type": "application/json" },
        body: JSON.stringify(chatBody("hubkit-faults/never-completes")),
        signal: controller.signal,
      }),
    ).rejects.toThrow();
    const submit = await postJson(
      `${emu.providerUrls["fal-ai-queue"]}/hubkit-faults/never-completes`,
      { prompt: "x" },
      { Authorization: `Key ${PROVIDER_KEY}` },
    );
    expect(submit.status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const s = await getJson(submit.json.status_url, { Authorization: `Key ${PROVIDER_KEY}` });
      expect(s.json.status).toBe("IN_PROGRESS");
    }
  });

  it("do not fail hub metadata calls", async () => {
    expect((await getJson(`${emu.hubUrl}/api/models/hubkit-faults/error-json`)).status).toBe(200);
  });
});
