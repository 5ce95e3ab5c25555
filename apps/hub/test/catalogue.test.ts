// The embedded catalogue (data/models.jsonl): valid, big enough, covering the task pages, the libraries
// with snippets (all but a listed few), real providers, and the emulator's fault fixtures.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PROVIDER_IDS, RESERVED_FAULTS } from "@hubkit/emulator";
import { MODEL_LIBRARIES_UI_ELEMENTS, TASKS_DATA } from "@hubkit/tasks";
import { parseModelRecord, type HubModel } from "../src/index.js";
import { EMBEDDED_CATALOGUE_PATH } from "../src/paths.js";

const lines = readFileSync(EMBEDDED_CATALOGUE_PATH, "utf8").trim().split("\n");
const models: HubModel[] = lines.map((line, index) => {
  const parsed = parseModelRecord(JSON.parse(line));
  if (!parsed.ok) throw new Error(`models.jsonl line ${index + 1}: ${parsed.reason}`);
  return parsed.model;
});
const byId = new Map(models.map((model) => [model.id, model]));
// Libraries with snippets that have no confirmed real repo, and why (shared with the README).
const librariesWithoutModels = JSON.parse(
  readFileSync(new URL("../scripts/catalogue/libraries-without-models.json", import.meta.url), "utf8"),
) as Record<string, string>;

describe("embedded catalogue", () => {
  it("gives every GGUF repository the gguf summary and .gguf files local apps need", () => {
    const ggufRepos = models.filter((model) => model.tags?.includes("gguf"));
    expect(ggufRepos.length).toBeGreaterThanOrEqual(5);
    for (const model of ggufRepos) {
      expect((model.gguf as { context_length?: number })?.context_length, model.id).toBeGreaterThan(0);
      const files = (model.siblings ?? []).map((file) => file.rfilename).filter((f) => f.endsWith(".gguf"));
      expect(files.length, model.id).toBeGreaterThan(0);
    }
  });

  it("holds at least 500 valid models with unique ids", () => {
    expect(models.length).toBeGreaterThanOrEqual(500);
    expect(byId.size).toBe(models.length);
  });

  it("has every model and widget model named on a task page", () => {
    const named = new Set<string>();
    for (const page of Object.values(TASKS_DATA)) {
      for (const model of page?.models ?? []) named.add(model.id);
      for (const id of page?.widgetModels ?? []) if (id) named.add(id);
    }
    const missing = [...named].filter((id) => !byId.has(id));
    expect(missing).toEqual([]);
  });

  it("has a model for every library with snippets except the listed ones, and the list is current", () => {
    const withSnippets = Object.entries(MODEL_LIBRARIES_UI_ELEMENTS)
      .filter(([, library]) => typeof library.snippets === "function")
      .map(([id]) => id);
    const covered = new Set(models.map((model) => model.library_name));
    const uncovered = withSnippets.filter((id) => !covered.has(id)).sort();
    // A library that gains a model must leave the list, and every listed library must have snippets.
    expect(uncovered).toEqual(Object.keys(librariesWithoutModels).sort());
    for (const [id, reason] of Object.entries(librariesWithoutModels)) {
      expect(withSnippets, id).toContain(id);
      expect(reason.length, id).toBeGreaterThan(20);
    }
    expect(withSnippets.length - uncovered.length).toBeGreaterThanOrEqual(200);
  });

  it("names every library without a model, with its reason, in the hub README", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    for (const [id, reason] of Object.entries(librariesWithoutModels)) {
      expect(readme, id).toContain(`| \`${id}\` | ${reason} |`);
    }
  });

  it("gives each library's model the fields its snippet reads", () => {
    const withSnippets = Object.entries(MODEL_LIBRARIES_UI_ELEMENTS).filter(
      ([, library]) => typeof library.snippets === "function",
    );
    for (const [library] of withSnippets) {
      const real = models.filter((entry) => !entry.tags.includes("hubkit-fixture"));
      for (const model of real.filter((entry) => entry.library_name === library)) {
        expect(model.tags, model.id).toContain(library);
        expect(model.cardData?.library_name, model.id).toBe(library);
        expect(model.description, model.id).toMatch(/\S.{10,}/);
      }
    }
    // Snippets that branch on repo contents get a repo that exercises the branch.
    const byLibrary = (library: string) => models.filter((model) => model.library_name === library);
    expect(byLibrary("qwen3_tts").map((model) => model.id.split("-").pop())).toEqual(
      expect.arrayContaining(["CustomVoice", "VoiceDesign", "Base"]),
    );
    expect(byLibrary("pruna-ai").some((model) => model.pipeline_tag === "text-to-image")).toBe(true);
    expect(byLibrary("mobilint").some((model) => model.pipeline_tag === "text-generation")).toBe(true);
    expect(byLibrary("hezar").every((model) => model.pipeline_tag)).toBe(true);
  });

  it("maps models only to real providers, with live or staging entries", () => {
    const providers = new Set<string>(PROVIDER_IDS);
    let mapped = 0;
    for (const model of models) {
      for (const [provider, entry] of Object.entries(model.inferenceProviderMapping ?? {})) {
        expect(providers.has(provider), `${model.id} → ${provider}`).toBe(true);
        expect(["live", "staging"]).toContain(entry.status);
        mapped++;
      }
    }
    expect(mapped).toBeGreaterThan(150);
    expect(byId.get("black-forest-labs/FLUX.1-dev")?.inferenceProviderMapping?.["fal-ai"]?.providerId).toBe(
      "fal-ai/flux/dev",
    );
  });

  it("marks the fault fixtures and points them at the emulator's reserved ids", () => {
    const reserved = new Set(RESERVED_FAULTS.map((fault) => fault.id));
    const fixtures = models.filter((model) => model.tags.includes("hubkit-fixture"));
    expect(fixtures.length).toBeGreaterThanOrEqual(5);
    for (const fixture of fixtures) {
      expect(reserved.has(fixture.id), fixture.id).toBe(true);
      for (const entry of Object.values(fixture.inferenceProviderMapping ?? {}))
        expect(reserved.has(entry.providerId)).toBe(true);
    }
    expect(
      models
        .filter((model) => model.id.startsWith("hubkit-faults/"))
        .every((model) => model.tags.includes("hubkit-fixture")),
    ).toBe(true);
  });

  it("gives chat models a chat template, adapters their base model, and LoRAs their trigger words", () => {
    for (const model of models.filter(
      (entry) => entry.tags.includes("conversational") && entry.library_name === "transformers",
    )) {
      const config = model.config as { tokenizer_config?: { chat_template?: string } } | undefined;
      if (config?.tokenizer_config) expect(config.tokenizer_config.chat_template).toContain("messages");
    }
    const peft = models.filter((model) => model.library_name === "peft");
    expect(peft.length).toBeGreaterThan(0);
    for (const model of peft)
      expect(
        (model.config?.peft as { base_model_name_or_path: string }).base_model_name_or_path,
      ).toBeTruthy();
    const lora = models.find((model) => model.id === "multimodalart/flux-tarot-v1");
    expect(lora?.cardData?.instance_prompt).toBeTruthy();
    expect(lora?.cardData?.base_model).toBe("black-forest-labs/FLUX.1-dev");
  });
});
