// The ten providers 4.x added, every task each serves, through the router with a hub token and
// directly with the provider's own key, over real HTTP against the emulator; their quirks
// (multipart speech recognition, extra headers, base64-only images, asynchronous jobs polled with a
// deadline, abort and progress reports, LoRA), output types and token safety.
import { describe, expect, it } from "vitest";
import * as hf from "@hubkit/inference";
import type { AutomaticSpeechRecognitionOutput, ChatCompletionOutput } from "@hubkit/tasks";
import type { RecordedRequest } from "@hubkit/emulator";
import {
  HUB_TOKEN,
  PROVIDER_KEY,
  expectEchoedTokenRedacted,
  modelFor,
  png,
  recordingLogger,
  rejection,
  useEmulator,
  wav,
} from "./helpers.js";

const emu = useEmulator();

/** The real direct bases of the new providers (contract §1.1). */
const DIRECT: Record<string, string> = {
  baseten: "https://inference.baseten.co",
  deepinfra: "https://api.deepinfra.com",
  "featherless-ai": "https://api.featherless.ai",
  groq: "https://api.groq.com",
  nscale: "https://inference.api.nscale.com",
  ovhcloud: "https://oai.endpoints.kepler.ai.cloud.ovh.net",
  publicai: "https://api.publicai.co",
  scaleway: "https://api.scaleway.ai",
  wavespeed: "https://api.wavespeed.ai",
  "zai-org": "https://api.z.ai",
};

/** Contract §1.4 (and 4.13.30's `PROVIDERS`): task → route, per provider. */
const ROUTES: Record<string, Record<string, string>> = {
  baseten: { conversational: "/v1/chat/completions" },
  deepinfra: {
    "automatic-speech-recognition": "/v1/openai/audio/transcriptions",
    conversational: "/v1/openai/chat/completions",
    "feature-extraction": "/v1/openai/embeddings",
    "text-generation": "/v1/openai/completions",
    "text-to-image": "/v1/openai/images/generations",
    "text-to-speech": "/v1/openai/audio/speech",
  },
  "featherless-ai": { conversational: "/v1/chat/completions", "text-generation": "/v1/completions" },
  groq: {
    conversational: "/openai/v1/chat/completions",
    "text-generation": "/openai/v1/chat/completions",
  },
  nscale: { conversational: "/v1/chat/completions", "text-to-image": "/v1/images/generations" },
  ovhcloud: { conversational: "/v1/chat/completions", "text-generation": "/v1/completions" },
  publicai: { conversational: "/v1/chat/completions" },
  scaleway: {
    conversational: "/v1/chat/completions",
    "text-generation": "/v1/completions",
    "feature-extraction": "/v1/embeddings",
  },
  wavespeed: Object.fromEntries(
    [
      "text-to-image",
      "text-to-video",
      "image-to-image",
      "image-to-video",
      "image-text-to-image",
      "image-text-to-video",
    ].map((task) => [task, "/api/v3/{model}"]),
  ),
  "zai-org": {
    conversational: "/api/paas/v4/chat/completions",
    "text-to-image": "/api/paas/v4/async/images/generations",
    "image-to-text": "/api/paas/v4/layout_parsing",
  },
};

type Check = (output: unknown) => void;
const blobOf =
  (kind: RegExp): Check =>
  (out) => {
    expect(out).toBeInstanceOf(Blob);
    expect((out as Blob).type).toMatch(kind);
    expect((out as Blob).size).toBeGreaterThan(8);
  };

interface TaskCase {
  call: (args: Record<string, unknown>, options: hf.Options) => Promise<unknown>;
  args: () => Record<string, unknown>;
  check: Check;
}

