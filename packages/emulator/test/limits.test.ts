// What the emulator keeps and refuses: over-deep JSON gets a 400 naming the limit (its handlers walk
// bodies recursively, and a body nested thousands deep overflowed the stack: a 500), and the request
// log keeps bounded copies of bodies, not the request's buffer or its parsed body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonDeeperThan, MAX_JSON_DEPTH, startEmulator, type Emulator } from "../src/index.js";
import { HUB_TOKEN } from "./helpers.js";

let e: Emulator;
beforeAll(async () => {
  e = await startEmulator();
});
afterAll(async () => {
  await e?.close();
});

const MODEL = "meta-llama/Llama-3.3-70B-Instruct";
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

async function post(path: string, body: string | Uint8Array, contentType = "application/json") {
  const res = await fetch(e.routerUrl + path, {
    method: "POST",
    headers: { authorization: `Bearer ${HUB_TOKEN}`, "content-type": contentType },
    // a copy typed as the fetch API wants it (Uint8Array<ArrayBuffer>)
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  return { status: res.status, text: await res.text() };
}

describe("nesting limit", () => {
  it("counts depth outside strings only", () => {
    expect(jsonDeeperThan(Buffer.from(nestedObject(3)), 3)).toBe(false);
    expect(jsonDeeperThan(Buffer.from(nestedObject(4)), 3)).toBe(true);
    expect(jsonDeeperThan(Buffer.from(JSON.stringify({ a: '[[[[[[\\"{{{{' })), 2)).toBe(false);
  });

  const deep = nestedObject(6000);
  const cases: [string, string][] = [
    [
      "tool parameters",
      `{"model":"${MODEL}","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f","parameters":${deep}}}]}`,
    ],
    [
      "a response_format schema",
      `{"model":"${MODEL}","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_schema","json_schema":{"name":"a","schema":${deep}}}}`,
    ],
    ["an unknown field", `{"model":"${MODEL}","messages":[{"role":"user","content":"hi"}],"x":${deep}}`],
  ];
  for (const [where, body] of cases) {
    it(`answers 400, not 500, to a body nested 6,000 deep in ${where}`, async () => {
      const res = await post("/together/v1/chat/completions", body);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text).error).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
    });
  }

  it("still answers a body nested to the limit", async () => {
    const schema = nestedObject(MAX_JSON_DEPTH - 8);
    const res = await post(
      "/together/v1/chat/completions",
      `{"model":"${MODEL}","messages":[{"role":"user","content":"hi"}],"x":${schema}}`,
    );
    expect(res.status).toBe(200);
  });
});

describe("request log", () => {
  it("keeps a bounded copy of a large body, not the body", async () => {
    const content = "x".repeat(3 * 1024 * 1024);
    const res = await post(
      "/together/v1/chat/completions",
      JSON.stringify({ model: MODEL, messages: [{ role: "user", content }] }),
    );
    expect(res.status).toBe(200);
    const record = e.lastRequest((r) => r.method === "POST")!;
    expect(record.bodySize).toBeGreaterThan(3 * 1024 * 1024);
    expect(record.bodyBytes.length).toBe(64 * 1024);
    // its own memory, not a view into the 3 MiB request buffer
    expect(record.bodyBytes.buffer.byteLength).toBeLessThanOrEqual(64 * 1024);
    expect(record.body).toBeNull();
  });

  it("keeps small bodies whole, parsed", async () => {
    await post(
      "/together/v1/chat/completions",
      JSON.stringify({ model: MODEL, messages: [{ role: "user", content: "hi" }] }),
    );
    const record = e.lastRequest((r) => r.method === "POST")!;
    expect(record.body).toMatchObject({ model: MODEL });
    expect(Buffer.from(record.bodyBytes).toString()).toContain('"content":"hi"');
  });
});

describe("request log budget", () => {
  it("keeps at most 16 MiB of bodies in all, dropping the oldest bodies first", async () => {
    e.clearRequests();
    // 900 KiB: parsed and kept (counted as 64 KiB of bytes and twice 900 KiB parsed)
    const body = JSON.stringify({ model: MODEL, messages: "x".repeat(900 * 1024) });
    for (let i = 0; i < 12; i++) expect((await post("/together/v1/chat/completions", body)).status).toBe(400);
    const kept = e.requests.reduce((sum, r) => sum + r.bodyBytes.length + (r.body ? 2 * r.bodySize : 0), 0);
    expect(kept).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(e.requests).toHaveLength(12);
    expect(e.requests.at(-1)!.body).toMatchObject({ model: MODEL });
    expect(e.requests[0]!.body).toBeNull();
    expect(e.requests[0]!.bodyBytes.length).toBe(0);
    expect(e.requests[0]!.bodySize).toBe(body.length);
  });
});

describe("large inputs", () => {
  // The security review saw 500s for inputs over 4 MB; each route now reads them and answers in its
  // own terms: a result, or a 4xx saying what was wrong with the input.
  const big = Buffer.alloc(5 * 1024 * 1024, 7);
  const base64 = big.toString("base64");
  const cases: [string, string, string | Buffer][] = [
    ["/hf-inference/models/google/vit-base-patch16-224", "image/png", big],
    ["/hf-inference/models/openai/whisper-large-v3", "audio/flac", big],
    [
      "/hf-inference/models/google/vit-base-patch16-224",
      "application/json",
      JSON.stringify({ inputs: base64 }),
    ],
    [
      "/fal-ai/fal-ai/whisper",
      "application/json",
      JSON.stringify({ audio_url: `data:audio/flac;base64,${base64}` }),
    ],
    [
      "/together/v1/chat/completions",
      "application/json",
      JSON.stringify({
        model: MODEL,
        messages: [
          {
            role: "user",
            content: [{ type: "image_url", image_url: { url: `data:image/png;base64,${base64}` } }],
          },
        ],
      }),
    ],
    [
      "/hf-inference/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english",
      "application/json",
      JSON.stringify({ inputs: "x".repeat(5_000_000) }),
    ],
  ];
  for (const [path, contentType, body] of cases) {
    it(`5 MiB of ${contentType} to ${path}: an answer or a 4xx with a reason, never a 5xx`, async () => {
      const res = await post(path, body, contentType);
      expect(res.status, res.text.slice(0, 200)).toBeLessThan(500);
      if (res.status >= 400) expect(res.text).toMatch(/could not|decode|read/i);
    });
  }

  it("answers 413 naming the limit to a body over 32 MiB", async () => {
    const res = await post("/together/v1/chat/completions", Buffer.alloc(33 * 1024 * 1024, 0x20));
    expect(res.status).toBe(413);
    expect(res.text).toContain(`exceeds ${32 * 1024 * 1024} bytes`);
  });
});
