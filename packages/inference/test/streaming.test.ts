// Streaming over server-sent events, against the emulator's router and providers.
import { describe, expect, it } from "vitest";
import {
  InferenceClientProviderApiError,
  chatCompletionStream,
  streamingRequest,
  textGenerationStream,
  type TextGenerationStreamOutput,
} from "@hubkit/inference";
import type { ChatCompletionStreamOutput } from "@hubkit/tasks";
import {
  HUB_TOKEN,
  PROVIDER_KEY,
  collect,
  modelFor,
  recordingLogger,
  rejection,
  useEmulator,
} from "./helpers.js";

const emu = useEmulator();
const messages = [{ role: "user", content: "Tell me a story" }];
const text = (chunks: ChatCompletionStreamOutput[]) =>
  chunks.map((c) => c.choices[0]?.delta?.content ?? "").join("");

describe("chatCompletionStream", () => {
  it.each([
    ["together", HUB_TOKEN],
    ["together", PROVIDER_KEY],
    ["sambanova", HUB_TOKEN],
    ["hf-inference", HUB_TOKEN],
  ])("streams chunks from %s (token %s)", async (provider, token) => {
    const e = emu();
    const { id, providerId } = modelFor(provider, "conversational");
    e.clearRequests();
    const chunks = await collect(
      chatCompletionStream(
        { model: id, provider: provider as never, messages, max_tokens: 20, accessToken: token },
        e.clientOptions,
      ),
    );
    expect(chunks.length).toBeGreaterThan(1);
    expect(text(chunks).length).toBeGreaterThan(0);
    const post = e.lastRequest((r) => r.method === "POST");
    // stream: true goes before model, which comes last.
    expect(Object.keys(post!.body as object).slice(-2)).toEqual(["stream", "model"]);
    expect((post!.body as { model: string }).model).toBe(providerId);
  });

  it("surfaces an error event as 'Error forwarded from backend'", async () => {
    const error = await rejection(
      collect(
        chatCompletionStream(
          { model: "hubkit-faults/stream-error", messages, accessToken: HUB_TOKEN },
          emu().clientOptions,
        ),
      ),
    );
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toMatch(/^Error forwarded from backend: .+/);
  });

  it("rejects a reply that is not an event stream", async () => {
    const error = await rejection(
      collect(
        chatCompletionStream(
          { model: "hubkit-faults/wrong-content-type", messages, accessToken: HUB_TOKEN },
          emu().clientOptions,
        ),
      ),
    );
    expect(error.message).toBe(
      "Server does not support event stream content type, it returned text/html; charset=utf-8",
    );
  });

  it("reports an HTTP error with the OpenAI-style message", async () => {
    const error = await rejection(
      collect(
        chatCompletionStream(
          { model: "hubkit-faults/error-json", messages, accessToken: HUB_TOKEN },
          { ...emu().clientOptions, retry_on_error: false },
        ),
      ),
    );
    expect(error.message).toBe(
      "Server hubkit-faults/error-json does not seem to support chat completion. Error: Internal error: the emulated backend failed on purpose",
    );
  });

  it("reports a malformed event clearly", async () => {
    const error = await rejection(
      collect(
        chatCompletionStream(
          { model: "hubkit-faults/malformed-json", messages, accessToken: HUB_TOKEN },
          emu().clientOptions,
        ),
      ),
    );
    expect(error.message).toMatch(/^Invalid JSON in the event stream/);
  });

  it("ends when the consumer stops early, freeing the connection", async () => {
    const { id } = modelFor("together", "conversational");
    let seen = 0;
    for await (const chunk of chatCompletionStream(
      { model: id, provider: "together", messages, max_tokens: 50, accessToken: HUB_TOKEN },
      emu().clientOptions,
    )) {
      expect(chunk.choices).toBeDefined();
      if (++seen === 2) break;
    }
    expect(seen).toBe(2);
  });
});

describe("textGenerationStream and streamingRequest", () => {
  it("streams tokens from hf-inference", async () => {
    const { id } = modelFor("hf-inference", "text-generation");
    const events: TextGenerationStreamOutput[] = await collect(
      textGenerationStream(
        { model: id, inputs: "Once upon a time", accessToken: HUB_TOKEN },
        emu().clientOptions,
      ),
    );
    expect(events.length).toBeGreaterThan(1);
    expect(typeof events[0].token.text).toBe("string");
    expect((emu().lastRequest((r) => r.method === "POST")!.body as { stream: boolean }).stream).toBe(true);
  });

  it("streamingRequest yields raw events and warns once about deprecation", async () => {
    const logger = recordingLogger();
    const { id } = modelFor("hf-inference", "text-generation");
    const first = await collect(
      streamingRequest(
        { model: id, inputs: "Hi", accessToken: HUB_TOKEN },
        { ...emu().clientOptions, logger },
      ),
    );
    await collect(
      streamingRequest(
        { model: id, inputs: "Hi", accessToken: HUB_TOKEN },
        { ...emu().clientOptions, logger },
      ),
    );
    expect(first.length).toBeGreaterThan(0);
    expect(
      logger.lines.filter(
        (l) => l.level === "warn" && l.message.includes("streamingRequest method is deprecated"),
      ),
    ).toHaveLength(1);
  });
});
