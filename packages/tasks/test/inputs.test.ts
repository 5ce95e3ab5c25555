import { describe, expect, it } from "vitest";
import type { PipelineType } from "../src/pipelines.js";
import {
  INPUT_EXAMPLES,
  MASK_TOKEN_PLACEHOLDER,
  getModelInputExample,
  getModelInputSnippet,
  type ModelDataMinimal,
} from "../src/snippets/index.js";

const NO_EXAMPLE = "No input example has been defined for this model task.";

// Every task the inference client can route (3.7.1's task functions, the hf-inference helpers, and
// the conversational ones), plus VQA, which the reference left without an example.
const ROUTED_TASKS: PipelineType[] = [
  "audio-classification",
  "audio-to-audio",
  "automatic-speech-recognition",
  "document-question-answering",
  "feature-extraction",
  "fill-mask",
  "image-classification",
  "image-segmentation",
  "image-text-to-text",
  "image-to-image",
  "image-to-text",
  "object-detection",
  "question-answering",
  "sentence-similarity",
  "summarization",
  "table-question-answering",
  "tabular-classification",
  "tabular-regression",
  "text-classification",
  "text-generation",
  "text-to-audio",
  "text-to-image",
  "text-to-speech",
  "text-to-video",
  "text2text-generation",
  "token-classification",
  "translation",
  "visual-question-answering",
  "zero-shot-classification",
  "zero-shot-image-classification",
];

const MODES: [noWrap: boolean, noQuotes: boolean][] = [
  [false, false],
  [true, false],
  [false, true],
  [true, true],
];

function model(
  pipeline_tag: PipelineType | undefined,
  extra: Partial<ModelDataMinimal> = {},
): ModelDataMinimal {
  return { id: "acme/some-model", pipeline_tag, tags: [], inference: "", ...extra };
}

// Parses a snippet in the form its example type promises, or throws.
function parseSnippet(snippet: string, noQuotes: boolean): unknown {
  if (snippet.startsWith("'")) {
    expect(snippet.endsWith("'")).toBe(true);
    return JSON.parse(snippet.slice(1, -1));
  }
  if (noQuotes && !snippet.startsWith("{")) {
    // Unquoted text keeps its JSON escapes, so it is valid inside a double-quoted string.
    return JSON.parse(`"${snippet}"`);
  }
  return JSON.parse(snippet);
}

