import { describe, it, expect, beforeAll, afterAll, vi } from "vitest";
import { createServer } from "node:net";
import { startEmulator, HOST_KEYS, HOST_ORIGINS, PROVIDER_IDS } from "@hubkit/emulator";
import type { Emulator } from "@hubkit/emulator";
import { HUB_TOKEN, PROVIDER_KEY, bearer, chatBody, getJson, postJson } from "./helpers.js";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.close();
});

describe("startEmulator", () => {
  it("exposes one loopback URL per real host, and client options", () => {
    const origins = Object.values(HOST_ORIGINS);
    expect(Object.keys(emu.hosts).sort()).toEqual([...origins].sort());
    const ports = new Set(Object.values(emu.hosts).map((u) => new URL(u).port));
    expect(ports.size).toBe(origins.length);
    for (const u of Object.values(emu.hosts)) expect(u).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.hosts["https://huggingface.co"]).toBe(emu.hubUrl);
    expect(emu.hosts["https://router.huggingface.co"]).toBe(emu.routerUrl);
    expect(emu.providerUrls["together"]).toBe(emu.hosts["https://api.together.xyz"]);
    expect(emu.providerUrls["fal-ai"]).toBe(emu.hosts["https://fal.run"]);
    expect(emu.providerUrls["fal-ai-queue"]).toBe(emu.hosts["https://queue.fal.run"]);
    expect(emu.providerUrls["hf-inference"]).toBe(`${emu.routerUrl}/hf-inference`);
    for (const p of PROVIDER_IDS) expect(typeof emu.providerUrls[p]).toBe("string");
    expect(emu.clientOptions).toEqual({
      hubUrl: emu.hubUrl,
      routerUrl: emu.routerUrl,
      providerUrls: emu.providerUrls,
    });
  });

  it("rewrites real URLs to their loopback stand-ins", () => {
    expect(emu.rewriteUrl("https://api.together.xyz/v1/chat/completions")).toBe(
      `${emu.providerUrls.together}/v1/chat/completions`,
    );
    expect(emu.rewriteUrl("https://example.com/x")).toBe("https://example.com/x");
  });

  it("rejects bad options with a clear message", async () => {
    await expect(startEmulator({ pollSteps: -1 })).rejects.toThrow(/pollSteps/);
    await expect(startEmulator({ portBase: 70000 })).rejects.toThrow(/portBase/);
  });
});

