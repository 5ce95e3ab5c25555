// Every validation rule and error text of the contract, and the typed error classes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODELS } from "@hubkit/emulator";
import {
  HARDCODED_MODEL_ID_MAPPING,
  InferenceClientHubApiError,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  InferenceOutputError,
  automaticSpeechRecognition,
  chatCompletion,
  clearHubCache,
  fillMask,
  imageClassification,
  questionAnswering,
  request,
  textClassification,
  textGeneration,
  textToImage,
  translation,
} from "@hubkit/inference";
import {
  HUB_TOKEN,
  PROVIDER_KEY,
  modelFor,
  png,
  recordingLogger,
  rejection,
  useEmulator,
  wav,
} from "./helpers.js";

const emu = useEmulator();
const chatArgs = { messages: [{ role: "user", content: "hi" }] };
const FAULTS = ["error-json", "error-detail", "error-text", "error-blob"].map(
  (name) => `hubkit-faults/${name}`,
);
// "m" and the fault models are mapped in code for hf-inference: no hub lookup, any task.
beforeAll(() => {
  for (const model of ["m", ...FAULTS]) HARDCODED_MODEL_ID_MAPPING["hf-inference"][model] = model;
});
afterAll(() => {
  for (const model of ["m", ...FAULTS]) delete HARDCODED_MODEL_ID_MAPPING["hf-inference"][model];
});

describe("argument validation (no request sent)", () => {
  it("rejects an unknown provider, listing the providers", async () => {
    const error = await rejection(chatCompletion({ ...chatArgs, model: "m", provider: "nope" as never }));
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(
      "Provider 'nope' not supported. Available providers: baseten,black-forest-labs,cerebras,cohere,deepinfra,fal-ai,featherless-ai,fireworks-ai,groq,hf-inference,hyperbolic,nebius,novita,nscale,openai,ovhcloud,publicai,replicate,sambanova,scaleway,together,wavespeed,zai-org",
    );
  });

  it("rejects a task the provider does not serve, listing its tasks", async () => {
    const error = await rejection(fillMask({ inputs: "x", model: "m", provider: "together" }));
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(
      "Task 'fill-mask' not supported for provider 'together'. Available tasks: text-to-image,image-to-image,text-to-video,image-to-video,conversational,text-generation,feature-extraction,text-to-speech,automatic-speech-recognition",
    );
  });

  it("rejects chat on a provider without a chat route, listing its tasks", async () => {
    // The chat path reads only the task lists of such providers (conversationalRefusals).
    const error = await rejection(chatCompletion({ ...chatArgs, model: "m", provider: "wavespeed" }));
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(
      "Task 'conversational' not supported for provider 'wavespeed'. Available tasks: text-to-image,text-to-video,image-to-image,image-to-video,image-text-to-image,image-text-to-video",
    );
  });

  it("requires a task for an external provider in request()", async () => {
    const error = await rejection(request({ inputs: "x", model: "m", provider: "together" }));
    expect(error.message).toBe(
      "you need to provide a task name when using an external provider, e.g. 'text-to-image'",
    );
  });

  it("requires a model or a task", async () => {
    const error = await rejection(request({ inputs: "x", provider: "hf-inference" }));
    expect(error.message).toBe("No model provided, and no task has been specified.");
  });

  it("requires a model under auto (the default provider) for tasks other than chat", async () => {
    const error = await rejection(fillMask({ inputs: "x" }));
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe("Specifying a model is required when provider is 'auto'");
  });

  it("rejects endpointUrl with a third-party provider", async () => {
    const error = await rejection(
      chatCompletion({ ...chatArgs, model: "m", provider: "together", endpointUrl: "https://x.example" }),
    );
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe("Specifying both endpointUrl and provider is not supported.");
  });

  it.each(["https://example.com/model", "http://host/model", "/local/path"])(
    "rejects the model URL %s",
    async (model) => {
      const error = await rejection(fillMask({ inputs: "x", model }));
      expect(error.message).toBe("Model URLs are no longer supported. Use endpointUrl instead.");
    },
  );

  it("openai needs a model, the openai/ prefix, and no hub token", async () => {
    expect((await rejection(chatCompletion({ ...chatArgs, provider: "openai" }))).message).toBe(
      "Provider openai requires a model ID to be passed directly.",
    );
    expect(
      (await rejection(chatCompletion({ ...chatArgs, provider: "openai", model: "gpt-4o" }))).message,
    ).toBe('Models from openai must be prefixed by "openai/". Got "gpt-4o".');
    expect(
      (
        await rejection(
          chatCompletion({ ...chatArgs, provider: "openai", model: "openai/gpt-4o", accessToken: HUB_TOKEN }),
        )
      ).message,
    ).toBe("Provider openai is closed-source and does not support HF tokens.");
    expect(
      await rejection(
        chatCompletion({ ...chatArgs, provider: "openai", model: "openai/gpt-4o", accessToken: HUB_TOKEN }),
      ),
    ).toBeInstanceOf(InferenceClientInputError);
  });

  it("fal-ai speech recognition accepts only its audio types", async () => {
    HARDCODED_MODEL_ID_MAPPING["fal-ai"]["test/asr"] = "fal-ai/whisper";
    try {
      const untyped = await rejection(
        automaticSpeechRecognition({
          inputs: new Blob([new Uint8Array(4)]),
          model: "test/asr",
          provider: "fal-ai",
        }),
      );
      expect(untyped.message).toBe(
        "Unable to determine the input's content-type. Make sure your are passing a Blob when using provider fal-ai.",
      );
      const ogg = await rejection(
        automaticSpeechRecognition({
          inputs: new Blob([new Uint8Array(4)], { type: "audio/ogg" }),
          model: "test/asr",
          provider: "fal-ai",
        }),
      );
      expect(ogg.message).toBe(
        "Provider fal-ai does not support blob type audio/ogg - supported content types are: audio/mpeg, audio/mp3, audio/wav, audio/wave, audio/x-wav, audio/webm, video/webm",
      );
    } finally {
      delete HARDCODED_MODEL_ID_MAPPING["fal-ai"]["test/asr"];
    }
  });

  it("rejects a non-positive timeout", async () => {
    const error = await rejection(fillMask({ inputs: "x", model: "m" }, { timeout: -1 }));
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toContain("timeout");
  });
});

