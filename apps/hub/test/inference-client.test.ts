// @hubkit/inference with this server as its hub: provider mappings and default models come from the
// catalogue, and inference goes through the server's /router proxy to the in-process emulator.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InferenceClient, clearHubCache } from "@hubkit/inference";
import { TASKS_DATA } from "@hubkit/tasks";
import { startTestHub, type TestHub } from "./support/hub.js";

let server: TestHub;
const TOKEN = "hf_hubkitClientTest";

beforeAll(async () => {
  server = await startTestHub("hub-client");
});
afterAll(() => server?.close());
beforeEach(() => clearHubCache());

const options = () => ({ hubUrl: server.url, routerUrl: `${server.url}/router` });

describe("@hubkit/inference against the hub server", () => {
  it("resolves a provider mapping from the catalogue and sends the provider's model id", async () => {
    const client = new InferenceClient(TOKEN, options());
    const out = await client.chatCompletion({
      provider: "together",
      model: "meta-llama/Llama-3.3-70B-Instruct",
      messages: [{ role: "user", content: "Say hello" }],
      max_tokens: 12,
    });
    expect(out.model).toBe("meta-llama/Llama-3.3-70B-Instruct-Turbo");
    expect(out.choices[0].message.content).toBeTruthy();
  });

  it("streams a chat completion through the proxy (default provider: the router's /v1 auto route)", async () => {
    const client = new InferenceClient(TOKEN, options());
    let text = "";
    for await (const chunk of client.chatCompletionStream({
      model: "deepseek-ai/DeepSeek-R1",
      messages: [{ role: "user", content: "Count to three" }],
      max_tokens: 12,
    })) {
      text += chunk.choices[0]?.delta?.content ?? "";
    }
    expect(text.length).toBeGreaterThan(0);
  });

  it("reports models the catalogue does not map for a provider", async () => {
    const client = new InferenceClient(TOKEN, options());
    await expect(
      client.chatCompletion({
        provider: "together",
        model: "google-bert/bert-base-uncased",
        messages: [{ role: "user", content: "hi" }],
      }),
    ).rejects.toThrow(/google-bert\/bert-base-uncased/);
  });

  it("takes the default model of a task from the server's /api/tasks", async () => {
    const client = new InferenceClient(TOKEN, options());
    const out = await client.textClassification({ inputs: "What a wonderful day", provider: "hf-inference" });
    expect(Array.isArray(out)).toBe(true);
    expect(out[0]).toHaveProperty("label");
    expect(TASKS_DATA["text-classification"]?.models[0]?.id).toBeTruthy();
  });
});
