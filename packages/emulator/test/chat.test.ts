import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startEmulator } from "@hubkit/emulator";
import type { Emulator } from "@hubkit/emulator";
import { HUB_TOKEN, bearer, chatBody, postJson, sseData } from "./helpers.js";
import type { Json } from "./helpers.js";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ now: () => Date.UTC(2025, 3, 1) });
});
afterAll(async () => {
  await emu.close();
});

const chatUrl = () => `${emu.routerUrl}/together/v1/chat/completions`;

describe("OpenAI-style chat completions", () => {
  it("returns a chat.completion object with consistent usage", async () => {
    const r = await postJson(chatUrl(), chatBody("deepseek-ai/DeepSeek-R1"), bearer(HUB_TOKEN));
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    const out = r.json;
    expect(out.object).toBe("chat.completion");
    expect(out.id).toMatch(/^chatcmpl-/);
    expect(out.model).toBe("deepseek-ai/DeepSeek-R1");
    expect(out.created).toBe(Date.UTC(2025, 3, 1) / 1000);
    expect(out.choices).toHaveLength(1);
    const choice = out.choices[0];
    expect(choice.index).toBe(0);
    expect(choice.message.role).toBe("assistant");
    expect(typeof choice.message.content).toBe("string");
    expect(choice.message.content.length).toBeGreaterThan(0);
    expect(["stop", "length"]).toContain(choice.finish_reason);
    expect(out.usage.total_tokens).toBe(out.usage.prompt_tokens + out.usage.completion_tokens);
    expect(out.usage.prompt_tokens).toBeGreaterThan(0);
  });

  it("is deterministic and derived from the prompt", async () => {
    const a = await postJson(
      chatUrl(),
      chatBody("m", { messages: [{ role: "user", content: "Describe volcanoes briefly" }] }),
      bearer(HUB_TOKEN),
    );
    const b = await postJson(
      chatUrl(),
      chatBody("m", { messages: [{ role: "user", content: "Describe volcanoes briefly" }] }),
      bearer(HUB_TOKEN),
    );
    const c = await postJson(
      chatUrl(),
      chatBody("m", { messages: [{ role: "user", content: "Explain photosynthesis" }] }),
      bearer(HUB_TOKEN),
    );
    expect(a.json).toEqual(b.json);
    expect(a.json.choices[0].message.content).not.toBe(c.json.choices[0].message.content);
    expect(a.json.choices[0].message.content.toLowerCase()).toContain("volcanoes");
  });

  it("answers the same prompt differently for another model or another provider", async () => {
    const ask = async (provider: string, model: string) => {
      const r = await postJson(
        `${emu.routerUrl}/${provider}/v1/chat/completions`,
        chatBody(model, { messages: [{ role: "user", content: "Describe volcanoes briefly" }] }),
        bearer(HUB_TOKEN),
      );
      expect(r.status, `${provider} ${model}`).toBe(200);
      return r.json.choices[0].message.content as string;
    };
    const first = await ask("together", "m");
    expect(await ask("together", "m")).toBe(first);
    const otherModel = await ask("together", "another-model");
    const otherProvider = await ask("cerebras", "m");
    expect(otherModel).not.toBe(first);
    expect(otherProvider).not.toBe(first);
    // Still about the prompt.
    for (const reply of [first, otherModel, otherProvider])
      expect(reply.toLowerCase()).toContain("volcanoes");
  });

  it("honours max_tokens with finish_reason length, n, and stop", async () => {
    const short = await postJson(chatUrl(), chatBody("m", { max_tokens: 3 }), bearer(HUB_TOKEN));
    expect(short.json.choices[0].finish_reason).toBe("length");
    expect(short.json.usage.completion_tokens).toBe(3);
    const many = await postJson(chatUrl(), chatBody("m", { n: 3 }), bearer(HUB_TOKEN));
    expect(many.json.choices.map((c: Json) => c.index)).toEqual([0, 1, 2]);
    const full = (await postJson(chatUrl(), chatBody("m"), bearer(HUB_TOKEN))).json.choices[0].message
      .content as string;
    const stopWord = full.split(" ")[3];
    const stopped = await postJson(chatUrl(), chatBody("m", { stop: [stopWord] }), bearer(HUB_TOKEN));
    expect(stopped.json.choices[0].message.content).not.toContain(stopWord);
    expect(full.startsWith(stopped.json.choices[0].message.content)).toBe(true);
  });

  it("answers tool calls with arguments matching the schema", async () => {
    const tools = [
      {
        type: "function",
        function: {
          name: "get_weather",
          parameters: {
            type: "object",
            properties: {
              city: { type: "string" },
              unit: { type: "string", enum: ["celsius", "fahrenheit"] },
              days: { type: "integer" },
            },
            required: ["city", "unit", "days"],
          },
        },
      },
    ];
    const r = await postJson(chatUrl(), chatBody("m", { tools, tool_choice: "auto" }), bearer(HUB_TOKEN));
    const choice = r.json.choices[0];
    expect(choice.finish_reason).toBe("tool_calls");
    expect(choice.message.tool_calls[0].function.name).toBe("get_weather");
    const args = JSON.parse(choice.message.tool_calls[0].function.arguments);
    expect(typeof args.city).toBe("string");
    expect(args.unit).toBe("celsius");
    expect(Number.isInteger(args.days)).toBe(true);
  });

  it("answers JSON for response_format json_schema", async () => {
    const schema = {
      type: "object",
      properties: { name: { type: "string" }, age: { type: "integer" } },
      required: ["name", "age"],
    };
    const r = await postJson(
      chatUrl(),
      chatBody("m", { response_format: { type: "json_schema", json_schema: { name: "person", schema } } }),
      bearer(HUB_TOKEN),
    );
    const parsed = JSON.parse(r.json.choices[0].message.content);
    expect(Object.keys(parsed).sort()).toEqual(["age", "name"]);
  });

  it("streams chunks as SSE ending with [DONE], and the deltas add up to the JSON answer", async () => {
    const body = chatBody("m", { stream_options: { include_usage: true } });
    const json = await postJson(chatUrl(), body, bearer(HUB_TOKEN));
    const res = await fetch(chatUrl(), {
      method: "POST",
      headers: { ...bearer(HUB_TOKEN), "Content-Type": "application/json" },
      body: JSON.stringify({ ...body, stream: true }),
    });
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const raw = await res.text();
    expect(raw.endsWith("data: [DONE]\n\n")).toBe(true);
    const events = sseData(raw);
    expect(events[events.length - 1]).toBe("[DONE]");
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e));
    for (const c of chunks) expect(c.object).toBe("chat.completion.chunk");
    const text = chunks.flatMap((c) => c.choices.map((ch: Json) => ch.delta.content ?? "")).join("");
    expect(text).toBe(json.json.choices[0].message.content);
    const finishes = chunks.flatMap((c) => c.choices.map((ch: Json) => ch.finish_reason)).filter(Boolean);
    expect(finishes).toEqual([json.json.choices[0].finish_reason]);
    expect(chunks[chunks.length - 1].usage).toEqual(json.json.usage);
    expect(chunks[0].choices[0].delta.role).toBe("assistant");
  });

  it("streams tool calls as deltas", async () => {
    const tools = [
      {
        type: "function",
        function: { name: "lookup", parameters: { type: "object", properties: { q: { type: "string" } } } },
      },
    ];
    const res = await postJson(chatUrl(), chatBody("m", { tools, stream: true }), bearer(HUB_TOKEN));
    const chunks = sseData(res.text)
      .slice(0, -1)
      .map((e) => JSON.parse(e));
    const calls = chunks.flatMap((c) => c.choices[0].delta.tool_calls ?? []);
    expect(calls[0].function.name).toBe("lookup");
    expect(JSON.parse(calls.map((c: Json) => c.function.arguments).join(""))).toHaveProperty("q");
    expect(chunks[chunks.length - 1].choices[0].finish_reason).toBe("tool_calls");
  });

  it("accepts image content parts", async () => {
    const messages = [
      {
        role: "user",
        content: [
          { type: "text", text: "What is in this image?" },
          { type: "image_url", image_url: { url: "https://example.com/cat.png" } },
        ],
      },
    ];
    const r = await postJson(
      `${emu.routerUrl}/hf-inference/models/Qwen/Qwen2.5-VL-7B-Instruct/v1/chat/completions`,
      { messages, max_tokens: 20 },
    );
    expect(r.status).toBe(200);
    expect(r.json.model).toBe("Qwen/Qwen2.5-VL-7B-Instruct");
  });
});