describe("hub mapping errors", () => {
  it("says when the hub has no provider information", async () => {
    const error = await rejection(
      chatCompletion(
        { ...chatArgs, model: "nobody/unknown-model", provider: "together" },
        emu().clientOptions,
      ),
    );
    // As 4.x: the hub's 404 is a HubApiError carrying the hub's own message.
    expect(error).toBeInstanceOf(InferenceClientHubApiError);
    expect(error.message).toMatch(
      /^Failed to fetch inference provider mapping for model nobody\/unknown-model: .+/,
    );
    expect((error as InferenceClientHubApiError).httpResponse.status).toBe(404);
  });

  it("names the supported task when the model is mapped for another one", async () => {
    const { id } = modelFor("together", "text-to-image");
    const error = await rejection(
      chatCompletion({ ...chatArgs, model: id, provider: "together" }, emu().clientOptions),
    );
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(
      `Model ${id} is not supported for task conversational and provider together. Supported task: text-to-image.`,
    );
  });

  it("says when the provider is not in the model's mapping", async () => {
    const id = MODELS.find(
      (m) => m.inferenceProviderMapping.cohere && !m.inferenceProviderMapping.cerebras,
    )!.id;
    const error = await rejection(
      chatCompletion({ ...chatArgs, model: id, provider: "cerebras" }, emu().clientOptions),
    );
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(
      `We have not been able to find inference provider information for model ${id}.`,
    );
  });

  it("warns about staging models through the logger", async () => {
    const { id } = modelFor("nebius", "conversational", "staging");
    const logger = recordingLogger();
    await chatCompletion(
      { ...chatArgs, model: id, provider: "nebius", accessToken: PROVIDER_KEY },
      { ...emu().clientOptions, logger },
    );
    expect(logger.lines).toContainEqual({
      level: "warn",
      message: `Model ${id} is in staging mode for provider nebius. Meant for test purposes only.`,
    });
  });

  it("prefers HARDCODED_MODEL_ID_MAPPING, read at call time, over the hub", async () => {
    const e = emu();
    const { id, providerId } = modelFor("together", "conversational");
    HARDCODED_MODEL_ID_MAPPING.together["my-org/alias"] = providerId;
    try {
      e.clearRequests();
      await chatCompletion(
        { ...chatArgs, model: "my-org/alias", provider: "together", accessToken: PROVIDER_KEY },
        e.clientOptions,
      );
      expect(e.requests.filter((r) => r.host === "hub")).toHaveLength(0);
      expect(e.lastRequest()?.body).toMatchObject({ model: providerId });
    } finally {
      delete HARDCODED_MODEL_ID_MAPPING.together["my-org/alias"];
    }
    expect(id).toBeTruthy();
  });

  it("caches the mapping: one hub call for repeated calls", async () => {
    const e = emu();
    clearHubCache();
    e.clearRequests();
    const { id } = modelFor("cerebras", "conversational");
    for (let i = 0; i < 3; i++) {
      await chatCompletion(
        { ...chatArgs, model: id, provider: "cerebras", accessToken: HUB_TOKEN },
        e.clientOptions,
      );
    }
    expect(e.requests.filter((r) => r.host === "hub")).toHaveLength(1);
  });
});

