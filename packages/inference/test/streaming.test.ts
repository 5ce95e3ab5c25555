// Streaming over server-sent events, against the emulator's router and providers.
import { describe, expect, it, vi } from "vitest";
import {
  HARDCODED_MODEL_ID_MAPPING,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  chatCompletionStream,
  streamingRequest,
  textGenerationStream,
  type Options,
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

/** The error of a chat stream from one of the emulator's fault models, read to its end. */
const faultedStream = (fault: string, options: Options = {}) =>
  rejection(
    collect(
      chatCompletionStream(
        { model: `hubkit-faults/${fault}`, messages, accessToken: HUB_TOKEN },
        { ...emu().clientOptions, ...options },
      ),
    ),
  );

describe("chatCompletionStream", () => {
  it.each([
    ["together", HUB_TOKEN],
    ["together", PROVIDER_KEY],
    ["sambanova", PROVIDER_KEY],
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
    // As 4.x: model first for OpenAI-style providers (hf-inference keeps it last), stream: true at the end.
    const keys = Object.keys(post!.body as object);
    if (provider === "hf-inference") expect(keys.slice(-2)).toEqual(["stream", "model"]);
    else expect([keys[0], keys[keys.length - 1]]).toEqual(["model", "stream"]);
    expect((post!.body as { model: string }).model).toBe(providerId);
  });

  it("surfaces an error event as 4.x does ('an occurred while streaming the response')", async () => {
    const error = await faultedStream("stream-error");
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toMatch(
      /^Failed to perform inference: an occurred while streaming the response: .+/,
    );
  });

  it("rejects a reply that is not an event stream", async () => {
    const error = await faultedStream("wrong-content-type");
    expect(error.message).toBe(
      "Failed to perform inference: server does not support event stream content type, it returned text/html; charset=utf-8",
    );
  });

  it("reports an HTTP error with the OpenAI-style message", async () => {
    const error = await faultedStream("error-json", { retry_on_error: false });
    expect(error.message).toBe(
      "Failed to perform inference: Internal error: the emulated backend failed on purpose",
    );
  });

  it("reports a malformed event as a ProviderOutputError (4.x lets a SyntaxError escape)", async () => {
    const error = await faultedStream("malformed-json");
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
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

describe("the stream iterator keeps an async generator's contract", () => {
  it("starts nothing before the first next(), and answers overlapping next() calls in order", async () => {
    const e = emu();
    const { id } = modelFor("together", "conversational");
    e.clearRequests();
    const args = {
      model: id,
      provider: "together" as const,
      messages,
      max_tokens: 20,
      accessToken: HUB_TOKEN,
    };
    const expected = await collect(chatCompletionStream(args, e.clientOptions));
    e.clearRequests();
    const stream = chatCompletionStream(args, e.clientOptions);
    expect(e.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    // Asked all at once, as a generator queues them: same chunks, same order, then done. (Each chunk's
    // `created` is the emulator's clock in seconds, which may tick between the two streams.)
    const results = await Promise.all(Array.from({ length: expected.length + 2 }, () => stream.next()));
    const clockless = (chunk: unknown) => ({ ...(chunk as Record<string, unknown>), created: 0 });
    expect(results.slice(0, expected.length).map((r) => clockless(r.value))).toEqual(expected.map(clockless));
    expect(results.slice(expected.length)).toEqual([
      { done: true, value: undefined },
      { done: true, value: undefined },
    ]);
    expect(e.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("is done after return(), and after an error", async () => {
    const { id } = modelFor("together", "conversational");
    const args = {
      model: id,
      provider: "together" as const,
      messages,
      max_tokens: 20,
      accessToken: HUB_TOKEN,
    };
    const stream = chatCompletionStream(args, emu().clientOptions);
    expect((await stream.next()).done).toBe(false);
    expect(await stream.return(undefined)).toEqual({ done: true, value: undefined });
    expect(await stream.next()).toEqual({ done: true, value: undefined });

    const broken = chatCompletionStream({ ...args, model: "no-such-org/no-such-model" }, emu().clientOptions);
    await expect(broken.next()).rejects.toThrow();
    expect(await broken.next()).toEqual({ done: true, value: undefined });
  });
});

describe("textGenerationStream and streamingRequest", () => {
  it("streams tokens from hf-inference", async () => {
    const { id } = modelFor("hf-inference", "text-generation");
    const events: TextGenerationStreamOutput[] = await collect(
      textGenerationStream(
        { model: id, provider: "hf-inference", inputs: "Once upon a time", accessToken: HUB_TOKEN },
        emu().clientOptions,
      ),
    );
    expect(events.length).toBeGreaterThan(1);
    expect(typeof events[0].token.text).toBe("string");
    // The last event carries the whole text, as TGI's stream does.
    expect(events[events.length - 1].generated_text).toBe(events.map((e) => e.token.text).join(""));
    // The completion chunk's own fields stay, as 4.13.30 yields them: code reading
    // chunk.choices[0].text gets the same text as token.text.
    for (const event of events) {
      expect(event.choices?.[0]?.text).toBe(event.token.text);
      expect(event).toHaveProperty("id");
    }
    const post = emu().lastRequest((r) => r.method === "POST")!;
    expect(post.url).toBe(`https://router.huggingface.co/hf-inference/models/${id}/v1/completions`);
    expect((post.body as { stream: boolean }).stream).toBe(true);
  });

  it("streamingRequest yields raw events and warns once about deprecation", async () => {
    const logger = recordingLogger();
    const { id } = modelFor("hf-inference", "text-generation");
    const first = await collect(
      streamingRequest(
        { model: id, provider: "hf-inference", inputs: "Hi", accessToken: HUB_TOKEN },
        { ...emu().clientOptions, logger },
      ),
    );
    await collect(
      streamingRequest(
        { model: id, provider: "hf-inference", inputs: "Hi", accessToken: HUB_TOKEN },
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

describe("a connection dropped mid-stream (issue 15)", () => {
  it("ends in a typed ProviderApiError after the events that arrived, not a bare TypeError", async () => {
    const received: ChatCompletionStreamOutput[] = [];
    const error = await rejection(
      (async () => {
        for await (const chunk of chatCompletionStream(
          { model: "hubkit-faults/stream-cut", messages, accessToken: HUB_TOKEN },
          emu().clientOptions,
        )) {
          received.push(chunk);
        }
      })(),
    );
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toMatch(
      /^Failed to perform inference: the connection closed before the event stream ended/,
    );
    expect((error as InferenceClientProviderApiError).httpResponse.status).toBe(200);
    expect(error.message).not.toContain(HUB_TOKEN);
    // The emulator sends three events, then drops the connection.
    expect(received.length).toBe(3);
  });
});

describe("a stream cut before its final blank line (issue 15)", () => {
  it("discards the unterminated last event and finishes cleanly, as WHATWG and the reference do", async () => {
    // A recorded Cerebras stream ends this way: the last chunk has no terminating blank line.
    const chunk = (content: string) =>
      JSON.stringify({
        id: "c",
        object: "chat.completion.chunk",
        created: 1,
        model: "m",
        choices: [{ index: 0, delta: { content } }],
      });
    const body = `data: ${chunk("Hel")}\n\ndata: ${chunk("lo")}\n\ndata: {"id":"c","choices":[{"delta":{"cont`;
    const cutFetch: typeof fetch = async () =>
      new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    HARDCODED_MODEL_ID_MAPPING.cerebras.m = "m";
    try {
      const chunks = await collect(
        chatCompletionStream(
          { model: "m", provider: "cerebras", messages, accessToken: PROVIDER_KEY },
          { fetch: cutFetch, providerUrls: { cerebras: "http://127.0.0.1:9" } },
        ),
      );
      expect(text(chunks)).toBe("Hello");
    } finally {
      delete HARDCODED_MODEL_ID_MAPPING.cerebras.m;
    }
  });
});

describe("the stream's own parsing (data-only parser, whole-line decoding, [DONE], errors)", () => {
  // Exact chunk boundaries need the body in hand: a fetch that answers with the given chunks.
  const chunkedFetch =
    (chunks: Uint8Array[]): typeof fetch =>
    async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            controller.close();
          },
        }),
        { status: 200, headers: { "content-type": "text/event-stream" } },
      );
  const stream = (chunks: Uint8Array[]) =>
    chatCompletionStream(
      { endpointUrl: "http://127.0.0.1:9/v1", model: "m", messages, accessToken: PROVIDER_KEY },
      { fetch: chunkedFetch(chunks) },
    );
  const delta = (content: string) => ({ choices: [{ index: 0, delta: { content } }] });
  /** Every way to cut `bytes` in two, then byte by byte. */
  const splits = (bytes: Uint8Array) => [
    ...Array.from({ length: bytes.length + 1 }, (_, i) => [bytes.subarray(0, i), bytes.subarray(i)]),
    Array.from(bytes, (byte) => new Uint8Array([byte])),
  ];

  it("yields the same events for every split of a stream mixing what SSE allows", async () => {
    const expected = [delta("é🤗 one"), delta("two\nlines"), delta("three"), delta("four"), delta("five")];
    const [one, two, three, four, five] = expected.map((event) => JSON.stringify(event));
    const body =
      // The BOM is stripped: otherwise the first line's field would be "\uFEFFdata".
      `\uFEFFdata: ${one}\n\n` +
      ": a comment\n" +
      // Multi-line data is joined with LF (JSON whitespace here), other fields are ignored; a CRLF
      // cut between its CR and LF is one line end, not two.
      `event: message\nid: 7\nretry: 10\ndata: ${two.slice(0, 12)}\r\ndata:${two.slice(12)}\n\n` +
      `data: ${three}\r\n\r\n` +
      `: keep-alive\r\rdata: ${four}\r\r` +
      // An event without data, and one with empty data, yield nothing.
      "event: ping\n\ndata:\n\n" +
      `data: ${five}\r\n\n` +
      "data: [DONE]\n\n" +
      `data: ${one}\n\n`;
    const bytes = new TextEncoder().encode(body);
    for (const chunks of splits(bytes)) expect(await collect(stream(chunks))).toEqual(expected);
  });

  it("yields the events before a malformed one or an error event, then fails, for every split", async () => {
    const good = `data: ${JSON.stringify(delta("ok"))}\n\n`;
    const cases = [
      { bad: 'data: {"choices": [\n\n', type: InferenceClientProviderOutputError, message: /^Invalid JSON/ },
      {
        bad: 'data: {"error": {"message": "overloaded"}}\n\n',
        type: InferenceClientProviderApiError,
        message: /an occurred while streaming the response: overloaded$/,
      },
    ];
    for (const { bad, type, message } of cases) {
      const bytes = new TextEncoder().encode(good + good + bad + good);
      for (const chunks of splits(bytes)) {
        const received: unknown[] = [];
        const error = await rejection(
          (async () => {
            for await (const chunk of stream(chunks)) received.push(chunk);
          })(),
        );
        expect(error).toBeInstanceOf(type);
        expect(error.message).toMatch(message);
        expect(received).toEqual([delta("ok"), delta("ok")]);
      }
    }
  });

  // The events a chunk completes are parsed with one JSON.parse, a number the stream cannot know
  // between them; a batch that fails, or does not give that number back between every two events,
  // is parsed event by event. So each event must still come out as it would parsed alone.
  describe("events parsed together", () => {
    /** What `stream` gives for `body` in one chunk: its events, and its error if it fails. */
    const outcome = async (chunks: Uint8Array[]) => {
      const events: unknown[] = [];
      try {
        for await (const event of stream(chunks)) events.push(event);
        return { events };
      } catch (error) {
        return { events, error: `${(error as Error).constructor.name}: ${(error as Error).message}` };
      }
    };
    const good = JSON.stringify(delta("ok"));

    it("takes one JSON.parse for the events of a chunk, and gives each its own object", async () => {
      const body = [delta("a"), delta("b"), delta("c"), delta("d")].map(
        (e) => `data: ${JSON.stringify(e)}\n\n`,
      );
      const parse = vi.spyOn(JSON, "parse");
      try {
        const events = (await collect(stream([new TextEncoder().encode(body.join(""))]))) as unknown[];
        expect(events).toEqual([delta("a"), delta("b"), delta("c"), delta("d")]);
        expect(new Set(events).size).toBe(4);
        expect(parse.mock.calls.filter(([text]) => String(text).includes('"choices"'))).toHaveLength(1);
      } finally {
        parse.mockRestore();
      }
    });

    it.each([
      // Each fails alone; joined in one array some would parse (brackets opened by one event and
      // closed by the next, a string across two, two values in one event making up the count).
      ['{"x":1', '"y":2},{}'],
      ['{"a":[1', "2]}"],
      ['{"a":[{}', '{"b":1}]},{"c":2}'],
      ['{"s":"ab', 'cd"}'],
      ["{},{}"],
      ["1,2", good],
      ["[1", "2],3"],
      [" "],
      ["{} {}"],
    ])("fails where an event parsed alone fails, after the events before it: %j", async (...bad) => {
      const body =
        `data: ${good}\n\ndata: ${good}\n\n` +
        bad.map((data) => `data: ${data}\n\n`).join("") +
        `data: ${good}\n\n`;
      const bytes = new TextEncoder().encode(body);
      for (const chunks of splits(bytes)) {
        const { events, error } = await outcome(chunks);
        expect(events).toEqual([delta("ok"), delta("ok")]);
        expect(error).toBe(`InferenceClientProviderOutputError: Invalid JSON in the event stream: ${bad[0]}`);
      }
    });

    it("yields any JSON value an event holds, as alone, and nothing after [DONE]", async () => {
      const values = [1, "two", null, [3, { four: 4 }], true, { choices: [] }, delta("ok"), 7.5e-7];
      const body =
        values.map((value) => `data: ${JSON.stringify(value)}\n\n`).join("") +
        "data: [DONE]\n\ndata: {not json\n\n";
      for (const chunks of splits(new TextEncoder().encode(body))) {
        expect(await outcome(chunks)).toEqual({ events: values });
      }
    });

    it("keeps the events of a chunk that ends inside a multi-byte character or an event", async () => {
      const events = Array.from({ length: 40 }, (_, i) => delta(`${i} é🤗 ${"x".repeat(i * 7)}`));
      const bytes = new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(""));
      // Cuts every 97 bytes: inside the 4-byte emoji, the 2-byte é, a data line, a blank line.
      const chunks = Array.from({ length: Math.ceil(bytes.length / 97) }, (_, i) =>
        bytes.subarray(i * 97, (i + 1) * 97),
      );
      expect(await collect(stream(chunks))).toEqual(events);
    });
  });
});