describe("validation errors in each provider's shape", () => {
  const invalid: [string, unknown, RegExp][] = [
    ["no model", { messages: [{ role: "user", content: "x" }] }, /model/],
    ["empty messages", { model: "m", messages: [] }, /at least one message/],
    ["messages not an array", { model: "m", messages: "hi" }, /must be an array/],
    ["bad role", { model: "m", messages: [{ role: "robot", content: "x" }] }, /role/],
    ["bad content", { model: "m", messages: [{ role: "user", content: 42 }] }, /content/],
    [
      "bad max_tokens",
      { model: "m", messages: [{ role: "user", content: "x" }], max_tokens: 0 },
      /max_tokens/,
    ],
    [
      "bad temperature",
      { model: "m", messages: [{ role: "user", content: "x" }], temperature: 3 },
      /temperature/,
    ],
    ["bad stream", { model: "m", messages: [{ role: "user", content: "x" }], stream: "yes" }, /stream/],
    ["body not an object", [1, 2], /JSON object/],
  ];
  for (const [name, body, pattern] of invalid) {
    it(`together rejects ${name} with 400 {error:{message,type}}`, async () => {
      const r = await postJson(chatUrl(), body, bearer(HUB_TOKEN));
      expect(r.status).toBe(400);
      expect(r.json.error.type).toBe("invalid_request_error");
      expect(r.json.error.message).toMatch(pattern);
    });
  }

  it("uses each provider's error body", async () => {
    const body = { model: "m", messages: [] };
    const paths: Record<string, string> = {
      cerebras: "/v1/chat/completions",
      cohere: "/compatibility/v1/chat/completions",
      "fireworks-ai": "/inference/v1/chat/completions",
      hyperbolic: "/v1/chat/completions",
      nebius: "/v1/chat/completions",
      novita: "/v3/openai/chat/completions",
      sambanova: "/v1/chat/completions",
      openai: "/v1/chat/completions",
    };
    const bodies: Record<string, Json> = {};
    for (const [p, path] of Object.entries(paths)) {
      const r = await postJson(`${emu.routerUrl}/${p}${path}`, body, bearer(HUB_TOKEN));
      expect(r.status, p).toBe(400);
      bodies[p] = r.json;
    }
    expect(bodies.cerebras.message).toMatch(/messages/);
    expect(bodies.sambanova.message).toMatch(/messages/);
    expect(bodies.cohere.message).toMatch(/messages/);
    expect(bodies["fireworks-ai"].error.object).toBe("error");
    expect(bodies.hyperbolic.object).toBe("error");
    expect(bodies.nebius.detail).toMatch(/messages/);
    expect(bodies.novita.reason).toBeDefined();
    expect(bodies.openai.error.message).toMatch(/messages/);
  });

  it("hf-inference chat: 422 {error, error_type} and a template error for non-chat models", async () => {
    const bad = await postJson(
      `${emu.routerUrl}/hf-inference/models/meta-llama/Llama-3.1-8B-Instruct/v1/chat/completions`,
      { messages: [] },
    );
    expect(bad.status).toBe(422);
    expect(bad.json.error).toMatch(/messages/);
    const notChat = await postJson(
      `${emu.routerUrl}/hf-inference/models/openai-community/gpt2/v1/chat/completions`,
      chatBody("gpt2"),
    );
    expect(notChat.status).toBe(422);
    expect(notChat.json.error_type).toBe("template_error");
  });

  it("rejects a body labelled JSON that does not parse", async () => {
    const res = await fetch(chatUrl(), {
      method: "POST",
      headers: { ...bearer(HUB_TOKEN), "Content-Type": "application/json" },
      body: '{"model": "m", "messages": [',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/^Request body is not valid JSON/);
  });

  it("rejects non-POST methods on inference routes", async () => {
    const r = await fetch(chatUrl(), { headers: bearer(HUB_TOKEN) });
    expect(r.status).toBe(405);
  });
});

describe("text completions", () => {
  it("returns text_completion objects and streams them", async () => {
    const r = await postJson(
      `${emu.routerUrl}/together/v1/completions`,
      { model: "mistralai/Mixtral-8x7B-v0.1", prompt: "Once upon a time", max_tokens: 5 },
      bearer(HUB_TOKEN),
    );
    expect(r.json.object).toBe("text_completion");
    expect(r.json.choices[0].finish_reason).toBe("length");
    expect(r.json.usage.completion_tokens).toBe(5);
    const s = await postJson(
      `${emu.routerUrl}/together/v1/completions`,
      { model: "mistralai/Mixtral-8x7B-v0.1", prompt: "Once upon a time", max_tokens: 5, stream: true },
      bearer(HUB_TOKEN),
    );
    const events = sseData(s.text);
    expect(events.pop()).toBe("[DONE]");
    expect(events.map((e) => JSON.parse(e).choices[0].text).join("")).toBe(r.json.choices[0].text);
  });

  it("requires a prompt", async () => {
    const r = await postJson(`${emu.routerUrl}/nebius/v1/completions`, { model: "m" }, bearer(HUB_TOKEN));
    expect(r.status).toBe(400);
    expect(r.json.detail).toMatch(/prompt/);
  });
});

describe("TGI text generation (hf-inference)", () => {
  const url = () => `${emu.routerUrl}/hf-inference/models/openai-community/gpt2`;

  it("returns [{generated_text}] and details on request", async () => {
    const r = await postJson(url(), {
      inputs: "The answer is",
      parameters: { max_new_tokens: 6, details: true },
    });
    expect(r.json).toHaveLength(1);
    expect(typeof r.json[0].generated_text).toBe("string");
    expect(r.json[0].details.generated_tokens).toBe(6);
    expect(r.json[0].details.finish_reason).toBe("length");
    expect(r.json[0].details.tokens.map((t: Json) => t.text).join("")).toBe(r.json[0].generated_text);
    const full = await postJson(url(), {
      inputs: "The answer is",
      parameters: { max_new_tokens: 6, return_full_text: true },
    });
    expect(full.json[0].generated_text).toBe("The answer is" + r.json[0].generated_text);
  });

  it("streams token events whose last one carries generated_text and details", async () => {
    const plain = await postJson(url(), { inputs: "The answer is", parameters: { max_new_tokens: 6 } });
    const s = await postJson(url(), {
      inputs: "The answer is",
      parameters: { max_new_tokens: 6 },
      stream: true,
    });
    expect(s.headers.get("content-type")).toBe("text/event-stream");
    const events = sseData(s.text).map((e) => JSON.parse(e));
    expect(events).toHaveLength(6);
    expect(events.map((e) => e.token.text).join("")).toBe(plain.json[0].generated_text);
    expect(events.slice(0, -1).every((e) => e.generated_text === null)).toBe(true);
    expect(events[5].generated_text).toBe(plain.json[0].generated_text);
    expect(events[5].details.finish_reason).toBe("length");
  });

  it("validates parameters like TGI (422)", async () => {
    for (const parameters of [{ temperature: 0 }, { max_new_tokens: -1 }, { top_p: 1.5 }]) {
      const r = await postJson(url(), { inputs: "x", parameters });
      expect(r.status).toBe(422);
      expect(r.json.error_type).toBe("validation");
    }
    expect((await postJson(url(), { inputs: 5 })).status).toBe(422);
  });
});
