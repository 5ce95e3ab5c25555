// The public surface: exports, InferenceClient semantics, request options (headers, bases,
// payload remapping), provider "auto", outputType, request().
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import * as hf from "@hubkit/inference";
import { makeRequestOptionsFromResolvedModel } from "../src/lib/makeRequestOptions.js";
import {
  HUB_TOKEN,
  PROVIDER_KEY,
  modelFor,
  png,
  recordingLogger,
  rejection,
  useEmulator,
} from "./helpers.js";

const emu = useEmulator();
const messages = [{ role: "user", content: "hi" }];

describe("exports", () => {
  // Contract §1.1: the reference's 38 runtime names, plus hubkit's HARDCODED_MODEL_ID_MAPPING and isUrl.
  const NAMES = [
    "InferenceClient",
    "InferenceClientEndpoint",
    "HfInference",
    "InferenceOutputError",
    "INFERENCE_PROVIDERS",
    "request",
    "streamingRequest",
    "audioClassification",
    "audioToAudio",
    "automaticSpeechRecognition",
    "textToSpeech",
    "imageClassification",
    "imageSegmentation",
    "imageToImage",
    "imageToText",
    "objectDetection",
    "textToImage",
    "textToVideo",
    "zeroShotImageClassification",
    "chatCompletion",
    "chatCompletionStream",
    "featureExtraction",
    "fillMask",
    "questionAnswering",
    "sentenceSimilarity",
    "summarization",
    "tableQuestionAnswering",
    "textClassification",
    "textGeneration",
    "textGenerationStream",
    "tokenClassification",
    "translation",
    "zeroShotClassification",
    "documentQuestionAnswering",
    "visualQuestionAnswering",
    "tabularClassification",
    "tabularRegression",
    "snippets",
    "HARDCODED_MODEL_ID_MAPPING",
    "isUrl",
  ];
  it.each(NAMES)("exports %s", (name) => {
    expect((hf as Record<string, unknown>)[name]).toBeDefined();
  });

  it("lists the 13 providers in order", () => {
    expect(hf.INFERENCE_PROVIDERS).toEqual([
      "black-forest-labs",
      "cerebras",
      "cohere",
      "fal-ai",
      "fireworks-ai",
      "hf-inference",
      "hyperbolic",
      "nebius",
      "novita",
      "openai",
      "replicate",
      "sambanova",
      "together",
    ]);
  });

  it("the snippets namespace has getInferenceSnippets", () => {
    expect(typeof hf.snippets.getInferenceSnippets).toBe("function");
  });

  it("isUrl recognises URLs and absolute paths", () => {
    expect([hf.isUrl("https://x"), hf.isUrl("http://x"), hf.isUrl("/p"), hf.isUrl("org/model")]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it("InferenceOutputError is a TypeError with the reference's wrapping", () => {
    const error = new hf.InferenceOutputError("Expected X");
    expect(error).toBeInstanceOf(TypeError);
    expect(error.name).toBe("InferenceOutputError");
    expect(error.message).toBe(
      "Invalid inference output: Expected X. Use the 'request' method with the same parameters to do a custom call with no type checking.",
    );
  });
});

describe("InferenceClient", () => {
  it("has every task function as a non-enumerable method", () => {
    const client = new hf.InferenceClient("hf_x");
    expect("fillMask" in client).toBe(true);
    expect(typeof client.chatCompletionStream).toBe("function");
    expect(Object.keys(client)).not.toContain("fillMask");
  });

  it("its token overrides the one in the arguments, and per-call options override its defaults", async () => {
    const e = emu();
    const { id } = modelFor("hf-inference", "fill-mask");
    const defaultsLogger = recordingLogger();
    const client = new hf.InferenceClient(HUB_TOKEN, {
      ...e.clientOptions,
      billTo: "org-a",
      logger: defaultsLogger,
    });
    await client.fillMask(
      { model: id, inputs: "Paris is the [MASK] of France.", accessToken: "hf_other_token_value" } as never,
      { billTo: "org-b" },
    );
    const post = e.lastRequest((r) => r.method === "POST")!;
    expect(post.headers.authorization).toBe(`Bearer ${HUB_TOKEN}`);
    expect(post.headers["x-hf-bill-to"]).toBe("org-b");
  });

  it("endpoint() calls the endpoint with the client's token", async () => {
    const e = emu();
    const { id } = modelFor("hf-inference", "conversational");
    const endpoint = new hf.InferenceClient(HUB_TOKEN, e.clientOptions).endpoint(
      `${e.routerUrl}/hf-inference/models/${id}`,
    );
    expect(endpoint).toBeInstanceOf(hf.InferenceClientEndpoint);
    const out = await endpoint.chatCompletion({ messages, model: id });
    expect(out.choices.length).toBeGreaterThan(0);
    const post = e.lastRequest((r) => r.method === "POST")!;
    expect(post.url).toBe(`https://router.huggingface.co/hf-inference/models/${id}/v1/chat/completions`);
    expect(post.headers.authorization).toBe(`Bearer ${HUB_TOKEN}`);
  });

  it("HfInference is the same client", () => {
    expect(new hf.HfInference()).toBeInstanceOf(hf.InferenceClient);
  });
});

describe("request headers and bases", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of [
      "HF_HUB_URL",
      "HF_ROUTER_URL",
      "HUBKIT_PROVIDER_URL_TOGETHER",
      "HUBKIT_PROVIDER_URL_FAL_AI",
    ]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it("User-Agent names hubkit and the package version", () => {
    const version = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;
    const { info } = makeRequestOptionsFromResolvedModel("m", { inputs: "x" }, {});
    expect(info.headers["User-Agent"].startsWith(`@hubkit/inference/${version}`)).toBe(true);
  });

  it("credentials: a string as is, true as include; cookie calls carry no Authorization", () => {
    const withString = makeRequestOptionsFromResolvedModel(
      "m",
      { inputs: "x" },
      { includeCredentials: "same-origin" },
    );
    expect(withString.info.credentials).toBe("same-origin");
    const included = makeRequestOptionsFromResolvedModel("m", { inputs: "x" }, { includeCredentials: true });
    expect(included.info.credentials).toBe("include");
    expect(included.info.headers.Authorization).toBeUndefined();
    expect(included.url).toBe("https://router.huggingface.co/hf-inference/models/m");
  });

  it("reads HF_ROUTER_URL and HUBKIT_PROVIDER_URL_<PROVIDER> at call time; options win", () => {
    process.env.HF_ROUTER_URL = "http://router.test";
    process.env.HUBKIT_PROVIDER_URL_TOGETHER = "http://together.test/";
    process.env.HUBKIT_PROVIDER_URL_FAL_AI = "http://fal.test";
    const viaRouter = makeRequestOptionsFromResolvedModel(
      "m",
      { messages, provider: "together", accessToken: HUB_TOKEN },
      { task: "conversational" },
    );
    expect(viaRouter.url).toBe("http://router.test/together/v1/chat/completions");
    const direct = makeRequestOptionsFromResolvedModel(
      "m",
      { messages, provider: "together", accessToken: PROVIDER_KEY },
      { task: "conversational" },
    );
    expect(direct.url).toBe("http://together.test/v1/chat/completions");
    const fal = makeRequestOptionsFromResolvedModel(
      "fal-ai/flux",
      { inputs: "x", provider: "fal-ai", accessToken: PROVIDER_KEY },
      { task: "text-to-image" },
    );
    expect(fal.url).toBe("http://fal.test/fal-ai/flux");
    const overridden = makeRequestOptionsFromResolvedModel(
      "m",
      { messages, provider: "together", accessToken: PROVIDER_KEY },
      { task: "conversational", providerUrls: { together: "http://option.test" } },
    );
    expect(overridden.url).toBe("http://option.test/v1/chat/completions");
  });

  it("reads HF_HUB_URL at call time", async () => {
    const e = emu();
    process.env.HF_HUB_URL = e.hubUrl;
    process.env.HF_ROUTER_URL = e.routerUrl;
    hf.clearHubCache();
    const { id } = modelFor("sambanova", "conversational");
    const out = await hf.chatCompletion({
      model: id,
      provider: "sambanova",
      messages,
      accessToken: HUB_TOKEN,
    });
    expect(out.choices.length).toBeGreaterThan(0);
  });
});

describe("payloads (contract §2.4)", () => {
  const body = (model: string, args: Record<string, unknown>, task: string) =>
    JSON.parse(
      makeRequestOptionsFromResolvedModel(model, args as never, { task: task as never }).info.body as string,
    );

  it("black-forest-labs flattens parameters and sends the prompt; provider keys use X-Key", () => {
    const options = makeRequestOptionsFromResolvedModel(
      "flux-dev",
      {
        inputs: "a cat",
        parameters: { width: 256 },
        provider: "black-forest-labs",
        accessToken: PROVIDER_KEY,
      },
      { task: "text-to-image" },
    );
    expect(JSON.parse(options.info.body as string)).toEqual({ width: 256, prompt: "a cat" });
    expect(options.info.headers.Authorization).toBe(`X-Key ${PROVIDER_KEY}`);
    expect(options.url).toBe("https://api.us1.bfl.ai/v1/flux-dev");
  });

  it("fal-ai: sync_mode for images, lyrics for speech, Key auth, queue host for video", () => {
    expect(
      body("fal-ai/flux", { inputs: "a cat", parameters: { seed: 1 }, provider: "fal-ai" }, "text-to-image"),
    ).toEqual({ seed: 1, sync_mode: true, prompt: "a cat" });
    expect(body("fal-ai/diffrhythm", { inputs: "la la", provider: "fal-ai" }, "text-to-speech")).toEqual({
      lyrics: "la la",
    });
    const video = makeRequestOptionsFromResolvedModel(
      "fal-ai/ltx",
      { inputs: "x", provider: "fal-ai", accessToken: PROVIDER_KEY },
      { task: "text-to-video" },
    );
    expect(video.url).toBe("https://queue.fal.run/fal-ai/ltx");
    expect(video.info.headers.Authorization).toBe(`Key ${PROVIDER_KEY}`);
    const routed = makeRequestOptionsFromResolvedModel(
      "fal-ai/ltx",
      { inputs: "x", provider: "fal-ai", accessToken: HUB_TOKEN },
      { task: "text-to-video" },
    );
    expect(routed.url).toBe("https://router.huggingface.co/fal-ai/fal-ai/ltx?_subdomain=queue");
  });

  it("replicate: input/version, text for speech, Prefer: wait", () => {
    const options = makeRequestOptionsFromResolvedModel(
      "owner/model:abc123",
      { inputs: "hi", parameters: { steps: 2 }, provider: "replicate" },
      { task: "text-to-speech" },
    );
    expect(JSON.parse(options.info.body as string)).toEqual({
      input: { steps: 2, text: "hi" },
      version: "abc123",
    });
    expect(options.info.headers.Prefer).toBe("wait");
    expect(options.url).toBe("https://router.huggingface.co/replicate/v1/predictions");
    expect(body("owner/model", { inputs: "hi", provider: "replicate" }, "text-to-image")).toEqual({
      input: { prompt: "hi" },
    });
  });

  it("hyperbolic text generation becomes a chat request; together keeps inputs and adds prompt", () => {
    expect(
      body(
        "m",
        { inputs: "hi", parameters: { max_new_tokens: 5, temperature: 0.5 }, provider: "hyperbolic" },
        "text-generation",
      ),
    ).toEqual({
      messages: [{ content: "hi", role: "user" }],
      max_tokens: 5,
      temperature: 0.5,
      model: "m",
    });
    expect(body("m", { inputs: "hi", provider: "together" }, "text-generation")).toEqual({
      model: "m",
      inputs: "hi",
      prompt: "hi",
    });
  });

  it("image providers ask for base64 and name the model", () => {
    expect(body("m", { inputs: "x", provider: "nebius" }, "text-to-image")).toEqual({
      response_format: "b64_json",
      prompt: "x",
      model: "m",
    });
    expect(body("m", { inputs: "x", provider: "together" }, "text-to-image")).toEqual({
      prompt: "x",
      response_format: "base64",
      model: "m",
    });
    expect(body("m", { inputs: "x", provider: "hyperbolic" }, "text-to-image")).toEqual({
      prompt: "x",
      model_name: "m",
    });
  });

  it("conversational: caller keys, then model last", () => {
    expect(
      Object.keys(body("m", { messages, temperature: 0.1, provider: "cerebras" }, "conversational")),
    ).toEqual(["messages", "temperature", "model"]);
  });
});

describe("provider auto", () => {
  it("uses the first live provider of the model's mapping", async () => {
    const e = emu();
    const { id } = modelFor("cerebras", "conversational");
    e.clearRequests();
    await hf.chatCompletion(
      { model: id, provider: "auto", messages, accessToken: HUB_TOKEN },
      e.clientOptions,
    );
    const post = e.lastRequest((r) => r.method === "POST")!;
    const mapping = (
      await (await fetch(`${e.hubUrl}/api/models/${id}?expand[]=inferenceProviderMapping`)).json()
    ).inferenceProviderMapping as Record<string, { status: string; task: string }>;
    const first = Object.entries(mapping).find(
      ([, entry]) => entry.status === "live" && entry.task === "conversational",
    )![0];
    expect(post.provider).toBe(first);
  });

  it("needs a model, and a live provider", async () => {
    expect((await rejection(hf.chatCompletion({ provider: "auto", messages }))).message).toBe(
      "Specifying a model is required when provider is 'auto'",
    );
    const error = await rejection(
      hf.chatCompletion({ model: "nobody/nothing", provider: "auto", messages }, emu().clientOptions),
    );
    expect(error.message).toBe("No Inference Provider available for model nobody/nothing.");
  });
});

describe("outputs", () => {
  it.each(["hf-inference", "together", "fal-ai", "replicate"])(
    "textToImage outputType url works with %s",
    async (provider) => {
      const e = emu();
      const { id } = modelFor(provider, "text-to-image");
      const url = await hf.textToImage(
        { model: id, provider: provider as never, inputs: "x", accessToken: HUB_TOKEN },
        { ...e.clientOptions, outputType: "url" },
      );
      expect(typeof url).toBe("string");
      expect(url).toMatch(/^(data:image\/|http)/);
    },
  );

  it("imageToImage sends raw bytes without parameters, base64 JSON with them", async () => {
    const e = emu();
    const { id } = modelFor("hf-inference", "image-to-image");
    const image = png();
    await hf.imageToImage({ model: id, inputs: image, accessToken: HUB_TOKEN }, e.clientOptions);
    let post = e.lastRequest((r) => r.method === "POST")!;
    expect(post.headers["content-type"]).not.toBe("application/json");
    expect(post.bodySize).toBe(image.size);
    await hf.imageToImage(
      { model: id, inputs: image, parameters: { prompt: "blue" }, accessToken: HUB_TOKEN },
      e.clientOptions,
    );
    post = e.lastRequest((r) => r.method === "POST")!;
    const sent = post.body as { inputs: string; parameters: object };
    expect(Buffer.from(sent.inputs, "base64").length).toBe(image.size);
    expect(sent.parameters).toEqual({ prompt: "blue" });
  });

  it("request() returns parsed JSON and warns once", async () => {
    const e = emu();
    const logger = recordingLogger();
    const { id } = modelFor("hf-inference", "fill-mask");
    const out = await hf.request<unknown[]>(
      { model: id, inputs: "Paris is the [MASK] of France.", accessToken: HUB_TOKEN },
      { ...e.clientOptions, logger },
    );
    expect(Array.isArray(out)).toBe(true);
    await hf.request(
      { model: id, inputs: "x [MASK]", accessToken: HUB_TOKEN },
      { ...e.clientOptions, logger },
    );
    expect(logger.lines.filter((l) => l.message.startsWith("The request method is deprecated"))).toHaveLength(
      1,
    );
  });
});

describe("provider registry", () => {
  it("has a task list for exactly the 13 providers", async () => {
    const { PROVIDER_TASKS } = await import("../src/providers/index.js");
    expect(Object.keys(PROVIDER_TASKS).sort()).toEqual([...hf.INFERENCE_PROVIDERS].sort());
  });

  it("has a helper for every (provider, task) it lists, and none it does not", async () => {
    const { PROVIDER_TASKS, HELPERS_BY_TASK } = await import("../src/providers/index.js");
    for (const [provider, tasks] of Object.entries(PROVIDER_TASKS)) {
      for (const task of tasks)
        expect(HELPERS_BY_TASK[task]?.[provider as hf.InferenceProvider]?.provider).toBe(provider);
    }
    for (const [task, helpers] of Object.entries(HELPERS_BY_TASK)) {
      for (const provider of Object.keys(helpers ?? {})) {
        expect(PROVIDER_TASKS[provider as hf.InferenceProvider]).toContain(task);
      }
    }
  });
});