describe("default model per task", () => {
  it("uses the first model the hub lists for the task", async () => {
    const e = emu();
    clearHubCache();
    e.clearRequests();
    const result = await textClassification(
      { inputs: "great movie", provider: "hf-inference" },
      e.clientOptions,
    );
    expect(result.length).toBeGreaterThan(0);
    const tasks = (await (await fetch(`${e.hubUrl}/api/tasks`)).json()) as Record<
      string,
      { models: { id: string }[] }
    >;
    const post = e.requests.find((r) => r.method === "POST");
    expect(post?.url).toBe(
      `https://router.huggingface.co/hf-inference/models/${tasks["text-classification"].models[0].id}`,
    );
  });

  it("fails clearly when the task list cannot be loaded", async () => {
    const e = emu();
    clearHubCache();
    const fault = e.fault({
      match: { host: "hub", path: "/api/tasks" },
      status: 500,
      body: { error: "down" },
    });
    try {
      const error = await rejection(
        textClassification({ inputs: "x", provider: "hf-inference" }, e.clientOptions),
      );
      expect(error).toBeInstanceOf(InferenceClientHubApiError);
      expect(error.message).toBe("Failed to load tasks definitions from Hugging Face Hub.");
    } finally {
      fault.remove();
      clearHubCache();
    }
  });

  it("fails clearly when the task has no default model", async () => {
    const e = emu();
    clearHubCache();
    const fault = e.fault({ match: { host: "hub", path: "/api/tasks" }, status: 200, body: {} });
    try {
      const error = await rejection(
        textClassification({ inputs: "x", provider: "hf-inference" }, e.clientOptions),
      );
      expect(error.message).toBe(
        "No default model defined for task text-classification, please define the model explicitly.",
      );
    } finally {
      fault.remove();
      clearHubCache();
    }
  });
});

describe("HTTP errors", () => {
  const call = (model: string) =>
    fillMask(
      { inputs: "x", model, provider: "hf-inference", accessToken: HUB_TOKEN },
      { ...emu().clientOptions, retry_on_error: false },
    );

  it("uses a JSON error field, quoted as JSON", async () => {
    const error = await rejection(call("hubkit-faults/error-json"));
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toBe(
      "Failed to perform inference: Internal error: the emulated backend failed on purpose",
    );
    expect((error as InferenceClientProviderApiError).httpResponse.status).toBe(500);
    expect((error as InferenceClientProviderApiError).httpResponse.body).toEqual({
      error: "Internal error: the emulated backend failed on purpose",
    });
  });

  it("uses a JSON detail field", async () => {
    const error = await rejection(call("hubkit-faults/error-detail"));
    expect(error.message).toBe(
      "Failed to perform inference: Unprocessable input: the emulated backend rejects every call",
    );
  });

  it("uses a plain-text body", async () => {
    const error = await rejection(call("hubkit-faults/error-text"));
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.message).toMatch(/^Failed to perform inference: .+/);
    expect(error.message).not.toContain("an HTTP error occurred");
  });

  it("falls back to the generic message for other content types", async () => {
    const error = await rejection(call("hubkit-faults/error-blob"));
    expect(error.message).toBe(
      "Failed to perform inference: an HTTP error occurred when requesting the provider",
    );
  });

  it("carries status, request id and the request with the credential redacted", async () => {
    const error = (await rejection(call("hubkit-faults/error-json"))) as InferenceClientProviderApiError;
    expect(error.httpRequest.url).toBe(`${emu().routerUrl}/hf-inference/models/hubkit-faults/error-json`);
    expect(error.httpRequest.method).toBe("POST");
    expect(error.httpRequest.headers?.Authorization).toBe("Bearer [redacted]");
    expect(error.httpRequest.body).toEqual({ inputs: "x" });
    expect(error.httpResponse.requestId).toMatch(/^emu-router-\d+$/);
    expect(JSON.stringify(error)).not.toContain(HUB_TOKEN);
  });

  it("reports chat-completion failures as 4.13.30 does", async () => {
    const error = await rejection(
      chatCompletion(
        { ...chatArgs, model: "hubkit-faults/error-openai", accessToken: HUB_TOKEN },
        emu().clientOptions,
      ),
    );
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toBe(
      // 4.13.30 never uses its chat-specific text; an OpenAI-style error object gives the generic one.
      "Failed to perform inference: an HTTP error occurred when requesting the provider.",
    );
  });
});