describe("getModelInputSnippet", () => {
  for (const task of ROUTED_TASKS) {
    it(`${task}: has an example that is valid in every wrap/quote mode`, () => {
      const plain = getModelInputSnippet(model(task));
      expect(plain).not.toBe(NO_EXAMPLE);
      expect(typeof plain).toBe("string");
      const parsedPlain = parseSnippet(plain as string, false);
      for (const [noWrap, noQuotes] of MODES) {
        const snippet = getModelInputSnippet(model(task), noWrap, noQuotes);
        expect(typeof snippet).toBe("string");
        const text = snippet as string;
        if (noWrap) expect(text).not.toMatch(/[\n\r\t]/);
        expect(parseSnippet(text, noQuotes)).toEqual(parsedPlain);
      }
    });
  }

  it("string inputs come back as double-quoted literals, and noQuotes drops the quotes", () => {
    const quoted = getModelInputSnippet(model("text-to-image")) as string;
    expect(quoted).toMatch(/^".+"$/);
    const bare = getModelInputSnippet(model("text-to-image"), false, true) as string;
    expect(`"${bare}"`).toBe(quoted);
  });

  it("object inputs are JSON indented by 4 spaces, flattened by noWrap", () => {
    const pretty = getModelInputSnippet(model("question-answering")) as string;
    expect(pretty.split("\n")[1]).toMatch(/^ {4}"/);
    const flat = getModelInputSnippet(model("question-answering"), true) as string;
    expect(flat).not.toContain("\n");
    expect(JSON.parse(flat)).toEqual(JSON.parse(pretty));
  });

  it("snippets carry the structured example values", () => {
    for (const task of ["question-answering", "sentence-similarity", "visual-question-answering"] as const) {
      const example = INPUT_EXAMPLES[task];
      expect(example?.type).toBe("json");
      if (example?.type === "json") {
        expect(JSON.parse(getModelInputSnippet(model(task)) as string)).toEqual(example.value);
      }
    }
    const tabular = INPUT_EXAMPLES["tabular-regression"];
    expect(tabular?.type).toBe("tabular");
    if (tabular?.type === "tabular") {
      expect(parseSnippet(getModelInputSnippet(model("tabular-regression")) as string, false)).toEqual(
        tabular.data,
      );
    }
  });

  it("gives conversational text-generation models a text chat", () => {
    const messages = getModelInputSnippet(model("text-generation", { tags: ["conversational"] }));
    expect(Array.isArray(messages)).toBe(true);
    expect(messages).toEqual([{ role: "user", content: "What is the capital of France?" }]);
  });

  it("gives conversational image-text-to-text models a chat with an image", () => {
    const messages = getModelInputSnippet(model("image-text-to-text", { tags: ["conversational"] }));
    expect(Array.isArray(messages)).toBe(true);
    const [first] = messages as { role: string; content: { type: string; image_url?: { url: string } }[] }[];
    expect(first.role).toBe("user");
    expect(first.content.map((c) => c.type)).toEqual(["text", "image_url"]);
    expect(first.content[1].image_url?.url).toMatch(/^https:\/\/.+\.jpg$/);
  });

  it("gives non-conversational generative models a plain text prompt", () => {
    const forLlm = getModelInputSnippet(model("text-generation"));
    const forVlm = getModelInputSnippet(model("image-text-to-text"));
    expect(typeof forLlm).toBe("string");
    expect(forVlm).toEqual(forLlm);
  });

  it("puts the model's mask token in the fill-mask example, escaped", () => {
    const withBert = getModelInputSnippet(model("fill-mask", { mask_token: "[MASK]" })) as string;
    expect(JSON.parse(withBert)).toContain("[MASK]");
    expect(withBert).not.toContain(MASK_TOKEN_PLACEHOLDER);
    const hostile = `<mask"\\>`;
    const snippet = getModelInputSnippet(model("fill-mask", { mask_token: hostile })) as string;
    expect(JSON.parse(snippet)).toContain(hostile);
    const bare = getModelInputSnippet(model("fill-mask", { mask_token: hostile }), true, true) as string;
    expect(JSON.parse(`"${bare}"`)).toContain(hostile);
  });

  it("falls back to a generic mask token when the model names none", () => {
    const example = getModelInputExample(model("fill-mask"));
    expect(example?.type === "text" && example.text).not.toContain(MASK_TOKEN_PLACEHOLDER);
  });

  it("returns the fixed message for tasks without an example", () => {
    expect(getModelInputSnippet(model("robotics"))).toBe(NO_EXAMPLE);
    expect(getModelInputSnippet(model("graph-ml"), true, true)).toBe(NO_EXAMPLE);
    expect(getModelInputSnippet(model(undefined))).toBe(NO_EXAMPLE);
  });
});

describe("getModelInputExample", () => {
  it("gives zero-shot tasks candidate labels", () => {
    for (const task of [
      "zero-shot-classification",
      "zero-shot-image-classification",
      "zero-shot-object-detection",
    ] as const) {
      const example = getModelInputExample(model(task));
      expect(example && "candidateLabels" in example && example.candidateLabels?.length).toBeGreaterThan(1);
    }
  });

  it("returns a copy: changing it leaves the catalogue alone", () => {
    const example = getModelInputExample(model("question-answering"));
    if (example?.type !== "json") throw new Error("expected a JSON example");
    example.value.question = "changed";
    expect(getModelInputExample(model("question-answering"))).toEqual(INPUT_EXAMPLES["question-answering"]);
  });

  it("marks binary inputs with their media type", () => {
    expect(getModelInputExample(model("automatic-speech-recognition"))).toMatchObject({
      type: "file",
      mediaType: "audio",
    });
    expect(getModelInputExample(model("image-classification"))).toMatchObject({
      type: "file",
      mediaType: "image",
    });
  });
});
