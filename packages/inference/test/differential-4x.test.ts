// Differential test against the published @huggingface/inference 4.13.30 (installed in bench/ as
// `hf-inference-4`, test-only): the same calls, through a recording fetch that answers like the hub
// and the providers, must send the same requests (method, URL, auth header, content type, body) and
// end the same way (same result, or same error class and status). Cases where 4.13.30 is plainly
// wrong are checked separately, and the README lists them.
import { existsSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { MODELS, startEmulator } from "@hubkit/emulator";
import * as hubkit from "@hubkit/inference";
import { png, wav } from "./helpers.js";
import { type Client, REFERENCE_4X, loadReference4x } from "./reference-4x.js";

/** 4.13.30's provider → task table, read at collection time so each shared pair gets its own test. */
const REFERENCE_PROVIDERS = existsSync(REFERENCE_4X)
  ? ((await import(REFERENCE_4X)) as { PROVIDERS: Record<string, Record<string, unknown>> }).PROVIDERS
  : {};
let reference: Client;
/** 4.13.30 caches mappings for the life of the process: cleared before each run, as hubkit's is. */
let referenceMappingCache: Map<string, unknown>;

beforeAll(async () => {
  ({ client: reference, mappingCache: referenceMappingCache } = await loadReference4x());
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
  /** Provider-specific headers (zai-org's source channel and language), where a client sends them. */
  extra?: Record<string, string>;
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

/** Both calls ended alike: the same result, or the same error class and status (and message if `sameMessage`). */
function expectSameOutcome(ours: Outcome, theirs: Outcome, sameMessage: boolean): void {
  if (theirs.ok) {
    expect(ours).toEqual(theirs);
    return;
  }
  expect(ours.ok).toBe(false);
  const [o, t] = [ours as Extract<Outcome, { ok: false }>, theirs];
  expect(o.name).toBe(t.name);
  expect(o.status).toBe(t.status);
  if (sameMessage) expect(o.message).toBe(t.message);
}

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
    expectSameOutcome(ours.outcome, theirs.outcome, c.sameMessage !== false);
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

// ---------------------------------------------------------------------------------------------------
// Every (provider, task) pair both packages serve, from both `PROVIDERS` exports: each pair called
// through the router with a hub token and directly with a provider key. The recording fetch hands
// every request (hub lookups, submissions, polls, downloads) to a fresh emulator per run, so both
// clients meet the same deterministic replies and job ids; 4.13.30 polls and downloads with the
// global fetch, which is the recording one during a run. Recorded URLs are the real ones.

/**
 * Pairs that deliberately differ (README: "Differences from 4.13.30"): "request" where hubkit sends
 * another request, "reply" where both send the same request and only 4.13.30 fails on the reply.
 */
const DELIBERATE: Record<string, { differs: "request" | "reply"; why: string; defaultInputOnly?: true }> = {
  "hf-inference image-segmentation": {
    differs: "request",
    defaultInputOnly: true,
    why: "without parameters hubkit sends the image as raw bytes, 4.13.30 as base64 in JSON (a third larger; the route takes both); with parameters both send JSON",
  },
  "novita text-generation": {
    differs: "request",
    why: "the route is novita's chat route: hubkit sends the prompt as a chat message, 4.13.30 a hub-style {inputs} body the route rejects",
  },
  "groq text-generation": {
    differs: "request",
    why: "4.13.30 posts {inputs} to groq's chat route (which refuses it); hubkit sends a chat message (differential-4x-providers.test.ts checks both)",
  },
  "scaleway text-generation": {
    differs: "request",
    why: "4.13.30 also sends `inputs` and an unconverted `parameters`; hubkit maps max_new_tokens (differential-4x-providers.test.ts checks both)",
  },
  "hf-inference image-to-text": {
    differs: "reply",
    why: "4.13.30 rejects the route's [{generated_text}] list, hubkit reads it",
  },
  "hf-inference zero-shot-classification": {
    differs: "reply",
    why: "4.13.30 rejects the route's one-element list, hubkit reads it",
  },
};

/** The call and input of each task, as both packages' task functions take them. */
const TASK_CALLS: Record<
  string,
  { fn: string; args: (model: { mask_token?: string }) => Record<string, unknown> }
> = {
  conversational: { fn: "chatCompletion", args: () => ({ messages, max_tokens: 8 }) },
  "text-generation": {
    fn: "textGeneration",
    args: () => ({ inputs: "Once upon a time", parameters: { max_new_tokens: 8 } }),
  },
  "text-to-image": { fn: "textToImage", args: () => ({ inputs: "a lighthouse" }) },
  "text-to-speech": { fn: "textToSpeech", args: () => ({ inputs: "Hello there" }) },
  "text-to-video": { fn: "textToVideo", args: () => ({ inputs: "waves at dusk" }) },
  "text-to-audio": { fn: "textToAudio", args: () => ({ inputs: "rain on a roof" }) },
  "automatic-speech-recognition": { fn: "automaticSpeechRecognition", args: () => ({ inputs: wav() }) },
  "audio-to-audio": { fn: "audioToAudio", args: () => ({ inputs: wav() }) },
  "audio-classification": { fn: "audioClassification", args: () => ({ inputs: wav() }) },
  "image-classification": { fn: "imageClassification", args: () => ({ inputs: png() }) },
  "object-detection": { fn: "objectDetection", args: () => ({ inputs: png() }) },
  "image-segmentation": { fn: "imageSegmentation", args: () => ({ inputs: png() }) },
  "image-to-text": { fn: "imageToText", args: () => ({ inputs: png() }) },
  "image-to-image": { fn: "imageToImage", args: () => ({ inputs: png(), parameters: { prompt: "blue" } }) },
  "image-to-video": { fn: "imageToVideo", args: () => ({ inputs: png(), parameters: { prompt: "moving" } }) },
  "image-text-to-image": {
    fn: "imageTextToImage",
    args: () => ({ inputs: png(), parameters: { prompt: "add a hat" } }),
  },
  "image-text-to-video": {
    fn: "imageTextToVideo",
    args: () => ({ inputs: png(), parameters: { prompt: "a slow pan" } }),
  },
  "zero-shot-image-classification": {
    fn: "zeroShotImageClassification",
    args: () => ({ inputs: png(), parameters: { candidate_labels: ["cat", "dog"] } }),
  },
  "feature-extraction": { fn: "featureExtraction", args: () => ({ inputs: "That is a happy person" }) },
  "fill-mask": {
    fn: "fillMask",
    args: (m) => ({ inputs: `Paris is the ${m.mask_token ?? "[MASK]"} of France.` }),
  },
  "question-answering": {
    fn: "questionAnswering",
    args: () => ({
      inputs: { question: "Where do I live?", context: "My name is Sarah and I live in London" },
    }),
  },
  "sentence-similarity": {
    fn: "sentenceSimilarity",
    args: () => ({
      inputs: { source_sentence: "a happy person", sentences: ["a happy dog", "sunny today"] },
    }),
  },
  summarization: {
    fn: "summarization",
    args: () => ({ inputs: "The tower is 324 metres tall, about as high as an 81-storey building." }),
  },
  translation: { fn: "translation", args: () => ({ inputs: "My name is Wolfgang and I live in Berlin" }) },
  "text-classification": { fn: "textClassification", args: () => ({ inputs: "I like you. I love you" }) },
  "token-classification": {
    fn: "tokenClassification",
    args: () => ({ inputs: "My name is Sarah and I live in London" }),
  },
  "zero-shot-classification": {
    fn: "zeroShotClassification",
    args: () => ({
      inputs: "I have a problem with my iphone",
      parameters: { candidate_labels: ["urgent", "phone"] },
    }),
  },
  "table-question-answering": {
    fn: "tableQuestionAnswering",
    args: () => ({
      inputs: {
        query: "How many stars?",
        table: { Repository: ["Transformers", "Datasets"], Stars: ["36542", "4512"] },
      },
    }),
  },
  "document-question-answering": {
    fn: "documentQuestionAnswering",
    args: () => ({ inputs: { question: "What is shown?", image: png() } }),
  },
  "visual-question-answering": {
    fn: "visualQuestionAnswering",
    args: () => ({ inputs: { question: "What is shown?", image: png() } }),
  },
  "tabular-classification": {
    fn: "tabularClassification",
    args: () => ({ inputs: { data: { fixed_acidity: ["7.4", "7.8"], alcohol: ["9.4", "9.8"] } } }),
  },
  "tabular-regression": {
    fn: "tabularRegression",
    args: () => ({ inputs: { data: { Height: ["11.52", "12.48"], Width: ["4.02", "4.31"] } } }),
  },
};

/**
 * Each task's documented parameters (its @huggingface/tasks 0.21.54 input spec), in groups: one call
 * per group and pair, merged over the task's default input (`parameters` merged key by key). The
 * default inputs alone missed payload rewrites such as together's `response_format` and cerebras'
 * `store`.
 */
const weather = {
  type: "function",
  function: {
    name: "get_weather",
    description: "The weather in a city",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};
const PARAMETER_GROUPS: Record<string, Record<string, Record<string, unknown>>> = {
  conversational: {
    sampling: {
      temperature: 0.5,
      top_p: 0.9,
      seed: 7,
      stop: ["END"],
      frequency_penalty: 0.1,
      presence_penalty: 0.2,
      n: 1,
      logit_bias: [0],
    },
    "structured output": {
      response_format: {
        type: "json_schema",
        json_schema: {
          name: "answer",
          description: "A short answer",
          schema: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] },
          strict: true,
        },
      },
    },
    "json object": { response_format: { type: "json_object" } },
    tools: {
      tools: [weather],
      tool_choice: "auto",
      tool_prompt: "Use a tool if it helps.",
      messages: [
        { role: "user", content: "Weather in Paris?" },
        {
          role: "assistant",
          tool_calls: [
            {
              id: "call_1",
              type: "function",
              function: { name: "get_weather", parameters: { city: "Paris" } },
            },
          ],
        },
        { role: "tool", content: "sunny", tool_call_id: "call_1" },
      ],
    },
    "forced tool": { tools: [weather], tool_choice: { function: { name: "get_weather" } } },
    logprobs: { logprobs: true, top_logprobs: 2 },
    "openai extras": { store: true, reasoning_effort: "low" },
  },
  "text-generation": {
    sampling: {
      parameters: {
        temperature: 0.5,
        top_k: 10,
        top_p: 0.9,
        typical_p: 0.9,
        repetition_penalty: 1.1,
        frequency_penalty: 0.1,
        seed: 7,
        stop: ["END"],
        do_sample: true,
        return_full_text: false,
        truncate: 100,
        watermark: false,
        decoder_input_details: false,
        details: true,
        best_of: 1,
        top_n_tokens: 2,
        adapter_id: "a",
      },
    },
    grammar: {
      parameters: {
        grammar: { type: "json", value: { type: "object", properties: { a: { type: "string" } } } },
      },
    },
  },
  "text-to-image": {
    diffusion: {
      parameters: {
        negative_prompt: "blurry",
        width: 512,
        height: 512,
        num_inference_steps: 4,
        guidance_scale: 3.5,
        seed: 7,
        scheduler: "euler",
      },
    },
  },
  "text-to-video": {
    diffusion: {
      parameters: {
        negative_prompt: "blurry",
        num_frames: 16,
        num_inference_steps: 4,
        guidance_scale: 5,
        seed: 7,
      },
    },
  },
  "text-to-speech": { generation: { parameters: { generation_parameters: { temperature: 0.5 } } } },
  "automatic-speech-recognition": {
    timestamps: { parameters: { return_timestamps: true, generation_parameters: { max_new_tokens: 20 } } },
  },
  "audio-classification": { output: { parameters: { top_k: 2, function_to_apply: "softmax" } } },
  "image-classification": { output: { parameters: { top_k: 2, function_to_apply: "sigmoid" } } },
  "object-detection": { threshold: { parameters: { threshold: 0.5 } } },
  "image-segmentation": {
    thresholds: {
      parameters: {
        threshold: 0.5,
        mask_threshold: 0.4,
        overlap_mask_area_threshold: 0.3,
        subtask: "panoptic",
      },
    },
  },
  "image-to-text": { generation: { parameters: { max_new_tokens: 20 } } },
  "image-to-image": {
    diffusion: {
      parameters: {
        prompt: "blue",
        negative_prompt: "red",
        num_inference_steps: 4,
        guidance_scale: 7,
        target_size: { width: 64, height: 64 },
      },
    },
  },
  "image-to-video": {
    diffusion: {
      parameters: {
        prompt: "moving",
        negative_prompt: "still",
        num_frames: 16,
        num_inference_steps: 4,
        guidance_scale: 5,
        seed: 7,
        target_size: { width: 64, height: 64 },
      },
    },
  },
  "image-text-to-image": {
    diffusion: {
      parameters: {
        prompt: "add a hat",
        negative_prompt: "blurry",
        num_inference_steps: 4,
        guidance_scale: 5,
        seed: 7,
        target_size: { width: 64, height: 64 },
      },
    },
  },
  "image-text-to-video": {
    diffusion: {
      parameters: {
        prompt: "a slow pan",
        negative_prompt: "shaky",
        num_frames: 16,
        num_inference_steps: 4,
        guidance_scale: 5,
        seed: 7,
        target_size: { width: 64, height: 64 },
      },
    },
  },
  "zero-shot-image-classification": {
    template: { parameters: { candidate_labels: ["cat", "dog"], hypothesis_template: "A photo of a {}." } },
  },
  "feature-extraction": {
    truncation: { normalize: true, truncate: true, truncation_direction: "left", prompt_name: "query" },
  },
  "fill-mask": { output: { parameters: { top_k: 2, targets: ["capital"] } } },
  "question-answering": {
    answers: {
      parameters: {
        top_k: 1,
        doc_stride: 128,
        max_answer_len: 15,
        max_seq_len: 384,
        max_question_len: 64,
        handle_impossible_answer: false,
        align_to_words: true,
      },
    },
  },
  summarization: {
    generation: {
      parameters: {
        clean_up_tokenization_spaces: true,
        truncation: "longest_first",
        generate_parameters: { max_new_tokens: 20 },
      },
    },
  },
  translation: {
    languages: {
      parameters: {
        src_lang: "en",
        tgt_lang: "de",
        clean_up_tokenization_spaces: true,
        truncation: "only_first",
      },
    },
  },
  "text-classification": { output: { parameters: { top_k: 2, function_to_apply: "sigmoid" } } },
  "token-classification": {
    aggregation: { parameters: { aggregation_strategy: "simple", ignore_labels: ["O"], stride: 0 } },
  },
  "zero-shot-classification": {
    labels: {
      parameters: {
        candidate_labels: ["urgent", "phone"],
        multi_label: true,
        hypothesis_template: "This is {}.",
      },
    },
  },
  "table-question-answering": {
    table: { parameters: { truncation: true, padding: "do_not_pad", sequential: false } },
  },
  "document-question-answering": {
    answers: {
      parameters: {
        top_k: 1,
        doc_stride: 128,
        max_answer_len: 10,
        max_seq_len: 384,
        max_question_len: 64,
        handle_impossible_answer: false,
        lang: "en",
        word_boxes: [[1, 2, 3, 4]],
      },
    },
  },
  "visual-question-answering": { answers: { parameters: { top_k: 2 } } },
};

/** The task's default input with a parameter group over it (`parameters` merged key by key). */
function withGroup(
  defaults: Record<string, unknown>,
  group: Record<string, unknown>,
): Record<string, unknown> {
  const parameters = { ...(defaults.parameters as object), ...(group.parameters as object) };
  const merged = { ...defaults, ...group };
  return Object.keys(parameters).length > 0 ? { ...merged, parameters } : merged;
}

type ProvidersExport = Record<string, Record<string, unknown>>;

/** The emulator's hub model for a pair: a live one if any (the same for both clients). */
function emulatedModel(provider: string, task: string): { id: string; mask_token?: string } | undefined {
  if (provider === "openai") return { id: "openai/gpt-4o-mini" };
  const matches = MODELS.filter(
    (m) => (m.inferenceProviderMapping as Record<string, { task: string }>)[provider]?.task === task,
  );
  const live = matches.find(
    (m) => (m.inferenceProviderMapping as Record<string, { status: string }>)[provider].status === "live",
  );
  return live ?? matches[0];
}

/** A request body as recorded: JSON parsed, form fields listed, bytes summarised. */
async function recordedBody(body: unknown): Promise<unknown> {
  if (typeof body === "string") {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  if (body instanceof FormData) {
    return [...body.entries()].map(([name, value]) =>
      typeof value === "string" ? [name, value] : [name, `File ${value.name} ${value.type} ${value.size}`],
    );
  }
  if (body instanceof Blob) return `Blob ${body.type} ${body.size}`;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body))
    return `Bytes ${(body as ArrayBuffer).byteLength}`;
  return body;
}

/**
 * Runs one client's call against a fresh emulator: every fetch (the option and the global one) is
 * recorded with its real URL, then sent to the emulator's stand-in for that host. Delays are cut to
 * a few milliseconds (both clients poll on fixed cadences of up to 5 s).
 */
async function runOnEmulator(
  client: Client,
  call: (client: Client, options: hubkit.Options) => Promise<unknown>,
): Promise<{ sent: Sent[]; outcome: Outcome }> {
  hubkit.clearHubCache();
  referenceMappingCache.clear();
  const emu = await startEmulator({ now: () => Date.UTC(2026, 0, 1) });
  const realOrigin = new Map(Object.entries(emu.hosts).map(([real, local]) => [local, real]));
  const toReal = (url: string) => {
    for (const [local, real] of realOrigin) if (url.startsWith(local)) return real + url.slice(local.length);
    return url;
  };
  const sent: Sent[] = [];
  const originalFetch = globalThis.fetch;
  const originalSetTimeout = globalThis.setTimeout;
  const recording: typeof fetch = async (input, init) => {
    const url = toReal(String(input instanceof Request ? input.url : input));
    const headers = new Headers(init?.headers);
    sent.push({
      method: init?.method ?? "GET",
      url,
      authorization: headers.get("authorization") ?? undefined,
      contentType: headers.get("content-type") ?? undefined,
      extra: Object.fromEntries(
        [...headers].filter(([k]) => k === "x-source-channel" || k === "accept-language"),
      ),
      body: await recordedBody(init?.body),
    });
    return originalFetch(emu.rewriteUrl(url), init);
  };
  globalThis.fetch = recording;
  globalThis.setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) =>
    originalSetTimeout(fn, Math.min(ms ?? 0, 5), ...rest)) as typeof setTimeout;
  try {
    const value = await call(client, { fetch: recording, retry_on_error: false });
    const shown = value instanceof Blob ? `Blob ${value.type} ${value.size}` : value;
    return { sent, outcome: { ok: true, value: shown } };
  } catch (error) {
    const e = error as Error & { httpResponse?: { status: number } };
    return {
      sent,
      outcome: { ok: false, name: e.constructor.name, status: e.httpResponse?.status, message: e.message },
    };
  } finally {
    globalThis.fetch = originalFetch;
    globalThis.setTimeout = originalSetTimeout;
    await emu.close();
  }
}

