// The public surface: exports, InferenceClient semantics, request options (headers, bases,
// payload remapping), provider "auto", outputType, request().
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import * as hf from "@hubkit/inference";

/** 4.x's sync builder with the helper picked from the args' provider (hf-inference by default). */
function makeRequestOptionsFromResolvedModel(
  model: string,
  args: Record<string, unknown>,
  options: hf.Options & { task?: hf.InferenceTask },
) {
  const helper = hf.getProviderHelper((args.provider as string | undefined) ?? "hf-inference", options.task);
  const { url, info } = hf.makeRequestOptionsFromResolvedModel(
    model,
    helper,
    args as never,
    undefined,
    options,
  );
  return { url, info: info as RequestInit & { headers: Record<string, string> } };
}
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
    // 4.x additions
    "InferenceClientError",
    "InferenceClientInputError",
    "InferenceClientRoutingError",
    "InferenceClientHubApiError",
    "InferenceClientProviderApiError",
    "InferenceClientProviderOutputError",
    "PROVIDERS",
    "PROVIDERS_OR_POLICIES",
    "PROVIDERS_HUB_ORGS",
    "getProviderHelper",
    "makeRequestOptions",
    "makeRequestOptionsFromResolvedModel",
    "setLogger",
    "textToAudio",
    "imageToVideo",
    "imageTextToImage",
    "imageTextToVideo",
  ];
  it.each(NAMES)("exports %s", (name) => {
    expect((hf as Record<string, unknown>)[name]).toBeDefined();
  });

  it("lists the providers in order: 4.x's 19, and the 4 the router dropped", () => {
    expect(hf.INFERENCE_PROVIDERS).toEqual([
      "baseten",
      "black-forest-labs",
      "cerebras",
      "cohere",
      "deepinfra",
      "fal-ai",
      "featherless-ai",
      "fireworks-ai",
      "groq",
      "hf-inference",
      "hyperbolic",
      "nebius",
      "novita",
      "nscale",
      "openai",
      "ovhcloud",
      "publicai",
      "replicate",
      "sambanova",
      "scaleway",
      "together",
      "wavespeed",
      "zai-org",
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

  it("InferenceOutputError (3.x) is 4.x's ProviderOutputError, inside the client's error hierarchy", () => {
    const error = new hf.InferenceOutputError("Expected X");
    expect(error).toBeInstanceOf(hf.InferenceClientProviderOutputError);
    expect(error).toBeInstanceOf(hf.InferenceClientError);
    expect(error.name).toBe("ProviderOutputError");
    expect(error.message).toBe("Expected X");
  });

  it("PROVIDERS_OR_POLICIES is the providers then auto; PROVIDERS_HUB_ORGS names each provider's org", () => {
    expect(hf.PROVIDERS_OR_POLICIES).toEqual([...hf.INFERENCE_PROVIDERS, "auto"]);
    expect(Object.keys(hf.PROVIDERS_HUB_ORGS)).toEqual([...hf.INFERENCE_PROVIDERS]);
    expect(hf.PROVIDERS_HUB_ORGS.together).toBe("togethercomputer");
    expect(hf.PROVIDERS_HUB_ORGS.cohere).toBe("CohereLabs");
    expect(hf.PROVIDERS_HUB_ORGS["fal-ai"]).toBe("fal");
  });

  it("PROVIDERS and getProviderHelper give the same helper per provider and task", () => {
    expect(hf.getProviderHelper("together", "conversational")).toBe(hf.PROVIDERS.together.conversational);
    expect(hf.getProviderHelper("auto", "fill-mask").provider).toBe("hf-inference");
    expect(() => hf.getProviderHelper("together", "fill-mask")).toThrow(hf.InferenceClientInputError);
  });

  it("helpers have 4.x's members: URL, headers, body and reply parsing", async () => {
    const helper = hf.getProviderHelper("together", "conversational");
    expect(helper.clientSideRoutingOnly).toBe(false);
    const routed = { authMethod: "hf-token", model: "m" } as const;
    expect(helper.makeBaseUrl(routed)).toBe("https://router.huggingface.co/together");
    expect(helper.makeUrl(routed)).toBe("https://router.huggingface.co/together/v1/chat/completions");
    expect(helper.makeUrl({ authMethod: "provider-key", model: "m" })).toBe(
      "https://api.together.xyz/v1/chat/completions",
    );
    expect(helper.prepareHeaders({ accessToken: "hf_x", authMethod: "hf-token" }, false)).toEqual({
      Authorization: "Bearer hf_x",
      "Content-Type": "application/json",
    });
    expect(
      hf
        .getProviderHelper("fal-ai", "text-to-image")
        .prepareHeaders({ accessToken: "k", authMethod: "provider-key" }, true),
    ).toEqual({
      Authorization: "Key k",
    });
    const params = { args: { messages: [{ role: "user", content: "hi" }] }, model: "m" };
    expect(JSON.parse(String(helper.makeBody(params)))).toEqual({ model: "m", ...params.args });
    const reply = {
      id: "1",
      created: 1,
      model: "m",
      system_fingerprint: "",
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "ok" } }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    };
    expect(await helper.getResponse(reply, "https://x", {})).toEqual(reply);
    await expect(helper.getResponse({})).rejects.toThrow(hf.InferenceClientProviderOutputError);
    // A helper whose provider reworks the input asynchronously: hf-inference image segmentation
    // with parameters sends the image as base64.
    const segmentation = hf.getProviderHelper("hf-inference", "image-segmentation");
    const reworked = await segmentation.preparePayloadAsync({
      inputs: new Blob([new Uint8Array([1, 2, 3])]),
      parameters: { threshold: 0.5 },
    } as never);
    expect(reworked).toMatchObject({ inputs: "AQID", parameters: { threshold: 0.5 } });
  });

  it("the request builders take a helper object written for 4.x", () => {
    const own = {
      provider: "together" as const,
      clientSideRoutingOnly: false,
      makeRoute: () => "v1/own",
      makeBaseUrl: () => "https://router.huggingface.co/together",
      makeUrl: () => "https://router.huggingface.co/together/v1/own",
      preparePayload: ({ args, model }: { args: Record<string, unknown>; model: string }) => ({
        ...args,
        model,
      }),
      makeBody: () => "{}",
      prepareHeaders: () => ({}),
      getResponse: async (response: unknown, _url?: string, _headers?: HeadersInit) => response,
    };
    const { url, info } = hf.makeRequestOptionsFromResolvedModel(
      "m",
      own,
      { messages: [], accessToken: "hf_x" } as never,
      undefined,
      { task: "conversational" },
    );
    expect(url).toBe("https://router.huggingface.co/together/v1/own");
    expect(JSON.parse(String(info.body))).toEqual({ messages: [], model: "m" });
  });
});

