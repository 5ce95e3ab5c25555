// The hub's /router proxy offers the router's OpenAI-compatible /v1/chat/completions: the real
// `openai` SDK and @hubkit/inference with an endpointUrl both chat through it (JSON and streams),
// with `org/model`, `org/model:provider` and policy suffixes, against the in-process emulator.
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InferenceClient } from "@hubkit/inference";
import { startTestHub, type TestHub } from "./support/hub.js";

let server: TestHub;
const TOKEN = "hf_hubkitProxyV1Test";
const MODEL = "meta-llama/Llama-3.3-70B-Instruct";
const messages = [{ role: "user" as const, content: "Say hello" }];

beforeAll(async () => {
  server = await startTestHub("hub-v1");
});
afterAll(() => server?.close());

describe("/router/v1/chat/completions through the hub", () => {
  it("serves the openai SDK, JSON and stream, with model, model:provider and :cheapest", async () => {
    const openai = new OpenAI({ baseURL: `${server.url}/router/v1`, apiKey: TOKEN, maxRetries: 0 });
    for (const model of [MODEL, `${MODEL}:together`, `${MODEL}:cheapest`]) {
      const reply = await openai.chat.completions.create({ model, messages, max_tokens: 12 });
      expect(reply.choices[0].message.content).toBeTruthy();
    }
    const together = await openai.chat.completions.create({ model: `${MODEL}:together`, messages });
    expect(together.model).toBe("meta-llama/Llama-3.3-70B-Instruct-Turbo");
    let text = "";
    const stream = await openai.chat.completions.create({
      model: MODEL,
      messages,
      max_tokens: 12,
      stream: true,
    });
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
    expect(text.length).toBeGreaterThan(0);
  });

  it("reports an unknown model or provider as the SDK's API error", async () => {
    const openai = new OpenAI({ baseURL: `${server.url}/router/v1`, apiKey: TOKEN, maxRetries: 0 });
    await expect(openai.chat.completions.create({ model: `${MODEL}:nope`, messages })).rejects.toMatchObject({
      status: 400,
    });
    await expect(openai.chat.completions.create({ model: "nobody/nothing", messages })).rejects.toMatchObject(
      {
        status: 404,
      },
    );
  });

  it("serves @hubkit/inference with endpointUrl, JSON and stream", async () => {
    const client = new InferenceClient(TOKEN, { endpointUrl: `${server.url}/router/v1` });
    const reply = await client.chatCompletion({ model: `${MODEL}:together`, messages, max_tokens: 12 });
    expect(reply.choices[0].message.content).toBeTruthy();
    let text = "";
    for await (const chunk of client.chatCompletionStream({ model: MODEL, messages, max_tokens: 12 })) {
      text += chunk.choices[0]?.delta?.content ?? "";
    }
    expect(text.length).toBeGreaterThan(0);
  });

  it("serves @hubkit/inference under auto with the hub's proxy as router", async () => {
    const client = new InferenceClient(TOKEN, { hubUrl: server.url, routerUrl: `${server.url}/router` });
    const reply = await client.chatCompletion({ model: `${MODEL}:fastest`, messages, max_tokens: 12 });
    expect(reply.choices[0].message.content).toBeTruthy();
  });
});
