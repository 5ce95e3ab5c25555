// A hub token never reaches a non-hub host, and no token appears in an error, a log line or a
// thrown object's enumerable fields — for every provider and auth mode.
import { describe, expect, it } from "vitest";
import {
  InferenceClient,
  getProviderHelper,
  makeRequestOptionsFromResolvedModel,
  chatCompletion,
  fillMask,
  textGeneration,
  textToImage,
  textToSpeech,
  textToVideo,
  type InferenceProvider,
} from "@hubkit/inference";
import { InferenceClientInputError } from "../src/errors.js";
import { isHubHost, isSafeForToken } from "../src/config.js";
import {
  HUB_TOKEN,
  PROVIDER_KEY,
  expectEchoedTokenRedacted,
  modelFor,
  recordingLogger,
  rejection,
  useEmulator,
} from "./helpers.js";

const emu = useEmulator();
const messages = [{ role: "user", content: "hi" }];

/** A chat call to `provider` (the new providers' other tasks: providers-new.test.ts). */
const chatWith = (provider: InferenceProvider) => (t: string, o: object) =>
  chatCompletion({ model: modelFor(provider, "conversational").id, provider, messages, accessToken: t }, o);

/** One representative task call per provider. */
const CALLS: Record<InferenceProvider, (token: string, options: object) => Promise<unknown>> = {
  baseten: chatWith("baseten"),
  deepinfra: chatWith("deepinfra"),
  "featherless-ai": chatWith("featherless-ai"),
  groq: chatWith("groq"),
  nscale: (t, o) =>
    textToImage(
      { model: modelFor("nscale", "text-to-image").id, provider: "nscale", inputs: "x", accessToken: t },
      o,
    ),
  ovhcloud: chatWith("ovhcloud"),
  publicai: chatWith("publicai"),
  scaleway: chatWith("scaleway"),
  wavespeed: (t, o) =>
    textToVideo(
      {
        model: modelFor("wavespeed", "text-to-video").id,
        provider: "wavespeed",
        inputs: "x",
        accessToken: t,
      },
      o,
    ),
  "zai-org": (t, o) =>
    textToImage(
      { model: modelFor("zai-org", "text-to-image").id, provider: "zai-org", inputs: "x", accessToken: t },
      o,
    ),
  "black-forest-labs": (t, o) =>
    textToImage(
      {
        model: modelFor("black-forest-labs", "text-to-image").id,
        provider: "black-forest-labs",
        inputs: "x",
        accessToken: t,
      },
      o,
    ),
  cerebras: (t, o) =>
    chatCompletion(
      { model: modelFor("cerebras", "conversational").id, provider: "cerebras", messages, accessToken: t },
      o,
    ),
  cohere: (t, o) =>
    chatCompletion(
      { model: modelFor("cohere", "conversational").id, provider: "cohere", messages, accessToken: t },
      o,
    ),
  "fal-ai": (t, o) =>
    textToVideo(
      { model: modelFor("fal-ai", "text-to-video").id, provider: "fal-ai", inputs: "x", accessToken: t },
      o,
    ),
  "fireworks-ai": (t, o) =>
    chatCompletion(
      {
        model: modelFor("fireworks-ai", "conversational").id,
        provider: "fireworks-ai",
        messages,
        accessToken: t,
      },
      o,
    ),
  "hf-inference": (t, o) =>
    fillMask(
      {
        model: modelFor("hf-inference", "fill-mask").id,
        provider: "hf-inference",
        inputs: "Paris is the [MASK] of France.",
        accessToken: t,
      },
      o,
    ),
  hyperbolic: (t, o) =>
    textGeneration(
      {
        model: modelFor("hyperbolic", "text-generation").id,
        provider: "hyperbolic",
        inputs: "x",
        accessToken: t,
      },
      o,
    ),
  nebius: (t, o) =>
    textToImage(
      { model: modelFor("nebius", "text-to-image").id, provider: "nebius", inputs: "x", accessToken: t },
      o,
    ),
  novita: (t, o) =>
    chatCompletion(
      { model: modelFor("novita", "conversational").id, provider: "novita", messages, accessToken: t },
      o,
    ),
  openai: (t, o) =>
    chatCompletion({ model: "openai/gpt-4o-mini", provider: "openai", messages, accessToken: t }, o),
  replicate: (t, o) =>
    textToSpeech(
      {
        model: modelFor("replicate", "text-to-speech").id,
        provider: "replicate",
        inputs: "x",
        accessToken: t,
      },
      o,
    ),
  sambanova: (t, o) =>
    chatCompletion(
      { model: modelFor("sambanova", "conversational").id, provider: "sambanova", messages, accessToken: t },
      o,
    ),
  together: (t, o) =>
    textToImage(
      { model: modelFor("together", "text-to-image").id, provider: "together", inputs: "x", accessToken: t },
      o,
    ),
};

