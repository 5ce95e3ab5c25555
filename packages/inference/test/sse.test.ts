// The server-sent events parser: spec behaviours, and a property test that any split of the same
// byte stream (anywhere, including inside a CRLF or a multi-byte character) yields the same events.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SseLineDecoder, SseParser, parseServerSentEvents, readServerSentEvents } from "../src/lib/sse.js";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function eventsFromChunks(chunks: Uint8Array[]) {
  const all = [];
  for await (const batch of readServerSentEvents(streamOf(chunks))) all.push(...batch);
  return all;
}

describe("SseParser", () => {
  it("parses data, event, id and retry fields and dispatches on a blank line", () => {
    const events = parseServerSentEvents("event: update\nid: 7\nretry: 1500\ndata: hello\n\n");
    expect(events).toEqual([{ data: "hello", event: "update", id: "7", retry: 1500 }]);
  });

  it("joins multi-line data with newlines", () => {
    expect(parseServerSentEvents("data: first\ndata: second\ndata:third\n\n").map((e) => e.data)).toEqual([
      "first\nsecond\nthird",
    ]);
  });

  it("accepts CR, LF and CRLF line endings, mixed", () => {
    const events = parseServerSentEvents("data: a\r\rdata: b\n\ndata: c\r\n\r\ndata: d\r\n\n");
    expect(events.map((e) => e.data)).toEqual(["a", "b", "c", "d"]);
  });

  it("ignores comments and unknown fields, and removes only one leading space", () => {
    const events = parseServerSentEvents(": keep-alive\nfoo: bar\ndata:  two spaces\n\n");
    expect(events.map((e) => e.data)).toEqual([" two spaces"]);
  });

  it("does not dispatch an event without data lines", () => {
    expect(parseServerSentEvents("event: ping\n\n: comment\n\n")).toEqual([]);
  });

  it("keeps a colon inside the value", () => {
    expect(parseServerSentEvents('data: {"a":"b:c"}\n\n')[0].data).toBe('{"a":"b:c"}');
  });

  it("treats a field line without colon as a field with an empty value", () => {
    expect(parseServerSentEvents("data\ndata: x\n\n")[0].data).toBe("\nx");
  });

  it("ignores a non-numeric retry", () => {
    expect(parseServerSentEvents("retry: soon\ndata: x\n\n")[0].retry).toBeUndefined();
  });

  it("discards a last event that has no terminating blank line (WHATWG, issue 15)", () => {
    const parser = new SseParser();
    expect(parser.push("data: [DONE]")).toEqual([]);
    expect(parser.end()).toEqual([]);
    // A complete line without the blank line after it is still an unterminated event.
    expect(parseServerSentEvents('data: {"a":1}\n\ndata: {"trunc')).toEqual([
      { data: '{"a":1}', event: "", id: "" },
    ]);
    expect(parseServerSentEvents('data: {"a":1}\n\ndata: {"b":2}\n').map((e) => e.data)).toEqual(['{"a":1}']);
  });

  it("handles a CR at the end of one chunk and its LF at the start of the next as one line end", () => {
    const parser = new SseParser();
    const events = [...parser.push("data: a\r"), ...parser.push("\n\r"), ...parser.push("\n")];
    expect(events.map((e) => e.data)).toEqual(["a"]);
    // Empty text in between (a chunk with no line end yet) does not forget the CR.
    const again = new SseParser();
    const more = [...again.push("data: b\r"), ...again.push(""), ...again.push("\n\r\n")];
    expect(more.map((e) => e.data)).toEqual(["b"]);
  });

  it("decodes UTF-8 split across chunks", async () => {
    const bytes = new TextEncoder().encode("data: héllo 🤗\n\n");
    const chunks = Array.from(bytes, (b) => new Uint8Array([b]));
    expect((await eventsFromChunks(chunks)).map((e) => e.data)).toEqual(["héllo 🤗"]);
  });

  it("strips a byte order mark at the start of the stream only, even split across chunks", async () => {
    const bytes = new TextEncoder().encode("\uFEFFdata: a\n\n\uFEFFdata: b\n\n");
    const chunks = Array.from(bytes, (b) => new Uint8Array([b]));
    // A BOM later on is part of the line: "\uFEFFdata" is an unknown field, so "b" is not an event.
    expect((await eventsFromChunks(chunks)).map((e) => e.data)).toEqual(["a"]);
    expect((await eventsFromChunks([bytes])).map((e) => e.data)).toEqual(["a"]);
  });

  it("decodes whole lines only, keeping the rest of a chunk for the next one", () => {
    const lines = new SseLineDecoder();
    const bytes = new TextEncoder().encode("data: é\ndata: 🤗");
    // Cut inside the emoji: nothing past the last line end is decoded yet.
    expect(lines.decode(bytes.subarray(0, bytes.length - 2))).toBe("data: é\n");
    expect(lines.decode(bytes.subarray(bytes.length - 2))).toBe("");
    expect(lines.end()).toBe("data: 🤗");
    // A chunk reused by its producer after decode() does not change the kept bytes.
    const again = new SseLineDecoder();
    const chunk = new TextEncoder().encode("data: x");
    expect(again.decode(chunk)).toBe("");
    chunk.fill(0);
    expect(again.decode(new TextEncoder().encode("\r"))).toBe("data: x\r");
    // A line that spans several chunks, cut inside "é" and inside "🤗", comes out whole at its end.
    const long = new SseLineDecoder();
    const line = new TextEncoder().encode("data: é🤗 abcdef\ndata: g");
    const cuts = [0, 7, 10, 14, line.length];
    const parts = cuts.slice(1).map((end, i) => line.subarray(cuts[i], end));
    expect(parts.map((part) => long.decode(part))).toEqual(["", "", "", "data: é🤗 abcdef\n"]);
    expect(long.end()).toBe("data: g");
  });

  it("stops reading and cancels the body when the consumer returns early", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("data: x\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    let batches = 0;
    for await (const batch of readServerSentEvents(body)) {
      expect(batch.map((e) => e.data)).toEqual(["x"]);
      if (++batches === 3) break;
    }
    expect(cancelled).toBe(true);
  });

  it("parses a long stream in time linear in its size", () => {
    const line = `data: ${JSON.stringify({ choices: [{ delta: { content: "token" } }] })}\n\n`;
    const text = line.repeat(50_000);
    const parser = new SseParser();
    const started = performance.now();
    // Feed in 1 KiB pieces, as a socket would.
    let count = 0;
    for (let i = 0; i < text.length; i += 1024) count += parser.push(text.slice(i, i + 1024)).length;
    count += parser.end().length;
    expect(count).toBe(50_000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

/** A stream made of arbitrary SSE lines with arbitrary line endings. */
const sseText = fc
  .array(
    fc.record({
      kind: fc.constantFrom("data", "event", "id", "retry", "comment", "blank", "unknown", "nocolon"),
      value: fc.string({ unit: fc.constantFrom("a", "b", " ", ":", "é", "🤗", "{", "}", '"', "0", "9") }),
      ending: fc.constantFrom("\n", "\r", "\r\n"),
    }),
    { maxLength: 40 },
  )
  .map((lines) =>
    lines
      .map(({ kind, value, ending }) => {
        switch (kind) {
          case "blank":
            return ending;
          case "comment":
            return `:${value}${ending}`;
          case "nocolon":
            return `data${ending}`;
          case "unknown":
            return `x-${value.replace(/:/g, "")}: ${value}${ending}`;
          default:
            return `${kind}: ${value}${ending}`;
        }
      })
      .join(""),
  );

describe("SSE parser property", () => {
  it("yields the same events for any split of the same byte stream", async () => {
    await fc.assert(
      fc.asyncProperty(sseText, fc.array(fc.nat(), { maxLength: 12 }), async (text, cuts) => {
        const bytes = new TextEncoder().encode(text);
        const whole = await eventsFromChunks([bytes]);
        const points = [...new Set(cuts.map((c) => (bytes.length ? c % (bytes.length + 1) : 0)))].sort(
          (a, b) => a - b,
        );
        const chunks: Uint8Array[] = [];
        let start = 0;
        for (const point of points) {
          chunks.push(bytes.subarray(start, point));
          start = point;
        }
        chunks.push(bytes.subarray(start));
        expect(await eventsFromChunks(chunks)).toEqual(whole);
        // And byte by byte.
        expect(await eventsFromChunks(Array.from(bytes, (b) => new Uint8Array([b])))).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it("counts one event per blank-line-terminated data block, whatever the line endings", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom("x", "y", " ", ":") }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom("\n", "\r", "\r\n"),
        (payloads, eol) => {
          const text = payloads.map((p) => `data: ${p}${eol}${eol}`).join("");
          expect(parseServerSentEvents(text).map((e) => e.data)).toEqual(payloads);
        },
      ),
      { numRuns: 200 },
    );
  });
});
