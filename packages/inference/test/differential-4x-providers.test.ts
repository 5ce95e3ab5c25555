// The ten providers 4.x added, where 4.13.30 is plainly wrong (README: differences): hubkit and the
// published @huggingface/inference 4.13.30 (bench/node_modules/hf-inference-4, test-only) make the
// same call against the emulator and hubkit's request is the one the provider can use. Every other
// pair of theirs is compared request by request in differential-4x.test.ts (both PROVIDERS exports).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as hubkit from "@hubkit/inference";
import { startEmulator, type Emulator } from "@hubkit/emulator";
import { modelFor, png, wav } from "./helpers.js";
import { type Client, loadReference4x } from "./reference-4x.js";

let reference: Client;
let referenceMappingCache: Map<string, unknown>;
let emu: Emulator;

beforeAll(async () => {
  ({ client: reference, mappingCache: referenceMappingCache } = await loadReference4x());
  // Jobs finish at their first poll: 4.13.30 polls zai-org every 5 s.
  emu = await startEmulator({ pollSteps: 0 });
});
afterAll(async () => {
  await emu?.close();
});

const HF = "hf_differentialtoken123456";
const KEY = "sk-provider-key-differential";

interface Sent {
  method: string;
  url: string;
  authorization?: string;
  contentType?: string;
  extra?: Record<string, string>;
  body?: unknown;
}

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => (out[key] = value));
  return out;
}

/** A request body as comparable data: JSON parsed, multipart as its fields (files by name, type, size). */
function bodyOf(body: unknown): unknown {
  if (typeof body === "string") {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  if (body instanceof FormData) {
    return [...body.entries()].map(([name, value]) =>
      typeof value === "string" ? [name, value] : [name, `file ${value.name} ${value.size} B`],
    );
  }
  if (body instanceof Blob) return `blob ${body.size} B`;
  return body;
}

/**
 * Runs one call with every fetch (the caller's and the global one, which 4.13.30's polls and
 * downloads use) rewritten to the emulator and recorded.
 */
async function run(client: Client, call: (client: Client, options: hubkit.Options) => Promise<unknown>) {
  hubkit.clearHubCache();
  referenceMappingCache.clear();
  const sent: Sent[] = [];
  const realFetch = globalThis.fetch;
  const fetchFn: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    // 4.13.30 decodes a base64 image by fetching its data URL; hubkit decodes it in place.
    if (url.startsWith("data:")) return realFetch(url, init);
    const headers = headerRecord(init?.headers);
    const method = init?.method ?? "GET";
    sent.push({
      method,
      // Job ids (and the file names derived from them) differ from one run to the next.
      url: url.replace(/\/(predictions|async-result|images|videos|cogview)\/[a-z0-9]{16,}/g, "/$1/{job}"),
      authorization: headers.authorization,
      contentType: headers["content-type"],
      extra: Object.fromEntries(
        Object.entries(headers).filter(([k]) => k === "x-source-channel" || k === "accept-language"),
      ),
      body: bodyOf(init?.body),
    });
    return realFetch(emu.rewriteUrl(url), init);
  };
  globalThis.fetch = fetchFn;
  try {
    const value = await call(client, { fetch: fetchFn, retry_on_error: false });
    return { sent, outcome: { ok: true, value: normalize(value) } };
  } catch (error) {
    const e = error as Error & { httpResponse?: { status: number } };
    return { sent, outcome: { ok: false, name: e.constructor.name, status: e.httpResponse?.status } };
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** Outputs as comparable data: media by type (job ids, and so file names, differ per run), no timestamps. */
function normalize(value: unknown): unknown {
  if (value instanceof Blob) return `Blob ${value.type}`;
  if (value && typeof value === "object" && "choices" in value) {
    const { created: _created, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  return value;
}

type Call = (client: Client, options: hubkit.Options) => Promise<unknown>;

/** One call per new pair (4.13.30's PROVIDERS), per auth mode. */
function callFor(provider: string, task: string, token: string): Call {
  const model = modelFor(provider, task).id;
  const base = { model, provider, accessToken: token } as const;
  switch (task) {
    case "conversational":
      return (c, o) =>
        c.chatCompletion({ ...base, messages: [{ role: "user", content: "hi" }], max_tokens: 8 } as never, o);
    case "text-generation":
      return (c, o) =>
        c.textGeneration({ ...base, inputs: "Once upon", parameters: { max_new_tokens: 5 } } as never, o);
    case "feature-extraction":
      return (c, o) => c.featureExtraction({ ...base, inputs: ["a happy dog", "rain"] } as never, o);
    case "automatic-speech-recognition":
      return (c, o) => c.automaticSpeechRecognition({ ...base, inputs: wav() } as never, o);
    case "text-to-speech":
      return (c, o) => c.textToSpeech({ ...base, inputs: "Hello there" } as never, o);
    case "text-to-image":
      return (c, o) => c.textToImage({ ...base, inputs: "a lighthouse" } as never, o);
    case "text-to-video":
      return (c, o) => c.textToVideo({ ...base, inputs: "a cat surfing" } as never, o);
    case "image-to-text":
      return (c, o) => c.imageToText({ ...base, inputs: png() } as never, o);
    case "image-to-image":
      return (c, o) =>
        c.imageToImage({ ...base, inputs: png(), parameters: { prompt: "make it blue" } } as never, o);
    case "image-to-video":
      return (c, o) =>
        c.imageToVideo({ ...base, inputs: png(), parameters: { prompt: "waves" } } as never, o);
    case "image-text-to-image":
      return (c, o) =>
        c.imageTextToImage({ ...base, inputs: png(), parameters: { prompt: "a hat" } } as never, o);
    case "image-text-to-video":
      return (c, o) =>
        c.imageTextToVideo({ ...base, inputs: png(), parameters: { prompt: "zoom" } } as never, o);
    default:
      throw new Error(`no call for ${task}`);
  }
}

describe("where 4.13.30 is plainly wrong for a new provider, hubkit does the right thing", () => {
  it("groq text generation: 4.13.30 posts {inputs} to groq's chat route (400), hubkit a chat message", async () => {
    const call = callFor("groq", "text-generation", HF);
    const theirs = await run(reference, call);
    const ours = await run(hubkit, call);
    expect(theirs.sent[1].body).toMatchObject({ inputs: "Once upon" });
    expect(theirs.outcome).toMatchObject({ ok: false, status: 400 });
    expect(ours.sent[1].url).toBe(theirs.sent[1].url);
    expect(ours.sent[1].body).toMatchObject({
      messages: [{ role: "user", content: "Once upon" }],
      max_tokens: 5,
    });
    expect(ours.outcome).toMatchObject({ ok: true });
  });

  it("scaleway text generation: 4.13.30 also sends `inputs` and an unconverted `parameters`; hubkit maps max_new_tokens", async () => {
    const call = callFor("scaleway", "text-generation", KEY);
    const theirs = await run(reference, call);
    const ours = await run(hubkit, call);
    expect(theirs.sent[1].body).toMatchObject({ inputs: "Once upon", parameters: { max_new_tokens: 5 } });
    expect(ours.sent[1].url).toBe(theirs.sent[1].url);
    expect(ours.sent[1].body).toEqual({ model: "llama-3-70b-instruct", prompt: "Once upon", max_tokens: 5 });
    expect(ours.outcome).toMatchObject({ ok: true });
  });
});
