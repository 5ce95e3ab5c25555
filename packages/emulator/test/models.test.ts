import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startEmulator, MODELS, PROVIDER_IDS } from "@hubkit/emulator";
import type { Emulator } from "@hubkit/emulator";
import { PROVIDER_KEY, getJson, postJson } from "./helpers.js";

/** Contract §2.2: the tasks each provider serves (openai is routed client-side, without a hub mapping). */
const SERVED: Record<string, string[]> = {
  "black-forest-labs": ["text-to-image"],
  cerebras: ["conversational"],
  cohere: ["conversational"],
  "fal-ai": [
    "audio-to-audio",
    "automatic-speech-recognition",
    "image-text-to-image",
    "image-text-to-video",
    "image-to-image",
    "image-segmentation",
    "image-to-video",
    "text-to-audio",
    "text-to-image",
    "text-to-speech",
    "text-to-video",
  ],
  "fireworks-ai": ["conversational"],
  "hf-inference": [
    "text-to-image",
    "conversational",
    "text-generation",
    "text-classification",
    "question-answering",
    "audio-classification",
    "automatic-speech-recognition",
    "fill-mask",
    "feature-extraction",
    "image-classification",
    "image-segmentation",
    "document-question-answering",
    "image-to-text",
    "object-detection",
    "audio-to-audio",
    "zero-shot-image-classification",
    "zero-shot-classification",
    "image-to-image",
    "sentence-similarity",
    "table-question-answering",
    "tabular-classification",
    "text-to-speech",
    "token-classification",
    "translation",
    "summarization",
    "visual-question-answering",
    "tabular-regression",
    "text-to-audio",
  ],
  hyperbolic: ["text-to-image", "conversational", "text-generation"],
  nebius: ["text-to-image", "conversational", "text-generation"],
  novita: ["conversational", "image-text-to-video", "text-generation", "text-to-video"],
  replicate: [
    "text-to-image",
    "text-to-speech",
    "text-to-video",
    "image-to-image",
    "automatic-speech-recognition",
  ],
  sambanova: ["conversational"],
  together: [
    "text-to-image",
    "image-to-image",
    "text-to-video",
    "image-to-video",
    "conversational",
    "text-generation",
    "feature-extraction",
    "text-to-speech",
    "automatic-speech-recognition",
  ],
  // The providers 4.x added (4.13.30's PROVIDERS).
  baseten: ["conversational"],
  deepinfra: [
    "automatic-speech-recognition",
    "conversational",
    "feature-extraction",
    "text-generation",
    "text-to-image",
    "text-to-speech",
  ],
  "featherless-ai": ["conversational", "text-generation"],
  groq: ["conversational", "text-generation"],
  nscale: ["text-to-image", "conversational"],
  ovhcloud: ["conversational", "text-generation"],
  publicai: ["conversational"],
  scaleway: ["conversational", "text-generation", "feature-extraction"],
  wavespeed: [
    "text-to-image",
    "text-to-video",
    "image-to-image",
    "image-to-video",
    "image-text-to-image",
    "image-text-to-video",
  ],
  "zai-org": ["conversational", "text-to-image", "image-to-text"],
};

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.close();
});

describe("model table", () => {
  it("has a live model for every provider × task pair of the contract", () => {
    expect(Object.keys(SERVED).sort()).toEqual(PROVIDER_IDS.filter((p) => p !== "openai").sort());
    for (const [provider, tasks] of Object.entries(SERVED)) {
      for (const task of tasks) {
        const live = MODELS.filter((m) => {
          const entry = m.inferenceProviderMapping[provider as keyof typeof m.inferenceProviderMapping];
          return entry?.task === task && entry.status === "live";
        });
        expect(live.length, `${provider} × ${task}`).toBeGreaterThan(0);
      }
    }
  });

  it("has unique ids, and mapping tasks consistent with each model's pipeline", () => {
    expect(new Set(MODELS.map((m) => m.id)).size).toBe(MODELS.length);
    for (const m of MODELS) {
      for (const entry of Object.values(m.inferenceProviderMapping)) {
        const chat = m.tags.includes("conversational") || m.pipeline_tag === "image-text-to-text";
        expect(entry!.task === m.pipeline_tag || (chat && entry!.task === "conversational"), m.id).toBe(true);
      }
    }
  });

  it("extends and overrides the table with options.models and resolveModel", async () => {
    const e = await startEmulator({
      models: [
        {
          id: "acme/tiny-chat",
          pipeline_tag: "text-generation",
          tags: ["conversational"],
          inferenceProviderMapping: {
            together: { status: "live", providerId: "acme/tiny", task: "conversational" },
          },
        },
      ],
      resolveModel: (id) =>
        id === "acme/from-callback"
          ? {
              id,
              pipeline_tag: "fill-mask",
              tags: [],
              mask_token: "[MASK]",
              inferenceProviderMapping: {
                "hf-inference": { status: "live", providerId: id, task: "fill-mask" },
              },
            }
          : undefined,
    });
    try {
      const a = await getJson(`${e.hubUrl}/api/models/acme/tiny-chat?expand[]=inferenceProviderMapping`);
      expect(a.json.inferenceProviderMapping.together.providerId).toBe("acme/tiny");
      const b = await postJson(`${e.routerUrl}/hf-inference/models/acme/from-callback`, {
        inputs: "Hello [MASK].",
      });
      expect(b.status).toBe(200);
      expect(b.json[0].sequence).toMatch(/^Hello \w+\.$/);
    } finally {
      await e.close();
    }
  });

  it("black-forest-labs accepts any mapped model path, including the fault models'", async () => {
    const r = await postJson(
      `${emu.providerUrls["black-forest-labs"]}/v1/hubkit-faults/never-completes`,
      { prompt: "x" },
      { "x-key": PROVIDER_KEY },
    );
    expect(r.status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await getJson(r.json.polling_url)).json.status).toBe("Pending");
  });
});
