import { describe, it, expect, beforeAll, afterAll, beforeEach } from "vitest";
import { startEmulator } from "@hubkit/emulator";
import type { Emulator } from "@hubkit/emulator";
import { HUB_TOKEN, PROVIDER_KEY, bearer, chatBody, postJson } from "./helpers.js";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => emu.clearRequests());

describe("hub auth", () => {
  it("accepts anonymous calls and hub tokens, rejects other credentials", async () => {
    const url = `${emu.hubUrl}/api/models/openai-community/gpt2`;
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url, { headers: bearer(HUB_TOKEN) })).status).toBe(200);
    for (const auth of [`Bearer ${PROVIDER_KEY}`, "Bearer undefined", "Bearer ", `Key ${HUB_TOKEN}`]) {
      const r = await fetch(url, { headers: { Authorization: auth } });
      expect(r.status, auth).toBe(401);
      expect(await r.json()).toEqual({ error: "Invalid credentials in Authorization header" });
    }
  });
});

describe("router auth", () => {
  it("allows anonymous hf-inference calls but requires a hub token for third-party providers", async () => {
    const anon = await postJson(`${emu.routerUrl}/hf-inference/models/openai-community/gpt2`, {
      inputs: "Hello",
    });
    expect(anon.status).toBe(200);
    const third = await postJson(
      `${emu.routerUrl}/together/v1/chat/completions`,
      chatBody("deepseek-ai/DeepSeek-R1"),
    );
    expect(third.status).toBe(401);
    expect(third.json.error).toMatch(/Hugging Face access token/);
    const ok = await postJson(
      `${emu.routerUrl}/together/v1/chat/completions`,
      chatBody("deepseek-ai/DeepSeek-R1"),
      bearer(HUB_TOKEN),
    );
    expect(ok.status).toBe(200);
  });

  it("rejects provider keys and placeholder tokens with 401", async () => {
    for (const auth of [`Bearer ${PROVIDER_KEY}`, "Bearer undefined", "Bearer ", `Key ${HUB_TOKEN}`]) {
      for (const provider of ["hf-inference", "cerebras"]) {
        const path = provider === "hf-inference" ? "/models/openai-community/gpt2" : "/v1/chat/completions";
        const r = await postJson(
          `${emu.routerUrl}/${provider}${path}`,
          provider === "hf-inference" ? { inputs: "x" } : chatBody("llama3.1-8b"),
          {
            Authorization: auth,
          },
        );
        expect(r.status, `${provider} ${auth}`).toBe(401);
        expect(r.json).toEqual({ error: "Invalid credentials in Authorization header" });
      }
    }
  });

  it("checks X-HF-Bill-To", async () => {
    const bad = await postJson(
      `${emu.routerUrl}/hf-inference/models/openai-community/gpt2`,
      { inputs: "x" },
      { "X-HF-Bill-To": "not an org!" },
    );
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/X-HF-Bill-To/);
    const good = await postJson(
      `${emu.routerUrl}/hf-inference/models/openai-community/gpt2`,
      { inputs: "x" },
      { "X-HF-Bill-To": "huggingface" },
    );
    expect(good.status).toBe(200);
  });
});

describe("direct provider auth", () => {
  const cases: {
    provider: string;
    path: string;
    body: unknown;
    good: Record<string, string>;
    wrongScheme: Record<string, string>;
  }[] = [
    {
      provider: "together",
      path: "/v1/chat/completions",
      body: chatBody("m"),
      good: bearer(PROVIDER_KEY),
      wrongScheme: { Authorization: `Key ${PROVIDER_KEY}` },
    },
    {
      provider: "cerebras",
      path: "/v1/chat/completions",
      body: chatBody("m"),
      good: bearer(PROVIDER_KEY),
      wrongScheme: { Authorization: PROVIDER_KEY },
    },
    {
      provider: "openai",
      path: "/v1/chat/completions",
      body: chatBody("gpt-4o"),
      good: bearer(PROVIDER_KEY),
      wrongScheme: { Authorization: `Token ${PROVIDER_KEY}` },
    },
    {
      provider: "fal-ai",
      path: "/fal-ai/flux/dev",
      body: { prompt: "p" },
      good: { Authorization: `Key ${PROVIDER_KEY}` },
      wrongScheme: bearer(PROVIDER_KEY),
    },
    {
      provider: "black-forest-labs",
      path: "/v1/flux-dev",
      body: { prompt: "p" },
      good: { "X-Key": PROVIDER_KEY },
      wrongScheme: bearer(PROVIDER_KEY),
    },
    {
      provider: "replicate",
      path: "/v1/models/black-forest-labs/flux-dev/predictions",
      body: { input: { prompt: "p" } },
      good: { Authorization: `Token ${PROVIDER_KEY}` },
      wrongScheme: { Authorization: `Key ${PROVIDER_KEY}` },
    },
  ];

  for (const c of cases) {
    it(`${c.provider}: own key form accepted, missing/wrong scheme/hub token rejected`, async () => {
      const url = `${emu.providerUrls[c.provider]}${c.path}`;
      expect((await postJson(url, c.body, c.good)).status).toBeLessThan(300);
      expect((await postJson(url, c.body)).status).toBe(401);
      expect((await postJson(url, c.body, c.wrongScheme)).status).toBe(401);
      expect(emu.tokenLeaks).toEqual([]);
      const hub = await postJson(
        url,
        c.body,
        Object.fromEntries(Object.entries(c.good).map(([k, v]) => [k, v.replace(PROVIDER_KEY, HUB_TOKEN)])),
      );
      expect(hub.status).toBe(401);
      expect(hub.text).toMatch(/Hugging Face tokens are not accepted/);
      expect(hub.text).not.toContain(HUB_TOKEN);
      expect(emu.tokenLeaks.length).toBe(1);
      expect(emu.tokenLeaks[0]).toMatchObject({ host: c.provider, path: c.path });
      expect(JSON.stringify(emu.tokenLeaks)).not.toContain(HUB_TOKEN);
      expect(emu.lastRequest()!.hubTokenLeak).toBe(true);
    });
  }

  it("accepts the reference client's `Authorization: X-Key` form for black-forest-labs and a Bearer key for replicate", async () => {
    const bfl = await postJson(
      `${emu.providerUrls["black-forest-labs"]}/v1/flux-dev`,
      { prompt: "p" },
      { Authorization: `X-Key ${PROVIDER_KEY}` },
    );
    expect(bfl.status).toBe(200);
    const rep = await postJson(
      `${emu.providerUrls.replicate}/v1/models/black-forest-labs/flux-dev/predictions`,
      { input: { prompt: "p" } },
      bearer(PROVIDER_KEY),
    );
    expect(rep.status).toBe(201);
  });

  it("flags a hub token reaching a download host, wherever it is", async () => {
    const res = await fetch(`${emu.hosts["https://v3.fal.media"]}/files/x/abc.png?token=${HUB_TOKEN}`, {
      headers: { "X-Custom": `Bearer ${HUB_TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(emu.tokenLeaks.map((l) => l.where).sort()).toEqual(["query", "x-custom"]);
    emu.clearRequests();
    expect(emu.tokenLeaks).toEqual([]);
  });

  it("never flags hub tokens sent to the hub or the router", async () => {
    await fetch(`${emu.hubUrl}/api/models/openai-community/gpt2`, { headers: bearer(HUB_TOKEN) });
    await postJson(
      `${emu.routerUrl}/hf-inference/models/openai-community/gpt2`,
      { inputs: "x" },
      bearer(HUB_TOKEN),
    );
    expect(emu.tokenLeaks).toEqual([]);
  });
});
