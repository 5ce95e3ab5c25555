// Differential test against the published @huggingface/inference 4.13.30 (installed in bench/ as
// `hf-inference-4`, test-only): the same calls, through a recording fetch that answers like the hub
// and the providers, must send the same requests (method, URL, auth header, content type, body) and
// end the same way (same result, or same error class and status). Cases where 4.13.30 is plainly
// wrong are checked separately, and the README lists them.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import * as hubkit from "@hubkit/inference";

const REFERENCE = fileURLToPath(
  new URL("../../../bench/node_modules/hf-inference-4/dist/esm/index.js", import.meta.url),
);
type Client = typeof hubkit;
let reference: Client;
/** 4.13.30 caches mappings for the life of the process: cleared before each run, as hubkit's is. */
let referenceMappingCache: Map<string, unknown>;

beforeAll(async () => {
  if (!existsSync(REFERENCE)) {
    throw new Error(
      "bench/node_modules/hf-inference-4 is missing: run `npm install --prefix bench` (npm test does)",
    );
  }
  reference = (await import(REFERENCE)) as Client;
  referenceMappingCache = (
    (await import(REFERENCE.replace(/index\.js$/, "lib/getInferenceProviderMapping.js"))) as {
      inferenceProviderMappingCache: Map<string, unknown>;
    }
  ).inferenceProviderMappingCache;
});

const HF = "hf_differentialtoken123456";
const KEY = "sk-provider-key-differential";
const messages = [{ role: "user", content: "hi" }];
const CHAT = {
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content: "hello" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
};
const MAPPINGS: Record<string, unknown> = {
  "meta-llama/Llama-3.3-70B-Instruct": {
    together: {
      providerId: "meta-llama/Llama-3.3-70B-Instruct-Turbo",
      status: "live",
      task: "conversational",
    },
    "hf-inference": {
      providerId: "meta-llama/Llama-3.3-70B-Instruct",
      status: "live",
      task: "conversational",
    },
  },
  "black-forest-labs/FLUX.1-dev": {
    together: { providerId: "black-forest-labs/FLUX.1-dev", status: "live", task: "text-to-image" },
    "fal-ai": { providerId: "fal-ai/flux/dev", status: "live", task: "text-to-image" },
  },
  "BAAI/bge-small-en-v1.5": {
    "hf-inference": { providerId: "BAAI/bge-small-en-v1.5", status: "live", task: "feature-extraction" },
  },
  "openai-community/gpt2": {
    "hf-inference": { providerId: "openai-community/gpt2", status: "live", task: "text-generation" },
  },
  "facebook/bart-large-mnli": {
    "hf-inference": {
      providerId: "facebook/bart-large-mnli",
      status: "live",
      task: "zero-shot-classification",
    },
  },
  "google-bert/bert-base-uncased": {
    "hf-inference": { providerId: "google-bert/bert-base-uncased", status: "live", task: "fill-mask" },
  },
};

