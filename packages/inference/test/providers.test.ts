// Every provider × every task it serves, through the router with a hub token and directly with a
// provider key, over real HTTP against the emulator. Expected URLs come from the contract's
// per-provider route table.
import { describe, expect, it } from "vitest";
import * as hf from "@hubkit/inference";
import { HUB_TOKEN, PROVIDER_KEY, modelFor, png, useEmulator, wav } from "./helpers.js";

const emu = useEmulator();

/** The real direct bases (contract §2.3). */
const DIRECT: Record<string, string> = {
  "black-forest-labs": "https://api.us1.bfl.ai",
  cerebras: "https://api.cerebras.ai",
  cohere: "https://api.cohere.com",
  "fal-ai": "https://fal.run",
  "fireworks-ai": "https://api.fireworks.ai",
  "hf-inference": "https://router.huggingface.co/hf-inference",
  hyperbolic: "https://api.hyperbolic.xyz",
  nebius: "https://api.studio.nebius.ai",
  novita: "https://api.novita.ai",
  openai: "https://api.openai.com",
  replicate: "https://api.replicate.com",
  sambanova: "https://api.sambanova.ai",
  together: "https://api.together.xyz",
};

type Check = (output: unknown) => void;
const isImage: Check = (out) => {
  expect(out).toBeInstanceOf(Blob);
  expect((out as Blob).type).toMatch(/^image\//);
  expect((out as Blob).size).toBeGreaterThan(0);
};
const isAudio: Check = (out) => {
  expect(out).toBeInstanceOf(Blob);
  expect((out as Blob).type).toMatch(/^audio\//);
};
const isVideo: Check = (out) => {
  expect(out).toBeInstanceOf(Blob);
  expect((out as Blob).type).toMatch(/^video\//);
};
const isChat: Check = (out) => {
  const chat = out as { choices: { message: { content: string } }[] };
  expect(typeof chat.choices[0].message.content).toBe("string");
};
const isGenerated: Check = (out) =>
  expect(typeof (out as { generated_text: string }).generated_text).toBe("string");
const isNonEmptyArray: Check = (out) => expect(Array.isArray(out) && out.length > 0).toBe(true);
const hasString =
  (key: string): Check =>
  (out) =>
    expect(typeof (out as Record<string, unknown>)[key]).toBe("string");

interface TaskCase {
  call: (args: Record<string, unknown>, options: hf.Options) => Promise<unknown>;
  args: () => Record<string, unknown>;
  check: Check;
}

const question = "What is shown?";
const TASKS: Record<string, TaskCase> = {
  conversational: {
    call: (a, o) => hf.chatCompletion(a as never, o),
    args: () => ({ messages: [{ role: "user", content: "Say hello" }], max_tokens: 16 }),
    check: isChat,
  },
  "text-generation": {
    call: (a, o) => hf.textGeneration(a as never, o),
    args: () => ({ inputs: "Once upon a time", parameters: { max_new_tokens: 8 } }),
    check: isGenerated,
  },
  "text-to-image": {
    call: (a, o) => hf.textToImage(a as never, o),
    args: () => ({ inputs: "a lighthouse" }),
    check: isImage,
  },
  "text-to-speech": {
    call: (a, o) => hf.textToSpeech(a as never, o),
    args: () => ({ inputs: "Hello there" }),
    check: isAudio,
  },
  "text-to-video": {
    call: (a, o) => hf.textToVideo(a as never, o),
    args: () => ({ inputs: "a cat surfing" }),
    check: isVideo,
  },
  "automatic-speech-recognition": {
    call: (a, o) => hf.automaticSpeechRecognition(a as never, o),
    args: () => ({ inputs: wav() }),
    check: hasString("text"),
  },
  "audio-classification": {
    call: (a, o) => hf.audioClassification(a as never, o),
    args: () => ({ inputs: wav() }),
    check: isNonEmptyArray,
  },
  "audio-to-audio": {
    call: (a, o) => hf.audioToAudio(a as never, o),
    args: () => ({ inputs: wav() }),
    check: isNonEmptyArray,
  },
  "image-classification": {
    call: (a, o) => hf.imageClassification(a as never, o),
    args: () => ({ inputs: png() }),
    check: isNonEmptyArray,
  },
  "image-segmentation": {
    call: (a, o) => hf.imageSegmentation(a as never, o),
    args: () => ({ inputs: png() }),
    check: isNonEmptyArray,
  },
  "image-to-image": {
    call: (a, o) => hf.imageToImage(a as never, o),
    args: () => ({ inputs: png(), parameters: { prompt: "make it blue" } }),
    check: isImage,
  },
  "image-to-text": {
    call: (a, o) => hf.imageToText(a as never, o),
    args: () => ({ inputs: png() }),
    check: hasString("generated_text"),
  },
  "object-detection": {
    call: (a, o) => hf.objectDetection(a as never, o),
    args: () => ({ inputs: png() }),
    check: isNonEmptyArray,
  },
  "zero-shot-image-classification": {
    call: (a, o) => hf.zeroShotImageClassification(a as never, o),
    args: () => ({ inputs: png(), parameters: { candidate_labels: ["cat", "dog"] } }),
    check: isNonEmptyArray,
  },
  "feature-extraction": {
    call: (a, o) => hf.featureExtraction(a as never, o),
    args: () => ({ inputs: "That is a happy person" }),
    check: isNonEmptyArray,
  },
  "fill-mask": {
    call: (a, o) => hf.fillMask(a as never, o),
    args: () => ({ inputs: "Paris is the [MASK] of France." }),
    check: isNonEmptyArray,
  },
  "question-answering": {
    call: (a, o) => hf.questionAnswering(a as never, o),
    args: () => ({
      inputs: { question: "Where do I live?", context: "My name is Sarah and I live in London" },
    }),
    check: hasString("answer"),
  },
  "sentence-similarity": {
    call: (a, o) => hf.sentenceSimilarity(a as never, o),
    args: () => ({
      inputs: {
        source_sentence: "That is a happy person",
        sentences: ["That is a happy dog", "Today is sunny"],
      },
    }),
    check: (out) => expect((out as number[]).length).toBe(2),
  },
  summarization: {
    call: (a, o) => hf.summarization(a as never, o),
    args: () => ({ inputs: "The tower is 324 metres tall, about the same height as an 81-storey building." }),
    check: hasString("summary_text"),
  },
  "table-question-answering": {
    call: (a, o) => hf.tableQuestionAnswering(a as never, o),
    // The wire format (and the emulator) use `query`, although the shared type names it `question`.
    args: () => ({
      inputs: {
        query: "How many stars?",
        table: { Repository: ["Transformers", "Datasets"], Stars: ["36542", "4512"] },
      },
    }),
    check: hasString("answer"),
  },
  "text-classification": {
    call: (a, o) => hf.textClassification(a as never, o),
    args: () => ({ inputs: "I like you. I love you" }),
    check: isNonEmptyArray,
  },
  "token-classification": {
    call: (a, o) => hf.tokenClassification(a as never, o),
    args: () => ({ inputs: "My name is Sarah and I live in London" }),
    check: isNonEmptyArray,
  },
  translation: {
    call: (a, o) => hf.translation(a as never, o),
    args: () => ({ inputs: "My name is Wolfgang and I live in Berlin" }),
    check: hasString("translation_text"),
  },
  "zero-shot-classification": {
    call: (a, o) => hf.zeroShotClassification(a as never, o),
    args: () => ({
      inputs: "I have a problem with my iphone",
      parameters: { candidate_labels: ["urgent", "phone"] },
    }),
    check: isNonEmptyArray,
  },
  "document-question-answering": {
    call: (a, o) => hf.documentQuestionAnswering(a as never, o),
    args: () => ({ inputs: { question, image: png() } }),
    check: hasString("answer"),
  },
  "visual-question-answering": {
    call: (a, o) => hf.visualQuestionAnswering(a as never, o),
    args: () => ({ inputs: { question, image: png() } }),
    check: hasString("answer"),
  },
  "tabular-classification": {
    call: (a, o) => hf.tabularClassification(a as never, o),
    args: () => ({ inputs: { data: { fixed_acidity: ["7.4", "7.8"], alcohol: ["9.4", "9.8"] } } }),
    check: (out) => expect((out as number[]).length).toBeGreaterThan(0),
  },
  "tabular-regression": {
    call: (a, o) => hf.tabularRegression(a as never, o),
    args: () => ({ inputs: { data: { Height: ["11.52", "12.48"], Width: ["4.02", "4.31"] } } }),
    check: (out) => expect((out as number[]).length).toBeGreaterThan(0),
  },
};

/** Contract §2.2: the tasks each provider serves (text-to-audio has no task function). */
const SERVED: Record<string, string[]> = {
  "black-forest-labs": ["text-to-image"],
  cerebras: ["conversational"],
  cohere: ["conversational"],
  "fal-ai": ["text-to-image", "text-to-speech", "text-to-video", "automatic-speech-recognition"],
  "fireworks-ai": ["conversational"],
  "hf-inference": Object.keys(TASKS).filter((task) => task !== "text-to-video"),
  hyperbolic: ["text-to-image", "conversational", "text-generation"],
  nebius: ["text-to-image", "conversational", "text-generation"],
  novita: ["conversational", "text-generation"],
  openai: ["conversational"],
  replicate: ["text-to-image", "text-to-speech", "text-to-video"],
  sambanova: ["conversational"],
  together: ["text-to-image", "conversational", "text-generation"],
};

/** Contract §2.3: the route each provider uses for a task, after `{router}/{provider}` or the direct base. */
function route(provider: string, task: string, model: string, viaRouter: boolean): string {
  switch (provider) {
    case "black-forest-labs":
      return `/v1/${model}`;
    case "cohere":
      return "/compatibility/v1/chat/completions";
    case "fal-ai":
      // Images and video go through fal's queue; speech and transcription are synchronous.
      return ["text-to-video", "text-to-image"].includes(task) && viaRouter
        ? `/${model}?_subdomain=queue`
        : `/${model}`;
    case "fireworks-ai":
      return "/inference/v1/chat/completions";
    case "hf-inference":
      if (task === "conversational") return `/models/${model}/v1/chat/completions`;
      if (task === "feature-extraction" || task === "sentence-similarity")
        return `/models/${model}/pipeline/${task}`;
      if (task === "text-generation") return `/models/${model}/v1/completions`;
      return `/models/${model}`;
    case "novita":
      return "/v3/openai/chat/completions";
    case "replicate":
      return model.includes(":") ? "/v1/predictions" : `/v1/models/${model}/predictions`;
    default:
      if (task === "text-to-image") return "/v1/images/generations";
      if (task === "text-generation" && (provider === "nebius" || provider === "together"))
        return "/v1/completions";
      return "/v1/chat/completions";
  }
}

/** Upstream removed these from the router (July 2026): direct calls only. */
const DROPPED = ["black-forest-labs", "hyperbolic", "nebius", "sambanova"];

const AUTH_SCHEME: Record<string, string> = { "fal-ai": "Key", "black-forest-labs": "X-Key" };
const fastPolls = { poll: { intervalMs: 5 } };

describe.each(Object.entries(SERVED))("%s", (provider, tasks) => {
  for (const task of tasks) {
    // hf-inference lives on the router whatever the token: its second mode is an anonymous call.
    // Providers the router no longer serves are called directly only (see "dropped providers").
    const modes =
      provider === "openai" || DROPPED.includes(provider)
        ? (["direct"] as const)
        : provider === "hf-inference"
          ? (["router", "anonymous"] as const)
          : (["router", "direct"] as const);
    for (const mode of modes) {
      const label = {
        router: "hub token via the router",
        direct: "provider key, direct",
        anonymous: "anonymous",
      }[mode];
      it(`${task} (${label})`, async () => {
        const e = emu();
        const { id, providerId } =
          provider === "openai"
            ? { id: "openai/gpt-4o-mini", providerId: "gpt-4o-mini" }
            : modelFor(provider, task);
        const token = mode === "router" ? HUB_TOKEN : mode === "direct" ? PROVIDER_KEY : undefined;
        const testCase = TASKS[task];
        e.clearRequests();
        const output = await testCase.call(
          { ...testCase.args(), model: id, provider, accessToken: token },
          { ...e.clientOptions, ...fastPolls },
        );
        testCase.check(output);

        const post = e.requests.find((r) => r.method === "POST");
        expect(post, "the inference POST").toBeDefined();
        const base = mode !== "direct" ? `https://router.huggingface.co/${provider}` : DIRECT[provider];
        const expectedBase =
          provider === "fal-ai" && ["text-to-video", "text-to-image"].includes(task) && mode === "direct"
            ? "https://queue.fal.run"
            : base;
        expect(post!.url).toBe(expectedBase + route(provider, task, providerId, mode !== "direct"));
        const scheme = mode === "direct" ? (AUTH_SCHEME[provider] ?? "Bearer") : "Bearer";
        expect(post!.headers.authorization).toBe(token ? `${scheme} ${token}` : undefined);
        expect(post!.headers["user-agent"]).toMatch(/^@hubkit\/inference\/\d+\.\d+\.\d+/);

        // The mapping is read at most once per call (never for openai, whose models are named
        // directly), with a Bearer only for hub tokens.
        const hubCalls = e.requests.filter((r) => r.host === "hub");
        if (provider === "openai") expect(hubCalls).toHaveLength(0);
        expect(hubCalls.length).toBeLessThanOrEqual(1);
        for (const call of hubCalls) {
          expect(call.headers.authorization).toBe(mode === "router" ? `Bearer ${HUB_TOKEN}` : undefined);
        }
        expect(e.tokenLeaks).toEqual([]);
      });
    }
  }
});

describe("dropped providers", () => {
  it.each(DROPPED)(
    "%s through the router fails fast with 4.x's unknown-provider InputError",
    async (provider) => {
      const e = emu();
      e.clearRequests();
      for (const accessToken of [HUB_TOKEN, undefined]) {
        const error = await hf
          .chatCompletion(
            {
              model: "any/model",
              provider: provider as never,
              messages: [{ role: "user", content: "hi" }],
              accessToken,
            },
            e.clientOptions,
          )
          .then(
            () => undefined,
            (err: unknown) => err,
          );
        expect(error).toBeInstanceOf(hf.InferenceClientInputError);
        expect((error as Error).message).toBe(
          `Provider '${provider}' not supported. Available providers: baseten,cerebras,cohere,deepinfra,fal-ai,featherless-ai,fireworks-ai,groq,hf-inference,novita,nscale,openai,ovhcloud,publicai,replicate,scaleway,together,wavespeed,zai-org`,
        );
      }
      expect(e.requests).toHaveLength(0);
    },
  );
});