/** Both packages' pairs, in 4.13.30's order: [provider, task]. */
function sharedPairs(ours: ProvidersExport, theirs: ProvidersExport): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [provider, tasks] of Object.entries(theirs)) {
    for (const task of Object.keys(tasks)) if (ours[provider]?.[task]) pairs.push([provider, task]);
  }
  return pairs;
}

describe("every provider × task pair both packages serve", () => {
  const ours = hubkit.PROVIDERS as unknown as ProvidersExport;
  const candidates = sharedPairs(ours, REFERENCE_PROVIDERS);

  it("lists the shared pairs from both PROVIDERS exports", () => {
    const shared = sharedPairs(ours, reference.PROVIDERS as unknown as ProvidersExport);
    expect(shared).toEqual(candidates);
    // 4.13.30's 89 pairs, the ten providers 4.x added included.
    expect(shared.length).toBeGreaterThanOrEqual(89);
    for (const [provider, task] of shared) {
      expect(TASK_CALLS[task], `no call for task ${task}`).toBeDefined();
      expect(
        emulatedModel(provider, task),
        `the emulator has no model for ${provider} ${task}`,
      ).toBeDefined();
    }
  });

  describe.each(candidates)("%s %s", (provider, task) => {
    it.each(provider === "openai" ? (["direct"] as const) : (["router", "direct"] as const))(
      "%s: same requests, same ending",
      async (mode) => {
        await expectAlike(provider, task, mode, TASK_CALLS[task].args, false);
      },
    );
  });
});