describe.each(Object.keys(CALLS) as InferenceProvider[])("%s", (provider) => {
  // openai takes only its own keys; hf-inference (on the router) only hub tokens.
  // Providers the router no longer serves take only their own keys too.
  const tokens =
    provider === "openai" || ["black-forest-labs", "hyperbolic", "nebius", "sambanova"].includes(provider)
      ? [PROVIDER_KEY]
      : provider === "hf-inference"
        ? [HUB_TOKEN]
        : [HUB_TOKEN, PROVIDER_KEY];
  it.each(tokens)("keeps the token %s to itself on success and on failure", async (token) => {
    const e = emu();
    const logger = recordingLogger();
    const options = { ...e.clientOptions, logger, poll: { intervalMs: 5 } };
    e.clearRequests();
    await CALLS[provider](token, options);
    // Hub tokens only ever go to the hub and the router; nothing else carries any credential
    // except the provider's own host.
    expect(e.tokenLeaks).toEqual([]);
    for (const request of e.requests) {
      if (request.headers.authorization?.includes(token)) {
        expect(token === HUB_TOKEN ? ["hub", "router"] : [provider, "fal-ai-queue", "router"]).toContain(
          request.host,
        );
      }
    }

    // The server echoes the token back in its error: the client must not repeat it.
    await expectEchoedTokenRedacted(
      e,
      token,
      () => CALLS[provider](token, { ...options, retry_on_error: false }),
      logger,
    );
  });
});