describe("InferenceClient", () => {
  it("has every task function as a non-enumerable method", () => {
    const client = new hf.InferenceClient("hf_x");
    expect("fillMask" in client).toBe(true);
    expect(typeof client.chatCompletionStream).toBe("function");
    expect(Object.keys(client)).not.toContain("fillMask");
  });

  it("a per-call token overrides the client's (4.x), and per-call options override its defaults", async () => {
    const e = emu();
    const { id } = modelFor("hf-inference", "fill-mask");
    const defaultsLogger = recordingLogger();
    const client = new hf.InferenceClient(HUB_TOKEN, {
      ...e.clientOptions,
      billTo: "org-a",
      logger: defaultsLogger,
    });
    const other = "hf_othertokenvalue123456";
    await client.fillMask(
      { model: id, provider: "hf-inference", inputs: "Paris is the [MASK] of France.", accessToken: other },
      { billTo: "org-b" },
    );
    let post = e.lastRequest((r) => r.method === "POST")!;
    expect(post.headers.authorization).toBe(`Bearer ${other}`);
    expect(post.headers["x-hf-bill-to"]).toBe("org-b");
    await client.fillMask({ model: id, provider: "hf-inference", inputs: "Paris is the [MASK] of France." });
    post = e.lastRequest((r) => r.method === "POST")!;
    expect(post.headers.authorization).toBe(`Bearer ${HUB_TOKEN}`);
    expect(post.headers["x-hf-bill-to"]).toBe("org-a");
  });

  it("new InferenceClient(token, { endpointUrl }) calls that endpoint, with no hub lookup", async () => {
    const e = emu();
    const { id } = modelFor("hf-inference", "conversational");
    const client = new hf.InferenceClient(HUB_TOKEN, {
      ...e.clientOptions,
      endpointUrl: `${e.routerUrl}/hf-inference/models/${id}`,
    });
    e.clearRequests();
    const out = await client.chatCompletion({ messages });
    expect(out.choices.length).toBeGreaterThan(0);
    expect(e.requests.filter((r) => r.host === "hub")).toHaveLength(0);
    expect(e.lastRequest()!.url).toBe(
      `https://router.huggingface.co/hf-inference/models/${id}/v1/chat/completions`,
    );
    // A per-call endpointUrl wins; endpointUrl with a provider is 4.x's InputError.
    const error = await rejection(client.chatCompletion({ messages, provider: "together" }));
    expect(error).toBeInstanceOf(hf.InferenceClientInputError);
    expect(error.message).toBe("Specifying both endpointUrl and provider is not supported.");
  });

  it("endpoint() calls the endpoint with the client's token", async () => {
    const e = emu();
    const { id } = modelFor("hf-inference", "conversational");
    const endpoint = new hf.InferenceClient(HUB_TOKEN, e.clientOptions).endpoint(
      `${e.routerUrl}/hf-inference/models/${id}`,
    );
    expect(endpoint).toBeInstanceOf(hf.InferenceClient);
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
      { task: "text-to-speech" },
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
    const { id } = modelFor("cerebras", "conversational");
    const out = await hf.chatCompletion({
      model: id,
      provider: "cerebras",
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

  it("fal-ai: queued images (no sync_mode, as 4.13.30), text for speech (as 4.13.30), Key auth, queue host for video", () => {
    expect(
      body("fal-ai/flux", { inputs: "a cat", parameters: { seed: 1 }, provider: "fal-ai" }, "text-to-image"),
    ).toEqual({ seed: 1, prompt: "a cat" });
    expect(body("fal-ai/diffrhythm", { inputs: "la la", provider: "fal-ai" }, "text-to-speech")).toEqual({
      text: "la la",
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

  it("conversational: model first (4.x), then the caller's keys; hf-inference keeps model last", () => {
    expect(
      Object.keys(body("m", { messages, temperature: 0.1, provider: "cerebras" }, "conversational")),
    ).toEqual(["model", "messages", "temperature"]);
    expect(
      Object.keys(body("m", { messages, temperature: 0.1, provider: "hf-inference" }, "conversational")),
    ).toEqual(["messages", "temperature", "model"]);
  });

  it("hf-inference text generation: OpenAI completions payload on models/{id}/v1/completions", () => {
    const options = makeRequestOptionsFromResolvedModel(
      "gpt2",
      { inputs: "hi", parameters: { max_new_tokens: 5, temperature: 0.5 }, provider: "hf-inference" },
      { task: "text-generation" },
    );
    expect(options.url).toBe("https://router.huggingface.co/hf-inference/models/gpt2/v1/completions");
    expect(JSON.parse(options.info.body as string)).toEqual({
      model: "gpt2",
      max_tokens: 5,
      temperature: 0.5,
      prompt: "hi",
    });
  });
});

describe("provider auto", () => {
  it("is the default; chat goes to the router's /v1/chat/completions with the model verbatim", async () => {
    const e = emu();
    const { id } = modelFor("cerebras", "conversational");
    for (const model of [id, `${id}:cerebras`, `${id}:fastest`, `${id}:cheapest`]) {
      e.clearRequests();
      const out = await hf.chatCompletion({ model, messages, accessToken: HUB_TOKEN }, e.clientOptions);
      expect(out.choices.length).toBeGreaterThan(0);
      expect(e.requests.filter((r) => r.host === "hub")).toHaveLength(0);
      const post = e.lastRequest((r) => r.method === "POST")!;
      expect(post.url).toBe("https://router.huggingface.co/v1/chat/completions");
      expect(Object.keys(post.body as object)[0]).toBe("model");
      expect((post.body as { model: string }).model).toBe(model);
    }
  });

  it("chat under auto needs a hub token (RoutingError, no request)", async () => {
    const e = emu();
    e.clearRequests();
    for (const accessToken of [PROVIDER_KEY, undefined]) {
      const error = await rejection(
        hf.chatCompletion({ model: "a/b", messages, accessToken }, e.clientOptions),
      );
      expect(error).toBeInstanceOf(hf.InferenceClientRoutingError);
      expect(error.message).toBe("Cannot select auto-router when using non-Hugging Face API key.");
    }
    expect(e.requests).toHaveLength(0);
  });

  it("other tasks take the first entry of the model's mapping", async () => {
    const e = emu();
    const { id } = modelFor("together", "text-to-image");
    e.clearRequests();
    hf.clearHubCache();
    await hf.textToImage({ model: id, inputs: "x", accessToken: HUB_TOKEN }, e.clientOptions);
    expect(e.requests.filter((r) => r.host === "hub")).toHaveLength(1);
    const mapping = (
      await (await fetch(`${e.hubUrl}/api/models/${id}?expand[]=inferenceProviderMapping`)).json()
    ).inferenceProviderMapping as Record<string, unknown>;
    const post = e.lastRequest((r) => r.method === "POST")!;
    const dropped = ["black-forest-labs", "hyperbolic", "nebius", "sambanova"];
    expect(post.provider).toBe(Object.keys(mapping).find((provider) => !dropped.includes(provider)));
  });

  it("needs a model; an unknown model is the hub's error", async () => {
    expect((await rejection(hf.textToImage({ inputs: "x" }))).message).toBe(
      "Specifying a model is required when provider is 'auto'",
    );
    const error = await rejection(
      hf.textToImage({ model: "nobody/nothing", inputs: "x" }, emu().clientOptions),
    );
    expect(error).toBeInstanceOf(hf.InferenceClientHubApiError);
  });
});

describe("outputs", () => {
  it("hf-inference refuses outputType url (InputError), gives dataUrl and json", async () => {
    const e = emu();
    const { id } = modelFor("hf-inference", "text-to-image");
    const args = { model: id, provider: "hf-inference" as const, inputs: "x", accessToken: HUB_TOKEN };
    const error = await rejection(hf.textToImage(args, { ...e.clientOptions, outputType: "url" }));
    expect(error).toBeInstanceOf(hf.InferenceClientInputError);
    expect(await hf.textToImage(args, { ...e.clientOptions, outputType: "dataUrl" })).toMatch(
      /^data:image\//,
    );
    const json = await hf.textToImage(args, { ...e.clientOptions, outputType: "json" });
    expect(typeof json).toBe("object");
  });

  it.each(["together", "fal-ai", "replicate"])(
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
    await hf.imageToImage(
      { model: id, provider: "hf-inference", inputs: image, accessToken: HUB_TOKEN },
      e.clientOptions,
    );
    let post = e.lastRequest((r) => r.method === "POST")!;
    expect(post.headers["content-type"]).not.toBe("application/json");
    expect(post.bodySize).toBe(image.size);
    await hf.imageToImage(
      {
        model: id,
        provider: "hf-inference",
        inputs: image,
        parameters: { prompt: "blue" },
        accessToken: HUB_TOKEN,
      },
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
