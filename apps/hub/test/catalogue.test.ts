// The embedded catalogue (data/models.jsonl): valid, big enough, covering the task pages, the libraries
// with snippets, real providers, and the emulator's fault fixtures.
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

describe("embedded catalogue", () => {
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

  it("has representative models for the libraries with snippets", () => {
    const withSnippets = Object.entries(MODEL_LIBRARIES_UI_ELEMENTS)
      .filter(([, library]) => typeof library.snippets === "function")
      .map(([id]) => id);
    const covered = new Set(models.map((model) => model.library_name));
    const uncovered = withSnippets.filter((id) => !covered.has(id));
    // The registry keeps growing; libraries with no confirmed real model id yet are listed in the README.
    expect(withSnippets.length - uncovered.length).toBeGreaterThanOrEqual(135);
    for (const id of [
      "transformers",
      "diffusers",
      "sentence-transformers",
      "peft",
      "timm",
      "gliner",
      "mlx",
      "nemo",
    ]) {
      expect(uncovered).not.toContain(id);
    }
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