interface Sent {
  method: string;
  url: string;
  authorization?: string;
  contentType?: string;
  body?: unknown;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A fetch that records what it is asked and answers like the hub and the providers would. */
function recordingFetch(reply: (url: string) => Response | undefined) {
  const sent: Sent[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    let body: unknown = init?.body;
    if (typeof body === "string") {
      try {
        body = JSON.parse(body);
      } catch {
        // a raw string body stays as is
      }
    }
    sent.push({
      method: init?.method ?? "GET",
      url,
      authorization: headers.Authorization,
      contentType: headers["Content-Type"],
      body,
    });
    const custom = reply(url);
    if (custom) return custom;
    const model = /\/api\/models\/(.+)\?expand/.exec(url)?.[1];
    if (model) {
      return MAPPINGS[model]
        ? json({ _id: "x", id: model, inferenceProviderMapping: MAPPINGS[model] })
        : json({ error: "Repository not found" }, 404);
    }
    if (url.includes("chat/completions")) return json(CHAT);
    if (url.includes("/pipeline/feature-extraction")) return json([0.1, 0.2, 0.3]);
    if (url.endsWith("/v1/completions"))
      return json({ id: "c", object: "text_completion", choices: [{ index: 0, text: " world" }] });
    if (url.includes("fal-ai/flux")) return json({ images: [{ url: "https://fal.media/files/img.png" }] });
    if (url.startsWith("https://fal.media/"))
      return new Response(new Blob([new Uint8Array([137, 80])], { type: "image/png" }));
    if (url.includes("bart-large-mnli"))
      return json({ sequence: "x", labels: ["a", "b"], scores: [0.75, 0.25] });
    if (url.includes("bert-base-uncased"))
      return json([{ score: 0.5, sequence: "paris", token: 1, token_str: "paris" }]);
    return json({ error: `no canned reply for ${url}` }, 404);
  };
  return { sent, fetchFn };
}

type Outcome = { ok: true; value: unknown } | { ok: false; name: string; status?: number; message: string };

async function run(
  client: Client,
  call: (client: Client, options: hubkit.Options) => Promise<unknown>,
  reply: (url: string) => Response | undefined,
): Promise<{ sent: Sent[]; outcome: Outcome }> {
  hubkit.clearHubCache();
  referenceMappingCache.clear();
  const { sent, fetchFn } = recordingFetch(reply);
  try {
    const value = await call(client, { fetch: fetchFn, retry_on_error: false });
    return {
      sent,
      outcome: { ok: true, value: value instanceof Blob ? `Blob ${value.type} ${value.size}` : value },
    };
  } catch (error) {
    const e = error as Error & { httpResponse?: { status: number } };
    return {
      sent,
      outcome: { ok: false, name: e.constructor.name, status: e.httpResponse?.status, message: e.message },
    };
  }
}

interface Case {
  name: string;
  call: (client: Client, options: hubkit.Options) => Promise<unknown>;
  reply?: (url: string) => Response | undefined;
  /** Messages may differ where hubkit names the default provider ("auto", not "undefined"). */
  sameMessage?: boolean;
}

const llama = "meta-llama/Llama-3.3-70B-Instruct";
const collect = async (stream: AsyncIterable<unknown>) => {
  const out: unknown[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
};
const sse = (events: unknown[]) =>
  new Response(events.map((e) => `data: ${typeof e === "string" ? e : JSON.stringify(e)}\n\n`).join(""), {
    headers: { "content-type": "text/event-stream" },
  });

const CASES: Case[] = [
  {
    name: "chat, default provider (auto router, model verbatim)",
    call: (c, o) => c.chatCompletion({ model: llama, messages, accessToken: HF }, o),
  },
  {
    name: "chat, model:provider suffix",
    call: (c, o) => c.chatCompletion({ model: `${llama}:together`, messages, accessToken: HF }, o),
  },
  {
    name: "chat, :fastest policy",
    call: (c, o) =>
      c.chatCompletion({ model: `${llama}:fastest`, messages, max_tokens: 5, accessToken: HF }, o),
  },
  {
    name: "chat, explicit provider via the router",
    call: (c, o) => c.chatCompletion({ model: llama, provider: "together", messages, accessToken: HF }, o),
  },
  {
    name: "chat, explicit provider with its own key",
    call: (c, o) => c.chatCompletion({ model: llama, provider: "together", messages, accessToken: KEY }, o),
  },
  {
    name: "chat, hf-inference",
    call: (c, o) =>
      c.chatCompletion({ model: llama, provider: "hf-inference", messages, accessToken: HF }, o),
  },
  {
    name: "chat, auto with a provider key: RoutingError",
    call: (c, o) => c.chatCompletion({ model: llama, messages, accessToken: KEY }, o),
    sameMessage: true,
  },
  {
    name: "chat, endpointUrl (no hub call)",
    call: (c, o) =>
      c.chatCompletion({ endpointUrl: "https://my-endpoint.example/v1", messages, accessToken: HF }, o),
  },
  {
    name: "chat, endpointUrl with provider: InputError",
    call: (c, o) => c.chatCompletion({ endpointUrl: "https://e.example", provider: "together", messages }, o),
    sameMessage: true,
  },
  {
    name: "chat, unknown provider: InputError",
    call: (c, o) => c.chatCompletion({ model: llama, provider: "nope" as never, messages }, o),
    // Each client lists its own providers.
    sameMessage: false,
  },
  {
    name: "chat stream, auto",
    call: (c, o) => collect(c.chatCompletionStream({ model: llama, messages, accessToken: HF }, o)),
    reply: (url) =>
      url.endsWith("/v1/chat/completions")
        ? sse([
            { ...CHAT, object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: "hi" } }] },
            "[DONE]",
          ])
        : undefined,
  },
  {
    name: "chat, HTTP 500 with an error string",
    call: (c, o) => c.chatCompletion({ model: llama, provider: "together", messages, accessToken: HF }, o),
    reply: (url) => (url.includes("/together/") ? json({ error: "boom" }, 500) : undefined),
  },
  {
    name: "chat, malformed reply: ProviderOutputError",
    call: (c, o) => c.chatCompletion({ model: llama, provider: "together", messages, accessToken: HF }, o),
    reply: (url) => (url.includes("/together/") ? json({ choices: "nope" }) : undefined),
    sameMessage: true,
  },
  {
    name: "text-to-image, auto takes the mapping's first entry (together), dataUrl output",
    call: (c, o) =>
      c.textToImage(
        { model: "black-forest-labs/FLUX.1-dev", inputs: "a cat", accessToken: HF },
        { ...o, outputType: "dataUrl" },
      ),
    reply: (url) => (url.includes("/together/") ? json({ data: [{ b64_json: "iVBORw==" }] }) : undefined),
    sameMessage: true,
  },
  {
    name: "feature extraction, hf-inference (models/{id}/pipeline/…)",
    call: (c, o) =>
      c.featureExtraction(
        { model: "BAAI/bge-small-en-v1.5", provider: "hf-inference", inputs: "hello", accessToken: HF },
        o,
      ),
    sameMessage: true,
  },
  {
    name: "text generation, hf-inference (/v1/completions)",
    call: (c, o) =>
      c.textGeneration(
        {
          model: "openai-community/gpt2",
          provider: "hf-inference",
          inputs: "hello",
          parameters: { max_new_tokens: 5 },
          accessToken: HF,
        },
        o,
      ),
    sameMessage: true,
  },
  {
    name: "zero-shot classification, hf-inference",
    call: (c, o) =>
      c.zeroShotClassification(
        {
          model: "facebook/bart-large-mnli",
          provider: "hf-inference",
          inputs: "x",
          parameters: { candidate_labels: ["a", "b"] },
          accessToken: HF,
        },
        o,
      ),
    sameMessage: true,
  },
  {
    name: "fill mask, auto (mapping → hf-inference)",
    call: (c, o) =>
      c.fillMask(
        { model: "google-bert/bert-base-uncased", inputs: "Paris is the [MASK].", accessToken: HF },
        o,
      ),
    sameMessage: true,
  },
  {
    name: "unknown model under auto: HubApiError",
    call: (c, o) => c.fillMask({ model: "nobody/nothing", inputs: "x", accessToken: HF }, o),
    sameMessage: true,
  },
  {
    name: "model not mapped to the provider: InputError",
    // The message lists the provider's tasks: together serves fewer in hubkit until its next round.
    sameMessage: false,
    call: (c, o) =>
      c.fillMask(
        { model: "google-bert/bert-base-uncased", provider: "together", inputs: "x", accessToken: HF },
        o,
      ),
  },
  {
    name: "task mismatch: InputError",
    call: (c, o) =>
      c.chatCompletion(
        { model: "BAAI/bge-small-en-v1.5", provider: "hf-inference", messages, accessToken: HF },
        o,
      ),
    sameMessage: true,
  },
];

