// Every task's output-shape check, on hf-inference and on each third-party provider's parser:
// the emulator answers 200 with a body of the wrong shape, and the client must say what it expected.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as hf from "@hubkit/inference";
import { HUB_TOKEN, PROVIDER_KEY, modelFor, png, rejection, useEmulator, wav } from "./helpers.js";

const emu = useEmulator();
const WRONG = { unexpected: true };
const opts = () => ({ ...emu().clientOptions, poll: { intervalMs: 5 } });
// "m" is mapped in code (no hub lookup), so every case reaches hf-inference's route.
const hfArgs = { model: "m", provider: "hf-inference" as const, accessToken: HUB_TOKEN };
beforeAll(() => {
  hf.HARDCODED_MODEL_ID_MAPPING["hf-inference"].m = "m";
});
afterAll(() => {
  delete hf.HARDCODED_MODEL_ID_MAPPING["hf-inference"].m;
});

type Case = [
  name: string,
  call: () => Promise<unknown>,
  expected: string,
  body?: unknown,
  contentType?: string,
];

const HF_INFERENCE: Case[] = [
  [
    "audioClassification",
    () => hf.audioClassification({ ...hfArgs, inputs: wav() }, opts()),
    "Expected Array<{label: string, score: number}> but received different format",
  ],
  [
    "audioToAudio (not an array)",
    () => hf.audioToAudio({ ...hfArgs, inputs: wav() }, opts()),
    "Expected Array",
  ],
  [
    "audioToAudio (bad items)",
    () => hf.audioToAudio({ ...hfArgs, inputs: wav() }, opts()),
    "Expected Array<{label: string, audio: Blob}>",
    [{ label: "x" }],
  ],
  [
    "automaticSpeechRecognition",
    () => hf.automaticSpeechRecognition({ ...hfArgs, inputs: wav() }, opts()),
    "Expected {text: string}",
  ],
  [
    "imageClassification",
    () => hf.imageClassification({ ...hfArgs, inputs: png() }, opts()),
    "Expected Array<{label: string, score: number}>",
  ],
  [
    "imageSegmentation",
    () => hf.imageSegmentation({ ...hfArgs, inputs: png() }, opts()),
    "Expected Array<{label: string, mask: string, score: number}>",
  ],
  ["imageToImage", () => hf.imageToImage({ ...hfArgs, inputs: png() }, opts()), "Expected Blob"],
  [
    "imageToText",
    () => hf.imageToText({ ...hfArgs, inputs: png() }, opts()),
    "Expected {generated_text: string}",
  ],
  [
    "objectDetection",
    () => hf.objectDetection({ ...hfArgs, inputs: png() }, opts()),
    "Expected Array<{label: string, score: number, box: {xmin: number, ymin: number, xmax: number, ymax: number}}>",
    [{ label: "cat", score: 1, box: { xmin: 1 } }],
  ],
  [
    "textToImage (empty)",
    () => hf.textToImage({ ...hfArgs, inputs: "x" }, opts()),
    "Received malformed response from HF-Inference text-to-image API: response is undefined",
    "null",
    "application/json",
  ],
  [
    "zeroShotImageClassification",
    () =>
      hf.zeroShotImageClassification(
        { ...hfArgs, inputs: png(), parameters: { candidate_labels: ["a"] } },
        opts(),
      ),
    "Expected Array<{label: string, score: number}>",
  ],
  [
    "featureExtraction",
    () => hf.featureExtraction({ ...hfArgs, inputs: "x" }, opts()),
    "Expected Array<number[][][] | number[][] | number[] | number>",
    [[[[["too deep"]]]]],
  ],
  [
    "fillMask",
    () => hf.fillMask({ ...hfArgs, inputs: "x" }, opts()),
    "Expected Array<{score: number, sequence: string, token: number, token_str: string}>",
  ],
  [
    "questionAnswering",
    () => hf.questionAnswering({ ...hfArgs, inputs: { question: "q", context: "c" } }, opts()),
    "Expected Array<{answer: string, end: number, score: number, start: number}>",
  ],
  [
    "sentenceSimilarity",
    () => hf.sentenceSimilarity({ ...hfArgs, inputs: { source_sentence: "a", sentences: ["b"] } }, opts()),
    "Expected Array<number>",
  ],
  [
    "summarization",
    () => hf.summarization({ ...hfArgs, inputs: "x" }, opts()),
    "Expected Array<{summary_text: string}>",
  ],
  [
    "tableQuestionAnswering",
    () => hf.tableQuestionAnswering({ ...hfArgs, inputs: { question: "q", table: { a: ["1"] } } }, opts()),
    "Expected {aggregator: string, answer: string, cells: string[], coordinates: number[][]}",
  ],
  [
    "textClassification",
    () => hf.textClassification({ ...hfArgs, inputs: "x" }, opts()),
    "Expected Array<{label: string, score: number}>",
  ],
  [
    "textGeneration",
    () => hf.textGeneration({ ...hfArgs, inputs: "x" }, opts()),
    "Received malformed response from HF-Inference text generation API: expected {choices: [{text: string}]}",
  ],
  [
    "tokenClassification",
    () => hf.tokenClassification({ ...hfArgs, inputs: "x" }, opts()),
    "Expected Array<{end: number, entity_group: string, score: number, start: number, word: string}>",
  ],
  [
    "translation",
    () => hf.translation({ ...hfArgs, inputs: "x" }, opts()),
    "Expected Array<{translation_text: string}>",
  ],
  [
    "zeroShotClassification",
    () =>
      hf.zeroShotClassification({ ...hfArgs, inputs: "x", parameters: { candidate_labels: ["a"] } }, opts()),
    "Received malformed response from HF-Inference zero-shot-classification API: expected Array<{label: string, score: number}>",
  ],
  [
    "documentQuestionAnswering",
    () => hf.documentQuestionAnswering({ ...hfArgs, inputs: { question: "q", image: png() } }, opts()),
    "Expected Array<{answer: string, end: number, score: number, start: number}>",
  ],
  [
    "visualQuestionAnswering",
    () => hf.visualQuestionAnswering({ ...hfArgs, inputs: { question: "q", image: png() } }, opts()),
    "Expected Array<{answer: string, score: number}>",
  ],
  [
    "tabularClassification",
    () => hf.tabularClassification({ ...hfArgs, inputs: { data: { a: ["1"] } } }, opts()),
    "Expected Array<number>",
  ],
  [
    "tabularRegression",
    () => hf.tabularRegression({ ...hfArgs, inputs: { data: { a: ["1"] } } }, opts()),
    "Expected Array<number>",
  ],
];