/** The pairs' calls with each parameter group of their task: one call per group, through the router. */
const groupCases: [string, string, string][] = sharedPairs(
  hubkit.PROVIDERS as unknown as ProvidersExport,
  REFERENCE_PROVIDERS,
).flatMap(([provider, task]) =>
  Object.keys(PARAMETER_GROUPS[task] ?? {}).map((group): [string, string, string] => [provider, task, group]),
);

describe("every shared pair with each group of its task's documented parameters", () => {
  it("covers every task that has documented parameters", () => {
    const tasks = new Set(groupCases.map(([, task]) => task));
    for (const task of Object.keys(PARAMETER_GROUPS)) {
      if (
        sharedPairs(hubkit.PROVIDERS as unknown as ProvidersExport, REFERENCE_PROVIDERS).some(
          ([, t]) => t === task,
        )
      )
        expect(tasks.has(task), task).toBe(true);
    }
    expect(groupCases.length).toBeGreaterThan(100);
  });

  it.each(groupCases)("%s %s, %s: same requests, same ending", async (provider, task, group) => {
    const { args } = TASK_CALLS[task];
    await expectAlike(
      provider,
      task,
      provider === "openai" ? "direct" : "router",
      (model) => withGroup(args(model), PARAMETER_GROUPS[task][group]),
      true,
    );
  });
});