describe("hubkit and @huggingface/inference 4.13.30 send the same requests and end the same way", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const reply = c.reply ?? (() => undefined);
    const ours = await run(hubkit, c.call, reply);
    const theirs = await run(reference, c.call, reply);
    // Deliberate: under "auto" hubkit reads the mapping with the hub token (private models need it);
    // 4.13.30 reads it anonymously. Everything else about the requests must be equal.
    const lookupsAlike = (sent: Sent[]) =>
      sent.map((r) => (r.url.includes("/api/models/") ? { ...r, authorization: "(hub lookup)" } : r));
    expect(lookupsAlike(ours.sent)).toEqual(lookupsAlike(theirs.sent));
    if (theirs.outcome.ok) expect(ours.outcome).toEqual(theirs.outcome);
    else {
      expect(ours.outcome.ok).toBe(false);
      const [o, t] = [
        ours.outcome as Extract<Outcome, { ok: false }>,
        theirs.outcome as Extract<Outcome, { ok: false }>,
      ];
      expect(o.name).toBe(t.name);
      expect(o.status).toBe(t.status);
      if (c.sameMessage !== false) expect(o.message).toBe(t.message);
    }
  });
});

describe("not aligned yet (README: differences)", () => {
  it("fal-ai text-to-image: 4.13.30 queues the job, hubkit still calls the synchronous route", async () => {
    const call: Case["call"] = (c, o) =>
      c.textToImage(
        { model: "black-forest-labs/FLUX.1-dev", provider: "fal-ai", inputs: "a cat", accessToken: HF },
        o,
      );
    const theirs = await run(reference, call, () => undefined);
    const ours = await run(hubkit, call, () => undefined);
    expect(theirs.sent[1].url).toBe("https://router.huggingface.co/fal-ai/fal-ai/flux/dev?_subdomain=queue");
    expect(ours.sent[1].url).toBe("https://router.huggingface.co/fal-ai/fal-ai/flux/dev");
    expect(ours.outcome).toEqual({ ok: true, value: "Blob image/png 2" });
  });
});