// Providers the router no longer serves are called directly, with their own key.
const DIRECT_ONLY = ["black-forest-labs", "hyperbolic", "nebius", "sambanova"];
const on = (provider: string, task: string) => ({
  model: modelFor(provider, task).id,
  provider: provider as hf.InferenceProvider,
  accessToken: DIRECT_ONLY.includes(provider) ? PROVIDER_KEY : HUB_TOKEN,
});
const chat = { messages: [{ role: "user", content: "hi" }] };

const THIRD_PARTY: Case[] = [
  [
    "black-forest-labs text-to-image",
    () => hf.textToImage({ ...on("black-forest-labs", "text-to-image"), inputs: "x" }, opts()),
    "Expected {id: string, polling_url: string}",
  ],
  [
    "fal-ai text-to-image",
    () => hf.textToImage({ ...on("fal-ai", "text-to-image"), inputs: "x" }, opts()),
    "Received malformed response from Fal.ai text-to-image API: no request ID found in the response",
  ],
  [
    "fal-ai text-to-speech",
    () => hf.textToSpeech({ ...on("fal-ai", "text-to-speech"), inputs: "x" }, opts()),
    `Expected { audio: { url: string } } format from Fal.ai Text-to-Speech, got: ${JSON.stringify(WRONG)}`,
  ],
  [
    "fal-ai automatic-speech-recognition",
    () =>
      hf.automaticSpeechRecognition(
        { ...on("fal-ai", "automatic-speech-recognition"), inputs: wav() },
        opts(),
      ),
    `Expected { text: string } format from Fal.ai Automatic Speech Recognition, got: ${JSON.stringify(WRONG)}`,
  ],
  [
    "hyperbolic text-generation",
    () => hf.textGeneration({ ...on("hyperbolic", "text-generation"), inputs: "x" }, opts()),
    "Expected Hyperbolic text generation response format",
  ],
  [
    "hyperbolic text-to-image",
    () => hf.textToImage({ ...on("hyperbolic", "text-to-image"), inputs: "x" }, opts()),
    "Expected Hyperbolic text-to-image response format",
  ],
  [
    "nebius text-to-image",
    () => hf.textToImage({ ...on("nebius", "text-to-image"), inputs: "x" }, opts()),
    "Expected Nebius text-to-image response format",
  ],
  [
    "nebius text-generation",
    () => hf.textGeneration({ ...on("nebius", "text-generation"), inputs: "x" }, opts()),
    "Expected Array<{generated_text: string}>",
  ],
  [
    "together text-generation",
    () => hf.textGeneration({ ...on("together", "text-generation"), inputs: "x" }, opts()),
    "Expected Together text generation response format",
  ],
  [
    "together text-to-image",
    () => hf.textToImage({ ...on("together", "text-to-image"), inputs: "x" }, opts()),
    "Received malformed response from Together text-to-image API",
  ],
  [
    "replicate text-to-image",
    () => hf.textToImage({ ...on("replicate", "text-to-image"), inputs: "x" }, opts()),
    "Received malformed response from Replicate text-to-image API",
  ],
  [
    "replicate text-to-speech",
    () => hf.textToSpeech({ ...on("replicate", "text-to-speech"), inputs: "x" }, opts()),
    "Received malformed response from Replicate text-to-speech API",
  ],
  [
    "replicate text-to-video",
    () => hf.textToVideo({ ...on("replicate", "text-to-video"), inputs: "x" }, opts()),
    "Received malformed response from Replicate text-to-video API",
  ],
  [
    "cerebras conversational",
    () => hf.chatCompletion({ ...on("cerebras", "conversational"), ...chat }, opts()),
    "Expected ChatCompletionOutput",
  ],
];