const TASKS: Record<string, TaskCase> = {
  conversational: {
    call: (a, o) => hf.chatCompletion(a as never, o),
    args: () => ({ messages: [{ role: "user", content: "Say hello" }], max_tokens: 16 }),
    check: (out) => expect(typeof (out as ChatCompletionOutput).choices[0].message.content).toBe("string"),
  },
  "text-generation": {
    call: (a, o) => hf.textGeneration(a as never, o),
    args: () => ({ inputs: "Once upon a time", parameters: { max_new_tokens: 8 } }),
    check: (out) => expect((out as { generated_text: string }).generated_text.length).toBeGreaterThan(0),
  },
  "feature-extraction": {
    call: (a, o) => hf.featureExtraction(a as never, o),
    args: () => ({ inputs: ["That is a happy person", "Today is sunny"] }),
    check: (out) => {
      const vectors = out as number[][];
      expect(vectors).toHaveLength(2);
      expect(vectors[0].length).toBeGreaterThan(100);
      expect(vectors[0].every((x) => typeof x === "number")).toBe(true);
    },
  },
  "automatic-speech-recognition": {
    call: (a, o) => hf.automaticSpeechRecognition(a as never, o),
    args: () => ({ inputs: wav() }),
    check: (out) => {
      const result = out as AutomaticSpeechRecognitionOutput;
      expect(result.text.length).toBeGreaterThan(0);
      expect(result.chunks?.[0]?.timestamp).toHaveLength(2);
    },
  },
  "text-to-speech": {
    call: (a, o) => hf.textToSpeech(a as never, o),
    args: () => ({ inputs: "Hello there" }),
    check: blobOf(/^audio\//),
  },
  "text-to-image": {
    call: (a, o) => hf.textToImage(a as never, o),
    args: () => ({ inputs: "a lighthouse" }),
    check: blobOf(/^image\//),
  },
  "text-to-video": {
    call: (a, o) => hf.textToVideo(a as never, o),
    args: () => ({ inputs: "a cat surfing" }),
    check: blobOf(/^video\//),
  },
  "image-to-image": {
    call: (a, o) => hf.imageToImage(a as never, o),
    args: () => ({ inputs: png(), parameters: { prompt: "make it blue" } }),
    check: blobOf(/^image\//),
  },
  "image-to-video": {
    call: (a, o) => hf.imageToVideo(a as never, o),
    args: () => ({ inputs: png(), parameters: { prompt: "the sea moves" } }),
    check: blobOf(/^video\//),
  },
  "image-text-to-image": {
    call: (a, o) => hf.imageTextToImage(a as never, o),
    args: () => ({ inputs: png(), parameters: { prompt: "add a hat" } }),
    check: blobOf(/^image\//),
  },
  "image-text-to-video": {
    call: (a, o) => hf.imageTextToVideo(a as never, o),
    args: () => ({ inputs: png(), parameters: { prompt: "a slow zoom" } }),
    check: blobOf(/^video\//),
  },
  "image-to-text": {
    call: (a, o) => hf.imageToText(a as never, o),
    args: () => ({ inputs: png() }),
    check: (out) => expect((out as { generated_text: string }).generated_text).toMatch(/^# /),
  },
};

/** Tasks that run as an asynchronous job, polled after the POST. */
const isJob = (provider: string, task: string) =>
  provider === "wavespeed" || (provider === "zai-org" && task === "text-to-image");

const MODES = [
  { mode: "router", label: "hub token via the router", token: HUB_TOKEN },
  { mode: "direct", label: "provider key, direct", token: PROVIDER_KEY },
] as const;

const fast = { poll: { intervalMs: 5 } };

describe("every new provider × task × auth mode", () => {
  it("covers exactly 4.13.30's 28 pairs for the ten providers (deepinfra text-to-image included)", () => {
    const pairs = Object.entries(ROUTES).flatMap(([p, tasks]) => Object.keys(tasks).map((t) => `${p}:${t}`));
    expect(pairs).toHaveLength(28);
    for (const [provider, tasks] of Object.entries(ROUTES)) {
      expect(Object.keys(hf.PROVIDERS[provider as hf.InferenceProvider]).sort()).toEqual(
        Object.keys(tasks).sort(),
      );
      expect(hf.PROVIDER_BASE_URLS[provider as hf.InferenceProvider]).toBe(DIRECT[provider]);
    }
  });

  for (const [provider, tasks] of Object.entries(ROUTES)) {
    for (const task of Object.keys(tasks)) {
      for (const { mode, label, token } of MODES) {
        it(`${provider} ${task} (${label})`, async () => {
          const e = emu();
          const { id, providerId } = modelFor(provider, task);
          const testCase = TASKS[task];
          const progress: hf.InferenceProgress[] = [];
          e.clearRequests();
          const output = await testCase.call(
            { ...testCase.args(), model: id, provider, accessToken: token },
            { ...e.clientOptions, ...fast, onProgress: (p) => progress.push(p) },
          );
          testCase.check(output);

          const post = e.requests.find((r) => r.method === "POST")!;
          const base = mode === "router" ? `https://router.huggingface.co/${provider}` : DIRECT[provider];
          expect(post.url).toBe(base + ROUTES[provider][task].replace("{model}", providerId));
          expect(post.headers.authorization).toBe(`Bearer ${token}`);
          expect(post.status).toBe(200);
          if (provider === "zai-org") {
            expect(post.headers["x-source-channel"]).toBe("hugging_face");
            expect(post.headers["accept-language"]).toBe("en-US,en");
          }
          if (provider === "deepinfra" && task === "automatic-speech-recognition") {
            expect(post.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
          }
          // A hub token only ever reaches the hub and the router; a provider key only the provider.
          expect(e.tokenLeaks).toEqual([]);
          for (const request of e.requests) {
            if (request.headers.authorization) {
              expect(mode === "router" ? ["hub", "router"] : [provider]).toContain(request.host);
            }
          }

          if (isJob(provider, task)) {
            const polls = e.requests.filter(
              (r) => r.method === "GET" && r.host === (mode === "router" ? "router" : provider),
            );
            expect(polls.length).toBeGreaterThan(0);
            for (const poll of polls) {
              expect(poll.headers.authorization).toBe(`Bearer ${token}`);
              expect(poll.url.startsWith(base + "/api/")).toBe(true);
            }
            expect(progress[0].status).toBe("submitted");
            expect(progress.at(-1)!.status).toBe("done");
            expect(progress.every((p) => p.provider === provider)).toBe(true);
            expect(progress.some((p) => p.status === "running" || p.status === "queued")).toBe(true);
            const elapsed = progress.map((p) => p.elapsedMs);
            expect([...elapsed].sort((a, b) => a - b)).toEqual(elapsed);
          } else {
            expect(progress).toEqual([]);
          }
        });
      }
    }
  }
});

describe("asynchronous jobs: deadline, abort, failure, progress", () => {
  const jobs = [
    ["wavespeed", "text-to-image"],
    ["wavespeed", "image-to-video"],
    ["zai-org", "text-to-image"],
  ] as const;

  it.each(jobs)("%s %s gives up at the polling deadline with a TimeoutError", async (provider, task) => {
    const e = emu();
    const { id } = modelFor(provider, task);
    const fault = e.fault({ match: { provider, method: "POST" }, neverComplete: true, times: 1 });
    const progress: hf.InferenceProgress[] = [];
    try {
      const started = Date.now();
      const error = await rejection(
        TASKS[task].call(
          { ...TASKS[task].args(), model: id, provider, accessToken: HUB_TOKEN },
          {
            ...e.clientOptions,
            poll: { intervalMs: 10, timeoutMs: 200 },
            onProgress: (p) => progress.push(p),
          },
        ),
      );
      expect(error).toBeInstanceOf(hf.InferenceClientTimeoutError);
      expect(error.message).toMatch(new RegExp(`Timed out waiting for the ${provider} job`));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(progress.at(-1)?.status).toBe("failed");
      expect(progress.filter((p) => p.status === "running").length).toBeGreaterThan(2);
    } finally {
      fault.remove();
    }
  });

  it.each(jobs)("%s %s stops polling as soon as the caller aborts", async (provider, task) => {
    const e = emu();
    const { id } = modelFor(provider, task);
    const fault = e.fault({ match: { provider, method: "POST" }, neverComplete: true, times: 1 });
    const controller = new AbortController();
    try {
      e.clearRequests();
      const call = TASKS[task].call(
        { ...TASKS[task].args(), model: id, provider, accessToken: PROVIDER_KEY },
        {
          ...e.clientOptions,
          poll: { intervalMs: 20 },
          signal: controller.signal,
          onProgress: (p) => {
            if (p.status === "running") controller.abort();
          },
        },
      );
      const error = await rejection(call);
      expect(error.name).toBe("AbortError");
      const pollsAtAbort = e.requests.filter((r) => r.method === "GET" && r.host === provider).length;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(e.requests.filter((r) => r.method === "GET" && r.host === provider).length).toBe(pollsAtAbort);
    } finally {
      fault.remove();
    }
  });

  it("honours poll.maxAttempts (zai-org's own bound is 60 polls, as 4.x)", async () => {
    const e = emu();
    const { id } = modelFor("zai-org", "text-to-image");
    const fault = e.fault({ match: { provider: "zai-org", method: "POST" }, neverComplete: true, times: 1 });
    try {
      e.clearRequests();
      const error = await rejection(
        hf.textToImage(
          { model: id, provider: "zai-org", inputs: "x", accessToken: PROVIDER_KEY },
          { ...e.clientOptions, poll: { intervalMs: 1, maxAttempts: 3 } },
        ),
      );
      expect(error).toBeInstanceOf(hf.InferenceClientTimeoutError);
      expect(e.requests.filter((r) => r.method === "GET")).toHaveLength(3);
    } finally {
      fault.remove();
    }
  });

  it("reports a failed wavespeed task with its error, and progress ends in failed", async () => {
    const e = emu();
    const { id } = modelFor("wavespeed", "text-to-video");
    const fault = e.fault({
      match: { host: "router", method: "GET", path: /^\/wavespeed\/api\/v3\/predictions\// },
      status: 200,
      body: {
        code: 200,
        message: "success",
        data: { id: "x", status: "failed", outputs: [], error: "NSFW content" },
      },
      times: 1,
    });
    const progress: hf.InferenceProgress[] = [];
    try {
      const error = await rejection(
        hf.textToVideo(
          { model: id, provider: "wavespeed", inputs: "x", accessToken: HUB_TOKEN },
          { ...e.clientOptions, ...fast, onProgress: (p) => progress.push(p) },
        ),
      );
      expect(error).toBeInstanceOf(hf.InferenceClientProviderOutputError);
      expect(error.message).toBe("NSFW content");
      expect(progress.map((p) => p.status)).toEqual(["submitted", "failed"]);
    } finally {
      fault.remove();
    }
  });

  it("a poll answered with broken JSON is a ProviderOutputError, and progress ends in failed", async () => {
    const e = emu();
    const { id } = modelFor("wavespeed", "image-to-image");
    const fault = e.fault({ match: { host: "wavespeed", method: "GET" }, malformedJson: true, times: 1 });
    const progress: hf.InferenceProgress[] = [];
    try {
      const error = await rejection(
        hf.imageToImage(
          {
            model: id,
            provider: "wavespeed",
            inputs: png(),
            parameters: { prompt: "x" },
            accessToken: PROVIDER_KEY,
          },
          { ...e.clientOptions, ...fast, onProgress: (p) => progress.push(p) },
        ),
      );
      expect(error).toBeInstanceOf(hf.InferenceClientProviderOutputError);
      expect(error.message).toBe("Failed to parse the wavespeed job status: received malformed response");
      expect(progress.at(-1)?.status).toBe("failed");
    } finally {
      fault.remove();
    }
  });

  it("a failing poll is a ProviderApiError naming the status, and a throwing onProgress does not break the call", async () => {
    const e = emu();
    const { id } = modelFor("zai-org", "text-to-image");
    const fault = e.fault({
      match: { host: "zai-org", method: "GET" },
      status: 500,
      body: { error: { code: "1500", message: "down" } },
      times: 1,
    });
    try {
      const error = (await rejection(
        hf.textToImage(
          { model: id, provider: "zai-org", inputs: "x", accessToken: PROVIDER_KEY },
          { ...e.clientOptions, ...fast },
        ),
      )) as hf.InferenceClientProviderApiError;
      expect(error).toBeInstanceOf(hf.InferenceClientProviderApiError);
      expect(error.httpResponse.status).toBe(500);
      expect(error.message).toContain("zai-org");
    } finally {
      fault.remove();
    }
    const image = await hf.textToImage(
      { model: id, provider: "zai-org", inputs: "x", accessToken: PROVIDER_KEY },
      {
        ...e.clientOptions,
        ...fast,
        onProgress: () => {
          throw new Error("UI bug");
        },
      },
    );
    expect(image).toBeInstanceOf(Blob);
  });
});

describe("the emulator's reserved fault models on the new hosts", () => {
  it.each(Object.keys(ROUTES))(
    "%s: hubkit-faults/error-json fails as a ProviderApiError, both ways",
    async (provider) => {
      const e = emu();
      const task = provider === "wavespeed" ? "text-to-image" : "conversational";
      for (const accessToken of [HUB_TOKEN, PROVIDER_KEY]) {
        const error = (await rejection(
          TASKS[task].call(
            { ...TASKS[task].args(), model: "hubkit-faults/error-json", provider, accessToken },
            { ...e.clientOptions, ...fast, retry_on_error: false },
          ),
        )) as hf.InferenceClientProviderApiError;
        expect(error).toBeInstanceOf(hf.InferenceClientProviderApiError);
        expect(error.httpResponse.status).toBe(500);
        expect(error.message).toBe(
          "Failed to perform inference: Internal error: the emulated backend failed on purpose",
        );
      }
    },
  );
});

describe("quirks and output types", () => {
  const t2i = (provider: string, outputType: string | undefined, token = PROVIDER_KEY) =>
    hf.textToImage(
      {
        model: modelFor(provider, "text-to-image").id,
        provider: provider as never,
        inputs: "a red fox",
        accessToken: token,
      },
      { ...emu().clientOptions, ...fast, outputType: outputType as never },
    ) as Promise<unknown>;

  it("nscale asks for b64_json and refuses outputType url (4.x's InputError)", async () => {
    const e = emu();
    e.clearRequests();
    expect(await t2i("nscale", "dataUrl")).toMatch(/^data:image\/jpeg;base64,iVBORw0KGgo/);
    expect((e.lastRequest((r) => r.method === "POST")?.body as Record<string, unknown>).response_format).toBe(
      "b64_json",
    );
    expect(await t2i("nscale", "json")).toMatchObject({ data: [{ b64_json: expect.any(String) }] });
    const error = await rejection(t2i("nscale", "url"));
    expect(error).toBeInstanceOf(hf.InferenceClientInputError);
    expect(error.message).toBe(
      "nscale provider does not support URL output. Use outputType 'blob', 'dataUrl' or 'json' instead.",
    );
  });

  it("deepinfra asks for a URL only when the caller wants one", async () => {
    const e = emu();
    e.clearRequests();
    const url = (await t2i("deepinfra", "url")) as string;
    expect((e.lastRequest((r) => r.method === "POST")?.body as Record<string, unknown>).response_format).toBe(
      "url",
    );
    expect(url).toMatch(/^data:image\/png;base64,/);
    expect(await t2i("deepinfra", undefined)).toBeInstanceOf(Blob);
    expect((e.lastRequest((r) => r.method === "POST")?.body as Record<string, unknown>).response_format).toBe(
      "b64_json",
    );
  });

  it.each(["wavespeed", "zai-org"])(
    "%s: url gives the CDN URL, dataUrl a data URL, json the finished job",
    async (provider) => {
      const e = emu();
      const url = (await t2i(provider, "url", HUB_TOKEN)) as string;
      const cdn =
        provider === "wavespeed" ? "https://d1q70pf5vjeyhc.cloudfront.net" : "https://aigc-files.bigmodel.cn";
      expect(url.startsWith(e.hosts[cdn])).toBe(true);
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
      expect(await t2i(provider, "dataUrl")).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
      const raw = (await t2i(provider, "json")) as Record<string, unknown>;
      expect(provider === "wavespeed" ? (raw.data as { status: string }).status : raw.task_status).toBe(
        provider === "wavespeed" ? "completed" : "SUCCESS",
      );
      // The download carries no credential: the CDN is neither the hub nor the provider.
      const downloads = e.requests.filter(
        (r) => r.host === (provider === "wavespeed" ? "wavespeed-cdn" : "zai-cdn"),
      );
      expect(downloads.length).toBeGreaterThan(0);
      expect(downloads.every((r) => r.headers.authorization === undefined)).toBe(true);
    },
  );

  it("wavespeed sends the image as base64 (`image`, `images`) and the prompt from parameters", async () => {
    const e = emu();
    e.clearRequests();
    const image = png();
    await hf.imageToVideo(
      {
        model: modelFor("wavespeed", "image-to-video").id,
        provider: "wavespeed",
        inputs: image,
        parameters: { prompt: "waves", seed: 4 },
        accessToken: PROVIDER_KEY,
      },
      { ...e.clientOptions, ...fast },
    );
    const body = e.lastRequest((r) => r.method === "POST")!.body as Record<string, unknown>;
    const base64 = Buffer.from(await image.arrayBuffer()).toString("base64");
    expect(body).toMatchObject({ prompt: "waves", seed: 4, image: base64, images: [base64] });
  });

  it("wavespeed image+text tasks work from text alone (a blank image stands in)", async () => {
    const e = emu();
    e.clearRequests();
    const out = await hf.imageTextToImage(
      {
        model: modelFor("wavespeed", "image-text-to-image").id,
        provider: "wavespeed",
        parameters: { prompt: "a hat" },
        accessToken: HUB_TOKEN,
      },
      { ...e.clientOptions, ...fast },
    );
    expect(out).toBeInstanceOf(Blob);
    const body = e.lastRequest((r) => r.method === "POST")!.body as Record<string, unknown>;
    expect(typeof body.image).toBe("string");
  });

  it("wavespeed sends a LoRA mapping as loras: [{path, scale}]", async () => {
    const e = emu();
    e.clearRequests();
    await hf.textToImage(
      {
        model: "strangerzonehf/Flux-Super-Realism-LoRA",
        provider: "wavespeed",
        inputs: "portrait",
        accessToken: HUB_TOKEN,
      },
      { ...e.clientOptions, ...fast },
    );
    const post = e.lastRequest((r) => r.method === "POST")!;
    expect(post.path).toBe("/wavespeed/api/v3/wavespeed-ai/flux-dev-lora");
    expect((post.body as Record<string, unknown>).loras).toEqual([
      { path: "strangerzonehf/Flux-Super-Realism-LoRA", scale: 1 },
    ]);
  });

  it("deepinfra speech recognition uploads the audio as a named file with the model as a field", async () => {
    const e = emu();
    e.clearRequests();
    const { id, providerId } = modelFor("deepinfra", "automatic-speech-recognition");
    await hf.automaticSpeechRecognition(
      {
        model: id,
        provider: "deepinfra",
        inputs: wav(),
        parameters: { language: "en" },
        accessToken: PROVIDER_KEY,
      } as never,
      e.clientOptions,
    );
    const post = e.lastRequest((r) => r.method === "POST")!;
    const text = Buffer.from(post.bodyBytes).toString("latin1");
    expect(text).toContain('name="file"; filename="audio.wav"');
    expect(text).toMatch(
      new RegExp(`name="model"\\r\\n\\r\\n${providerId.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\r\\n`),
    );
    expect(text).toMatch(/name="language"\r\n\r\nen\r\n/);
  });

  it("groq text generation sends the prompt as a chat message (its only route is chat)", async () => {
    const e = emu();
    e.clearRequests();
    await hf.textGeneration(
      {
        model: modelFor("groq", "text-generation").id,
        provider: "groq",
        inputs: "Once",
        parameters: { max_new_tokens: 5 },
        accessToken: HUB_TOKEN,
      },
      e.clientOptions,
    );
    const body = e.lastRequest((r) => r.method === "POST")!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      messages: [{ role: "user", content: "Once" }],
      max_tokens: 5,
      model: "llama3-70b-8192",
    });
  });

  it("zai-org image-to-text sends the image as a data URL in `file`", async () => {
    const e = emu();
    e.clearRequests();
    await hf.imageToText(
      {
        model: modelFor("zai-org", "image-to-text").id,
        provider: "zai-org",
        inputs: png(),
        accessToken: PROVIDER_KEY,
      },
      e.clientOptions,
    );
    const body = e.lastRequest((r) => r.method === "POST")!.body as Record<string, unknown>;
    expect(body).toEqual({
      model: "glm-ocr",
      file: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/),
    });
  });

  it("the emulator validates each new protocol (bad bodies are the provider's own 400s)", async () => {
    const e = emu();
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: "POST",
        headers: { Authorization: `Bearer ${PROVIDER_KEY}`, "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    const wave = await post(`${e.providerUrls.wavespeed}/api/v3/wavespeed-ai/qwen-image/edit`, {
      prompt: "x",
      image: "not an image",
    });
    expect(wave.status).toBe(400);
    expect(await wave.json()).toMatchObject({ code: 400, data: null });
    const zai = await post(`${e.providerUrls["zai-org"]}/api/paas/v4/async/images/generations`, {
      model: "cogview-4-250304",
    });
    expect(zai.status).toBe(400);
    expect(await zai.json()).toMatchObject({ error: { message: "prompt is required" } });
    const nscale = await post(`${e.providerUrls.nscale}/v1/images/generations`, {
      model: "m",
      prompt: "x",
      response_format: "url",
    });
    expect(nscale.status).toBe(400);
    const asr = await post(`${e.providerUrls.deepinfra}/v1/openai/audio/transcriptions`, { model: "m" });
    expect(asr.status).toBe(400);
  });
});

describe("token safety on every new host", () => {
  const oneCall: Record<string, (token: string, options: hf.Options) => Promise<unknown>> =
    Object.fromEntries(
      Object.entries(ROUTES).map(([provider, tasks]) => {
        // The provider's most involved task: jobs poll, deepinfra's speech recognition is multipart.
        const task =
          Object.keys(tasks).find((t) => isJob(provider, t) || t === "automatic-speech-recognition") ??
          Object.keys(tasks)[0];
        return [
          provider,
          (token: string, options: hf.Options) =>
            TASKS[task].call(
              { ...TASKS[task].args(), model: modelFor(provider, task).id, provider, accessToken: token },
              options,
            ),
        ];
      }),
    );

  for (const provider of Object.keys(ROUTES)) {
    it.each([HUB_TOKEN, PROVIDER_KEY])(
      `${provider} keeps the token %s to itself on success and on failure`,
      async (token) => {
        const e = emu();
        const logger = recordingLogger();
        const options = { ...e.clientOptions, ...fast, logger };
        e.clearRequests();
        await oneCall[provider](token, options);
        expect(e.tokenLeaks).toEqual([]);
        for (const request of e.requests as RecordedRequest[]) {
          if (JSON.stringify(request.headers).includes(token)) {
            expect(token === HUB_TOKEN ? ["hub", "router"] : [provider]).toContain(request.host);
          }
        }
        await expectEchoedTokenRedacted(
          e,
          token,
          () => oneCall[provider](token, { ...options, retry_on_error: false }),
          logger,
        );
      },
    );

    it(`${provider}'s host refuses a hub token sent directly, and logs it as a leak`, async () => {
      const e = emu();
      e.clearRequests();
      const response = await fetch(`${e.providerUrls[provider]}/v1/chat/completions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${HUB_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }),
      });
      expect(response.status).toBe(401);
      expect(JSON.stringify(await response.json())).toContain("Hugging Face tokens are not accepted");
      expect(e.tokenLeaks).toEqual([expect.objectContaining({ host: provider, where: "authorization" })]);
      e.clearRequests();
    });
  }
});
