import { describe, expect, it } from "vitest";
import {
  MODALITIES,
  MODALITY_LABELS,
  PIPELINE_DATA,
  PIPELINE_TYPES,
  PIPELINE_TYPES_SET,
  SUBTASK_TYPES,
  type PipelineData,
} from "../src/pipelines.js";

// The canonical order of @huggingface/tasks 0.21.54, plus text2text-generation (deprecated, kept where
// 0.18.7 had it). Order decides default pipeline tags.
const CANONICAL_ORDER = `text-classification token-classification table-question-answering question-answering
zero-shot-classification translation summarization feature-extraction text-generation text2text-generation
fill-mask sentence-similarity text-to-speech text-to-audio automatic-speech-recognition audio-to-audio
audio-classification audio-text-to-text voice-activity-detection depth-estimation image-classification
object-detection image-segmentation text-to-image image-to-text image-to-image image-to-video
unconditional-image-generation video-classification reinforcement-learning robotics tabular-classification
tabular-regression tabular-to-text table-to-text multiple-choice text-ranking text-retrieval
time-series-forecasting text-to-video image-text-to-text image-text-to-image image-text-to-video
visual-question-answering document-question-answering
zero-shot-image-classification graph-ml mask-generation zero-shot-object-detection text-to-3d image-to-3d
image-feature-extraction video-text-to-text keypoint-detection visual-document-retrieval any-to-any video-to-video
other`.split(/\s+/);

const entries = Object.entries(PIPELINE_DATA) as [string, PipelineData][];

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

describe("PIPELINE_DATA", () => {
  it("lists the 58 pipeline types in canonical order", () => {
    expect(CANONICAL_ORDER).toHaveLength(58);
    expect(PIPELINE_TYPES).toEqual(CANONICAL_ORDER);
    expect(PIPELINE_TYPES_SET.size).toBe(58);
    expect(PIPELINE_TYPES_SET.has("text-generation")).toBe(true);
    expect(PIPELINE_TYPES_SET.has("conversational" as never)).toBe(false);
  });

  it("has the modality counts of the contract", () => {
    expect(countBy(entries, ([, data]) => data.modality)).toEqual({
      nlp: 16,
      cv: 19,
      audio: 6,
      multimodal: 9,
      tabular: 4,
      rl: 2,
      other: 2,
    });
  });

  it("keeps 0.18.7's colour on its 55 types and gives the new ones one (the web app tints cards with it)", () => {
    expect(countBy(entries, ([, data]) => data.color ?? "none")).toEqual({
      blue: 15,
      yellow: 13,
      red: 12,
      green: 8,
      indigo: 9,
      orange: 1,
    });
  });

  it("marks text2text-generation deprecated and lists it as a text-generation subtask", () => {
    const deprecated = entries.filter(([, d]) => d.deprecated).map(([id]) => id);
    expect(deprecated).toEqual(["text2text-generation"]);
    expect(PIPELINE_DATA["text-generation"].subtasks.map((s) => s.type)).toContain("text2text-generation");
  });

  it("hides exactly the contract's tasks in model and dataset filters", () => {
    const hiddenInModels = entries.filter(([, d]) => d.hideInModels).map(([id]) => id);
    expect(hiddenInModels.sort()).toEqual(
      ["tabular-to-text", "table-to-text", "multiple-choice", "text-retrieval", "other"].sort(),
    );
    const hiddenInDatasets = entries.filter(([, d]) => d.hideInDatasets).map(([id]) => id);
    expect(hiddenInDatasets.sort()).toEqual(
      [
        "audio-text-to-text",
        "document-question-answering",
        "keypoint-detection",
        "video-to-video",
        "other",
      ].sort(),
    );
    expect(PIPELINE_DATA["video-text-to-text"]).toHaveProperty("hideInDatasets", false);
  });

  it("spot-checks names and modalities", () => {
    expect(PIPELINE_DATA["graph-ml"]).toMatchObject({ name: "Graph Machine Learning", modality: "other" });
    expect(PIPELINE_DATA["tabular-to-text"].name).toBe("Tabular to Text");
    expect(PIPELINE_DATA["fill-mask"].name).toBe("Fill-Mask");
    expect(PIPELINE_DATA["video-text-to-text"].modality).toBe("multimodal");
    expect(PIPELINE_DATA["text-classification"].color).toBe("orange");
  });

  it("only uses known modalities and non-empty names", () => {
    for (const [id, data] of entries) {
      expect(MODALITIES, id).toContain(data.modality);
      expect(data.name.length, id).toBeGreaterThan(0);
    }
  });
});

describe("subtasks", () => {
  it("has 75 subtask entries, 74 distinct (closed-domain-qa appears twice)", () => {
    expect(SUBTASK_TYPES).toHaveLength(75);
    expect(new Set(SUBTASK_TYPES).size).toBe(74);
    expect(SUBTASK_TYPES.filter((t) => t === "closed-domain-qa")).toHaveLength(2);
  });

  it("has the contract's per-task subtask counts", () => {
    const perTask = Object.fromEntries(
      entries.filter(([, d]) => d.subtasks).map(([id, d]) => [id, d.subtasks?.length]),
    );
    expect(perTask["text-classification"]).toBe(17);
    expect(perTask["text2text-generation"]).toBe(7);
    expect(perTask["token-classification"]).toBe(6);
    expect(perTask["audio-classification"]).toBe(5);
    expect(perTask["text-retrieval"]).toBe(4);
    expect(PIPELINE_DATA["text-generation"].subtasks.map((s) => s.type)).toEqual([
      "dialogue-modeling",
      "dialogue-generation",
      "conversational",
      "language-modeling",
      "text-simplification",
      "explanation-generation",
      "abstractive-qa",
      "open-domain-abstractive-qa",
      "closed-domain-qa",
      "open-book-qa",
      "closed-book-qa",
      "text2text-generation",
    ]);
  });

  it("every subtask has a kebab-case id and a display name", () => {
    for (const [, data] of entries) {
      for (const subtask of data.subtasks ?? []) {
        expect(subtask.type).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(subtask.name.trim()).toBe(subtask.name);
        expect(subtask.name.length).toBeGreaterThan(0);
      }
    }
  });
});

describe("MODALITIES", () => {
  it("has 7 modalities in order, each with a label", () => {
    expect(MODALITIES).toEqual(["multimodal", "nlp", "cv", "audio", "tabular", "rl", "other"]);
    expect(Object.keys(MODALITY_LABELS).sort()).toEqual([...MODALITIES].sort());
    expect(MODALITY_LABELS.nlp).toBe("Natural Language Processing");
    expect(MODALITY_LABELS.rl).toBe("Reinforcement Learning");
  });
});
