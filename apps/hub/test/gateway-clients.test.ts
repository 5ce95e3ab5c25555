// The real clients against the hub's router gateway: the openai npm client and the openai Python
// client use POST /v1/responses (plain and streamed, translated to chat completions), list the models
// the hub routes, and get their chat answered by the next provider when the cheapest one fails with
// 503 before the first byte.
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, type TestHub } from "./support/hub.js";
import { runPython } from "./support/python.js";

const MODEL = "meta-llama/Llama-3.3-70B-Instruct";
let hub: TestHub;
let token: string;

beforeAll(async () => {
  hub = await startTestHub("gateway-clients", { emulatorStreamIntervalMs: 0 });
  token = await hub.repos.access.createToken("hana");
}, 60_000);

afterAll(() => hub?.close());

describe("the Responses API through the hub", () => {
  it("answers the openai npm client, plain and streamed", async () => {
    const openai = new OpenAI({ baseURL: `${hub.url}/router/v1`, apiKey: token, maxRetries: 0 });
    const plain = await openai.responses.create({
      model: `${MODEL}:groq`,
      instructions: "Answer briefly.",
      input: "Say hello",
      max_output_tokens: 8,
    });
    expect(plain.status).toBe("completed");
    expect(plain.output_text.length).toBeGreaterThan(0);
    expect(plain.usage?.output_tokens).toBeGreaterThan(0);

    const stream = await openai.responses.create({
      model: MODEL,
      input: [{ role: "user", content: [{ type: "input_text", text: "Say hello" }] }],
      max_output_tokens: 8,
      stream: true,
    });
    const types: string[] = [];
    let deltas = "";
    let final = "";
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === "response.output_text.delta") deltas += event.delta;
      if (event.type === "response.completed") {
        const message = event.response.output[0];
        if (message.type === "message" && message.content[0].type === "output_text")
          final = message.content[0].text;
      }
    }
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.completed");
    expect(deltas.length).toBeGreaterThan(0);
    expect(final).toBe(deltas);
  });

  it("refuses another site's page, as the rest of /router does", async () => {
    const response = await fetch(`${hub.url}/router/v1/responses`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      body: JSON.stringify({ model: MODEL, input: "hi" }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/Cross-origin request refused/);
  });

  it("refuses a request it cannot translate, naming what is wrong", async () => {
    const response = await fetch(`${hub.url}/router/v1/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ model: MODEL, input: [{ type: "function_call_output", output: "x" }] }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/only messages are translated/);
  });

  it("serves the openai Python client: models, responses plain and streamed, failover", async () => {
    const down = hub.emulator!.fault({ match: { provider: "novita" }, status: 503 });
    const result = await runPython(
      `
import json, openai
client = openai.OpenAI(base_url="${hub.url}/router/v1", api_key="${token}", max_retries=0)
ids = [model.id for model in client.models.list().data]
plain = client.responses.create(model="${MODEL}:together", input="Say hello", max_output_tokens=8)
events = [event.type for event in client.responses.create(model="${MODEL}", input="Say hello", stream=True)]
raw = client.chat.completions.with_raw_response.create(
    model="${MODEL}:cheapest", messages=[{"role": "user", "content": "hi"}], max_tokens=4)
chat = raw.parse()
print(json.dumps({"listed": "${MODEL}" in ids, "text": plain.output_text, "events": events,
  "provider": raw.headers.get("x-inference-provider"), "attempts": raw.headers.get("x-hubkit-attempts"),
  "answer": chat.choices[0].message.content}))
`,
      { PATH: process.env.PATH },
    );
    down.remove();
    expect(result.listed).toBe(true);
    expect(String(result.text).length).toBeGreaterThan(0);
    expect((result.events as string[]).at(-1)).toBe("response.completed");
    expect(result.provider).toBe("deepinfra");
    expect(result.attempts).toBe("novita=503, deepinfra=200");
    expect(String(result.answer).length).toBeGreaterThan(0);
  });
});