describe("where 4.13.30 is plainly wrong, hubkit does the right thing", () => {
  it("a 200 reply that is not valid JSON: 4.13.30 lets a SyntaxError escape, hubkit raises ProviderOutputError", async () => {
    const reply = (url: string) =>
      url.includes("/together/")
        ? new Response("{not json", { headers: { "content-type": "application/json" } })
        : undefined;
    const call: Case["call"] = (c, o) =>
      c.chatCompletion({ model: llama, provider: "together", messages, accessToken: HF }, o);
    const theirs = await run(reference, call, reply);
    const ours = await run(hubkit, call, reply);
    expect(ours.sent).toEqual(theirs.sent);
    expect(theirs.outcome).toMatchObject({ ok: false, name: "SyntaxError" });
    expect(ours.outcome).toMatchObject({ ok: false, name: "InferenceClientProviderOutputError" });
  });

  it("a malformed stream event: 4.13.30 lets a SyntaxError escape, hubkit raises ProviderOutputError", async () => {
    const reply = (url: string) =>
      url.endsWith("/v1/chat/completions") ? sse(['{"choices": [']) : undefined;
    const call: Case["call"] = (c, o) =>
      collect(c.chatCompletionStream({ model: llama, messages, accessToken: HF }, o));
    expect((await run(reference, call, reply)).outcome).toMatchObject({ ok: false, name: "SyntaxError" });
    expect((await run(hubkit, call, reply)).outcome).toMatchObject({
      ok: false,
      name: "InferenceClientProviderOutputError",
    });
  });

  it("zero-shot classification in a one-element array: 4.13.30 rejects the valid reply, hubkit reads it", async () => {
    const reply = (url: string) =>
      url.includes("bart-large-mnli") && url.includes("router")
        ? json([{ sequence: "x", labels: ["a"], scores: [1] }])
        : undefined;
    const call: Case["call"] = (c, o) =>
      c.zeroShotClassification(
        {
          model: "facebook/bart-large-mnli",
          provider: "hf-inference",
          inputs: "x",
          parameters: { candidate_labels: ["a"] },
          accessToken: HF,
        },
        o,
      );
    expect((await run(reference, call, reply)).outcome).toMatchObject({
      ok: false,
      name: "InferenceClientProviderOutputError",
    });
    expect((await run(hubkit, call, reply)).outcome).toEqual({ ok: true, value: [{ label: "a", score: 1 }] });
  });
});