describe.each([
  ["hf-inference", HF_INFERENCE],
  ["third-party providers", THIRD_PARTY],
])("%s", (_group, cases) => {
  it.each(cases)("%s", async (_name, call, expected, body = WRONG, contentType) => {
    const fault = emu().fault({ match: { method: "POST" }, status: 200, body, contentType, times: 1 });
    try {
      const error = await rejection(call());
      // Every malformed reply is a ProviderOutputError (3.x's InferenceOutputError is the same class).
      expect(error).toBeInstanceOf(hf.InferenceClientProviderOutputError);
      expect(error).toBeInstanceOf(hf.InferenceOutputError);
      expect(error.message).toBe(expected);
    } finally {
      fault.remove();
    }
  });
});

describe("fal-ai queue replies", () => {
  it("needs a request id", async () => {
    const fault = emu().fault({ match: { method: "POST" }, status: 200, body: WRONG, times: 1 });
    try {
      const error = await rejection(
        hf.textToVideo({ ...on("fal-ai", "text-to-video"), inputs: "x" }, opts()),
      );
      expect(error.message).toBe(
        "Received malformed response from Fal.ai text-to-video API: no request ID found in the response",
      );
    } finally {
      fault.remove();
    }
  });

  it("needs a video URL in the result", async () => {
    const e = emu();
    const fault = e.fault({ match: { method: "GET", path: /\/requests\/[^/]+$/ }, status: 200, body: WRONG });
    try {
      const error = await rejection(
        hf.textToVideo({ ...on("fal-ai", "text-to-video"), inputs: "x" }, opts()),
      );
      expect(error.message).toBe(
        `Received malformed response from Fal.ai text-to-video API: expected { video: { url: string } } result format, got instead: ${JSON.stringify(WRONG)}`,
      );
    } finally {
      fault.remove();
    }
  });

  it("reports a failing status poll", async () => {
    const fault = emu().fault({
      match: { method: "GET", path: /\/status$/ },
      status: 500,
      body: { error: "down" },
    });
    try {
      const error = await rejection(
        hf.textToVideo({ ...on("fal-ai", "text-to-video"), inputs: "x" }, opts()),
      );
      // 4.x raises a ProviderApiError here, with the poll's request and reply.
      expect(error).toBeInstanceOf(hf.InferenceClientProviderApiError);
      expect(error.message).toBe("Failed to fetch response status from fal-ai API");
    } finally {
      fault.remove();
    }
  });
});