describe("hub token and foreign hosts", () => {
  it("sends the hub token to an endpointUrl the caller chose, whatever its host (as 4.x)", async () => {
    const e = emu();
    e.clearRequests();
    const chosen = `${e.providerUrls.together}/v1`; // an OpenAI-compatible server that is not the hub
    // The caller named this endpoint: it gets the token it was given (the server then refuses it).
    await rejection(
      chatCompletion(
        { endpointUrl: chosen, model: "any", messages, accessToken: HUB_TOKEN },
        e.clientOptions,
      ),
    );
    expect(e.lastRequest()?.headers.authorization).toBe(`Bearer ${HUB_TOKEN}`);
  });

  it("refuses an endpointUrl with a user name or password, before any request (issue 34)", async () => {
    const e = emu();
    e.clearRequests();
    for (const endpointUrl of [
      "https://huggingface.co@evil.example/v1",
      "https://user:secret@evil.example/v1",
      `${e.providerUrls.together.replace("http://", "http://huggingface.co@")}/v1`,
    ]) {
      const error = await rejection(
        chatCompletion({ endpointUrl, model: "any", messages, accessToken: HUB_TOKEN }, e.clientOptions),
      );
      expect(error).toBeInstanceOf(InferenceClientInputError);
      expect((error as Error).message).toMatch(/endpointUrl must not contain a user name or password/);
      expect((error as Error).message).not.toContain("secret");
    }
    expect(e.requests).toHaveLength(0);
  });

  it("sends a hub token over cleartext http only to this machine (issue 34)", () => {
    const logger = recordingLogger();
    const helper = getProviderHelper("hf-inference", "conversational");
    const headersFor = (endpointUrl: string) =>
      makeRequestOptionsFromResolvedModel(
        "m",
        helper,
        { endpointUrl, messages, accessToken: HUB_TOKEN } as never,
        undefined,
        { task: "conversational", logger },
      ).info.headers as Record<string, string>;
    expect(headersFor("https://my-endpoint.example/v1").Authorization).toBe(`Bearer ${HUB_TOKEN}`);
    expect(headersFor("http://127.0.0.1:8080/v1").Authorization).toBe(`Bearer ${HUB_TOKEN}`);
    expect(headersFor("http://localhost:8080/v1").Authorization).toBe(`Bearer ${HUB_TOKEN}`);
    expect(headersFor("http://[::1]:8080/v1").Authorization).toBe(`Bearer ${HUB_TOKEN}`);
    expect(headersFor("http://my-endpoint.example/v1").Authorization).toBeUndefined();
    expect(headersFor("http://10.0.0.5:8080/v1").Authorization).toBeUndefined();
    expect(
      logger.lines.filter((l) => l.level === "warn" && l.message.includes("over cleartext http")),
    ).toHaveLength(2);
    expect(logger.lines.map((l) => l.message).join("\n")).not.toContain(HUB_TOKEN);
    // and the hub itself, configured at a cleartext address elsewhere
    expect(isSafeForToken("http://hub.internal:5173/api/models/x")).toBe(false);
    expect(isSafeForToken("http://127.0.0.1:5173/api/models/x")).toBe(true);
  });

  it("treats only the configured hub and router and https huggingface.co hosts as hub hosts (issue 15)", () => {
    const options = { hubUrl: "http://127.0.0.1:5000", routerUrl: "http://127.0.0.1:5001/router" };
    expect(isHubHost("https://huggingface.co/api/models", options)).toBe(true);
    expect(isHubHost("https://router.huggingface.co/v1/chat/completions", options)).toBe(true);
    expect(isHubHost("http://127.0.0.1:5000/api/tasks", options)).toBe(true);
    expect(isHubHost("http://127.0.0.1:5001/router/v1/chat/completions", options)).toBe(true);
    // Anyone can create a Space or an endpoint: never a hub host.
    expect(isHubHost("https://someone-app.hf.space/v1/chat/completions", options)).toBe(false);
    expect(isHubHost("https://abc.us-east-1.aws.endpoints.huggingface.cloud", options)).toBe(false);
    expect(isHubHost("https://huggingface.co.evil.example/x", options)).toBe(false);
    expect(isHubHost("http://huggingface.co/x", options)).toBe(false);
    expect(isHubHost("http://127.0.0.1:5002/x", options)).toBe(false);
  });

  it("does not send a hub token to a non-hub host nobody chose (a redirected router base is chosen)", () => {
    // A request built for a host that is not a hub host and not the caller's endpoint: no token.
    const logger = recordingLogger();
    const helper = getProviderHelper("together", "conversational");
    const { info } = makeRequestOptionsFromResolvedModel(
      "m",
      { ...helper, makeUrl: () => "https://someone-app.hf.space/v1/chat/completions" },
      { messages, provider: "together", accessToken: HUB_TOKEN } as never,
      undefined,
      { task: "conversational", logger },
    );
    expect((info.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(
      logger.lines.some((l) => l.level === "warn" && l.message.includes("Not sending the hub token")),
    ).toBe(true);
  });

  it("sends a hub token to an endpoint on the router", async () => {
    const e = emu();
    const { id } = modelFor("hf-inference", "conversational");
    await chatCompletion(
      { endpointUrl: `${e.routerUrl}/hf-inference/models/${id}`, messages, accessToken: HUB_TOKEN },
      e.clientOptions,
    );
    expect(e.lastRequest()?.headers.authorization).toBe(`Bearer ${HUB_TOKEN}`);
  });

  it("sends no Authorization header at all for anonymous calls", async () => {
    const e = emu();
    e.clearRequests();
    await fillMask(
      {
        model: modelFor("hf-inference", "fill-mask").id,
        provider: "hf-inference",
        inputs: "Paris is the [MASK] of France.",
      },
      e.clientOptions,
    );
    expect(e.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it("the client does not expose its token through enumerable fields", () => {
    const client = new InferenceClient(HUB_TOKEN);
    expect(JSON.stringify(client)).not.toContain(HUB_TOKEN);
    expect(Object.keys(client)).not.toContain("accessToken");
  });
});