describe("output shape checks", () => {
  const withReply = async (body: unknown, run: () => Promise<unknown>) => {
    const fault = emu().fault({ match: { host: "router" }, status: 200, body, times: 1 });
    try {
      return await rejection(run());
    } finally {
      fault.remove();
    }
  };
  const opts = () => emu().clientOptions;
  const cases: [string, unknown, () => Promise<unknown>, string][] = [
    [
      "fillMask",
      [{ score: "x" }],
      () => fillMask({ inputs: "x", model: "m", provider: "hf-inference" }, opts()),
      "Expected Array<{score: number, sequence: string, token: number, token_str: string}>",
    ],
    [
      "questionAnswering",
      { answer: 1 },
      () =>
        questionAnswering(
          { inputs: { question: "q", context: "c" }, model: "m", provider: "hf-inference" },
          opts(),
        ),
      "Expected Array<{answer: string, end: number, score: number, start: number}>",
    ],
    [
      "translation",
      [{}],
      () => translation({ inputs: "x", model: "m", provider: "hf-inference" }, opts()),
      "Expected Array<{translation_text: string}>",
    ],
    [
      "textGeneration",
      [{ text: "x" }],
      () => textGeneration({ inputs: "x", model: "m", provider: "hf-inference" }, opts()),
      "Received malformed response from HF-Inference text generation API: expected {choices: [{text: string}]}",
    ],
    [
      "imageClassification",
      [{ label: 1 }],
      () => imageClassification({ inputs: png(), model: "m", provider: "hf-inference" }, opts()),
      "Expected Array<{label: string, score: number}>",
    ],
    [
      "automaticSpeechRecognition",
      { words: [] },
      () => automaticSpeechRecognition({ inputs: wav(), model: "m", provider: "hf-inference" }, opts()),
      "Expected {text: string}",
    ],
    [
      "textToImage",
      { nothing: true },
      () => textToImage({ inputs: "x", model: "m", provider: "hf-inference" }, opts()),
      "Received malformed response from HF-Inference text-to-image API: expected a Blob",
    ],
  ];
  it.each(cases)("%s", async (_name, body, run, expected) => {
    const error = await withReply(body, run);
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error).toBeInstanceOf(InferenceOutputError);
    expect(error.name).toBe("ProviderOutputError");
    expect(error.message).toBe(expected);
  });

  it("checks chat outputs of third-party providers", async () => {
    const { id } = modelFor("together", "conversational");
    const error = await withReply({ choices: "nope" }, () =>
      chatCompletion({ ...chatArgs, model: id, provider: "together", accessToken: HUB_TOKEN }, opts()),
    );
    expect(error.message).toBe("Expected ChatCompletionOutput");
  });

  it("textClassification accepts both nested and flat replies", async () => {
    const e = emu();
    for (const body of [[[{ label: "POSITIVE", score: 0.9 }]], [{ label: "POSITIVE", score: 0.9 }]]) {
      const fault = e.fault({ match: { host: "router" }, status: 200, body, times: 1 });
      try {
        expect(
          await textClassification({ inputs: "x", model: "m", provider: "hf-inference" }, e.clientOptions),
        ).toEqual([{ label: "POSITIVE", score: 0.9 }]);
      } finally {
        fault.remove();
      }
    }
  });
});

describe("shared mapping lookups", () => {
  it("one caller's abort does not fail another caller waiting on the same lookup", async () => {
    const e = emu();
    clearHubCache();
    const { id } = modelFor("cerebras", "conversational");
    const fault = e.fault({ match: { host: "hub" }, delayMs: 200, times: 1 });
    try {
      const controller = new AbortController();
      const aborted = chatCompletion(
        { ...chatArgs, model: id, provider: "cerebras", accessToken: HUB_TOKEN },
        { ...e.clientOptions, signal: controller.signal },
      );
      const patient = chatCompletion(
        { ...chatArgs, model: id, provider: "cerebras", accessToken: HUB_TOKEN },
        e.clientOptions,
      );
      setTimeout(() => controller.abort(), 50);
      expect((await rejection(aborted)).name).toBe("AbortError");
      expect((await patient).choices.length).toBeGreaterThan(0);
    } finally {
      fault.remove();
    }
  });
});