describe("each host answers its routes", () => {
  it("hub: model info, expand, tasks, list, 404", async () => {
    const full = await getJson(`${emu.hubUrl}/api/models/google-bert/bert-base-uncased`);
    expect(full.status).toBe(200);
    expect(full.json).toMatchObject({
      id: "google-bert/bert-base-uncased",
      pipeline_tag: "fill-mask",
      mask_token: "[MASK]",
    });
    expect(full.json.inferenceProviderMapping).toBeUndefined();

    const mapped = await getJson(
      `${emu.hubUrl}/api/models/black-forest-labs/FLUX.1-dev?expand[]=inferenceProviderMapping`,
    );
    expect(Object.keys(mapped.json).sort()).toEqual(["_id", "id", "inferenceProviderMapping"]);
    expect(mapped.json.inferenceProviderMapping["fal-ai"]).toEqual({
      status: "live",
      providerId: "fal-ai/flux/dev",
      task: "text-to-image",
    });

    const tag = await getJson(`${emu.hubUrl}/api/models/openai-community/gpt2?expand[]=pipeline_tag`);
    expect(tag.json.pipeline_tag).toBe("text-generation");

    const missing = await fetch(`${emu.hubUrl}/api/models/nobody/nothing?expand[]=inferenceProviderMapping`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Repository not found" });

    const tasks = await getJson(`${emu.hubUrl}/api/tasks`);
    expect(tasks.status).toBe(200);
    for (const task of ["text-generation", "text-to-image", "fill-mask"]) {
      expect(tasks.json[task].models.length).toBeGreaterThan(0);
      expect(typeof tasks.json[task].models[0].id).toBe("string");
    }

    const list = await getJson(`${emu.hubUrl}/api/models?pipeline_tag=text-to-video&limit=2`);
    expect(list.json.length).toBe(2);
    for (const m of list.json) expect(m.pipeline_tag).toBe("text-to-video");
    expect((await getJson(`${emu.hubUrl}/api/models?limit=0`)).status).toBe(400);
  });

  it("router: every provider has a route under /{provider}/", async () => {
    const calls: [string, string, unknown][] = [
      ["cerebras", "/v1/chat/completions", chatBody("llama-3.3-70b")],
      ["cohere", "/compatibility/v1/chat/completions", chatBody("command-r7b-12-2024")],
      ["fireworks-ai", "/inference/v1/chat/completions", chatBody("accounts/fireworks/models/deepseek-r1")],
      ["hyperbolic", "/v1/chat/completions", chatBody("meta-llama/Llama-3.3-70B-Instruct")],
      ["nebius", "/v1/chat/completions", chatBody("meta-llama/Llama-3.3-70B-Instruct")],
      ["novita", "/v3/openai/chat/completions", chatBody("deepseek/deepseek-r1")],
      ["openai", "/v1/chat/completions", chatBody("gpt-4o-mini")],
      ["sambanova", "/v1/chat/completions", chatBody("DeepSeek-R1")],
      ["together", "/v1/chat/completions", chatBody("deepseek-ai/DeepSeek-R1")],
      [
        "hf-inference",
        "/models/meta-llama/Llama-3.1-8B-Instruct/v1/chat/completions",
        chatBody("meta-llama/Llama-3.1-8B-Instruct"),
      ],
      [
        "hf-inference",
        "/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english",
        { inputs: "I love it" },
      ],
      ["hf-inference", "/pipeline/feature-extraction/BAAI/bge-small-en-v1.5", { inputs: "hello" }],
      ["black-forest-labs", "/v1/flux-dev", { prompt: "a fox" }],
      ["fal-ai", "/fal-ai/flux/dev", { prompt: "a fox", sync_mode: true }],
      ["replicate", "/v1/models/black-forest-labs/flux-dev/predictions", { input: { prompt: "a fox" } }],
      [
        "together",
        "/v1/images/generations",
        { prompt: "a fox", model: "black-forest-labs/FLUX.1-schnell", response_format: "base64" },
      ],
      ["together", "/v1/completions", { prompt: "Once", model: "mistralai/Mixtral-8x7B-v0.1" }],
    ];
    for (const [provider, path, body] of calls) {
      const r = await postJson(`${emu.routerUrl}/${provider}${path}`, body, bearer(HUB_TOKEN));
      expect(r.status, `${provider}${path}: ${r.text}`).toBeLessThan(300);
    }
    const unknown = await postJson(
      `${emu.routerUrl}/nope/v1/chat/completions`,
      chatBody("x"),
      bearer(HUB_TOKEN),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatch(/Unknown provider/);
  });

  it("direct provider hosts answer on the real paths", async () => {
    const direct: [string, string, unknown, Record<string, string>][] = [
      ["cerebras", "/v1/chat/completions", chatBody("llama3.1-8b"), bearer(PROVIDER_KEY)],
      ["cohere", "/compatibility/v1/chat/completions", chatBody("command-r7b-12-2024"), bearer(PROVIDER_KEY)],
      [
        "fireworks-ai",
        "/inference/v1/chat/completions",
        chatBody("accounts/fireworks/models/deepseek-r1"),
        bearer(PROVIDER_KEY),
      ],
      [
        "hyperbolic",
        "/v1/images/generations",
        { prompt: "a fox", model_name: "SDXL1.0-base" },
        bearer(PROVIDER_KEY),
      ],
      [
        "nebius",
        "/v1/images/generations",
        { prompt: "a fox", model: "black-forest-labs/flux-schnell", response_format: "b64_json" },
        bearer(PROVIDER_KEY),
      ],
      ["novita", "/v3/openai/chat/completions", chatBody("deepseek/deepseek-r1"), bearer(PROVIDER_KEY)],
      ["openai", "/v1/chat/completions", chatBody("gpt-4o-mini"), bearer(PROVIDER_KEY)],
      ["sambanova", "/v1/chat/completions", chatBody("Meta-Llama-3.3-70B-Instruct"), bearer(PROVIDER_KEY)],
      [
        "together",
        "/v1/chat/completions",
        chatBody("meta-llama/Llama-3.3-70B-Instruct-Turbo"),
        bearer(PROVIDER_KEY),
      ],
      ["black-forest-labs", "/v1/flux-dev", { prompt: "a fox" }, { "x-key": PROVIDER_KEY }],
      ["fal-ai", "/fal-ai/flux/schnell", { prompt: "a fox" }, { Authorization: `Key ${PROVIDER_KEY}` }],
      ["fal-ai-queue", "/fal-ai/ltx-video", { prompt: "a fox" }, { Authorization: `Key ${PROVIDER_KEY}` }],
      [
        "replicate",
        "/v1/models/black-forest-labs/flux-schnell/predictions",
        { input: { prompt: "a fox" } },
        { Authorization: `Token ${PROVIDER_KEY}` },
      ],
    ];
    for (const [provider, path, body, headers] of direct) {
      const r = await postJson(`${emu.providerUrls[provider]}${path}`, body, headers);
      expect(r.status, `${provider}${path}: ${r.text}`).toBeLessThan(300);
    }
  });

  it("sends CORS headers on answers and preflights", async () => {
    const pre = await fetch(`${emu.routerUrl}/together/v1/chat/completions`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type",
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(pre.headers.get("access-control-allow-headers")).toContain("authorization");
    const r = await fetch(`${emu.hubUrl}/api/models/openai-community/gpt2`);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    const err = await fetch(`${emu.hubUrl}/api/models/x/y`);
    expect(err.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("records every request with host, path, query, headers and parsed body", async () => {
    emu.clearRequests();
    await postJson(`${emu.routerUrl}/together/v1/chat/completions?x=1`, chatBody("deepseek-ai/DeepSeek-R1"), {
      ...bearer(HUB_TOKEN),
      "X-HF-Bill-To": "my-org",
    });
    expect(emu.requests.length).toBe(1);
    const r = emu.lastRequest()!;
    expect(r).toMatchObject({
      method: "POST",
      host: "router",
      origin: "https://router.huggingface.co",
      path: "/together/v1/chat/completions",
      search: "?x=1",
      query: { x: "1" },
      url: "https://router.huggingface.co/together/v1/chat/completions?x=1",
      provider: "together",
      model: "deepseek-ai/DeepSeek-R1",
      status: 200,
      hubTokenLeak: false,
    });
    expect(r.headers["x-hf-bill-to"]).toBe("my-org");
    expect(r.body).toEqual(chatBody("deepseek-ai/DeepSeek-R1"));
    emu.clearRequests();
    expect(emu.requests.length).toBe(0);
  });

  it("caps the request log", async () => {
    const small = await startEmulator({ maxRecordedRequests: 3 });
    try {
      for (let i = 0; i < 5; i++) await fetch(`${small.hubUrl}/api/models/openai-community/gpt2?i=${i}`);
      expect(small.requests.map((r) => r.query.i)).toEqual(["2", "3", "4"]);
    } finally {
      await small.close();
    }
  });
});

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

describe("close()", () => {
  it("frees every port and ends pending work", async () => {
    const e = await startEmulator();
    const ports = Object.values(e.hosts).map((u) => Number(new URL(u).port));
    // A slow request in flight must not keep close() waiting.
    e.fault({ match: { host: "hub" }, delayMs: 5000 });
    const pending = fetch(`${e.hubUrl}/api/tasks`).catch((err: unknown) => err);
    await vi.waitFor(() => expect(e.requests.some((r) => r.path === "/api/tasks")).toBe(true));
    const t0 = Date.now();
    await e.close();
    expect(Date.now() - t0).toBeLessThan(2000);
    await pending;
    for (const port of ports) expect(await portIsFree(port)).toBe(true);
    await expect(fetch(`${e.hubUrl}/api/tasks`)).rejects.toThrow();
  });

  it("listens on consecutive ports from portBase, and names a busy port", async () => {
    // Other suites and the machine's own services (25672 is a common one) hold ports: look for a
    // block as long as the emulator's hosts first.
    let base = 0;
    for (let attempt = 0; attempt < 20 && base === 0; attempt++) {
      const candidate = 20000 + Math.floor(Math.random() * 10000);
      const free = await Promise.all(
        Array.from({ length: HOST_KEYS.length }, (_, i) => portIsFree(candidate + i)),
      );
      if (free.every(Boolean)) base = candidate;
    }
    expect(base).toBeGreaterThan(0);
    const e = await startEmulator({ portBase: base });
    try {
      expect(e.hubUrl).toBe(`http://127.0.0.1:${base}`);
      expect(e.routerUrl).toBe(`http://127.0.0.1:${base + 1}`);
      await expect(startEmulator({ portBase: base })).rejects.toThrow(
        `Cannot listen on 127.0.0.1:${base} (stand-in for https://huggingface.co): EADDRINUSE`,
      );
    } finally {
      await e.close();
    }
  });
});