/** Both clients make the call; their requests and endings must agree but for the deliberate pairs. */
async function expectAlike(
  provider: string,
  task: string,
  mode: "router" | "direct",
  argsOf: (model: { mask_token?: string }) => Record<string, unknown>,
  withParameters: boolean,
): Promise<void> {
  const model = emulatedModel(provider, task)!;
  const { fn } = TASK_CALLS[task];
  const call = (c: Client, o: hubkit.Options) =>
    (c as unknown as Record<string, (a: unknown, o: unknown) => Promise<unknown>>)[fn](
      { ...argsOf(model), model: model.id, provider, accessToken: mode === "router" ? HF : KEY },
      o,
    );
  const ours = await runOnEmulator(hubkit, call);
  const theirs = await runOnEmulator(reference, call);
  // Deliberate: hubkit reads the mapping with the caller's token, and decodes base64 images
  // locally where 4.13.30 fetches a data: URL (a custom fetch need not support those).
  const alike = (sent: Sent[]) =>
    sent
      .filter((r) => !r.url.startsWith("data:"))
      .map((r) => (r.url.includes("/api/models/") ? { ...r, authorization: "(hub lookup)" } : r));
  const listed = DELIBERATE[`${provider} ${task}`];
  const deliberate = listed?.defaultInputOnly && withParameters ? undefined : listed;
  if (deliberate?.differs === "request") {
    expect(alike(ours.sent), deliberate.why).not.toEqual(alike(theirs.sent));
    return;
  }
  expect(alike(ours.sent)).toEqual(alike(theirs.sent));
  if (deliberate?.differs === "reply" && mode === "router") {
    expect(theirs.outcome.ok, deliberate.why).toBe(false);
    expect(ours.outcome.ok, deliberate.why).toBe(true);
    return;
  }
  expectSameOutcome(ours.outcome, theirs.outcome, false);
}
