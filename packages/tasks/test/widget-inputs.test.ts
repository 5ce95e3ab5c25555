import { describe, expect, it } from "vitest";
import { MAPPING_DEFAULT_WIDGET } from "../src/default-widget-inputs.js";
import { PIPELINE_TYPES_SET } from "../src/pipelines.js";

// Per language: task → number of examples (contract §5.3).
// prettier-ignore
const EXPECTED: Record<string, Record<string, number>> = {
  en: {
    "text-classification": 1,
    "token-classification": 3,
    "table-question-answering": 1,
    "question-answering": 4,
    "zero-shot-classification": 3,
    translation: 2,
    summarization: 1,
    conversational: 4,
    "text-generation": 4,
    "fill-mask": 2,
    "sentence-similarity": 1,
  },
  zh: { "text-classification": 1, "token-classification": 3, "question-answering": 3, translation: 2, "zero-shot-classification": 1, summarization: 1, "text-generation": 5, "fill-mask": 2, "sentence-similarity": 1 },
  fr: { "text-classification": 1, "token-classification": 1, "question-answering": 1, translation: 1, summarization: 1, "text-generation": 3, "fill-mask": 1, "sentence-similarity": 1 },
  es: { "text-classification": 1, "token-classification": 1, "question-answering": 3, translation: 2, summarization: 1, "text-generation": 5, "fill-mask": 2, "sentence-similarity": 1 },
  ru: { "text-classification": 1, "token-classification": 1, "question-answering": 1, translation: 1, summarization: 1, "text-generation": 3, "fill-mask": 1, "sentence-similarity": 1 },
  uk: { translation: 1, "fill-mask": 1 },
  it: { "text-classification": 1, "token-classification": 3, "question-answering": 3, translation: 2, summarization: 1, "text-generation": 5, "fill-mask": 2, "sentence-similarity": 1 },
  fa: { "text-classification": 4, "token-classification": 3, "question-answering": 4, translation: 2, summarization: 1, "text-generation": 2, "fill-mask": 2 },
  ar: { "text-classification": 1, "token-classification": 3, "question-answering": 4, translation: 2, summarization: 1, "text-generation": 5, "fill-mask": 2, "sentence-similarity": 1 },
  bn: { "text-classification": 1, "token-classification": 3, translation: 2, summarization: 1, "text-generation": 3, "fill-mask": 2, "question-answering": 3, "sentence-similarity": 1 },
  mn: { "text-classification": 1, "token-classification": 3, "question-answering": 3, translation: 2, summarization: 1, "text-generation": 4, "fill-mask": 2, "automatic-speech-recognition": 2, "text-to-speech": 3, "sentence-similarity": 1 },
  si: { translation: 2, "fill-mask": 2 },
  de: { "question-answering": 2, "sentence-similarity": 1 },
  dv: { "text-classification": 1, "token-classification": 3, "question-answering": 4, translation: 2, summarization: 1, "text-generation": 4, "fill-mask": 2 },
};

const allExamples = [...MAPPING_DEFAULT_WIDGET].flatMap(([lang, perTask]) =>
  [...perTask].flatMap(([task, examples]) =>
    (examples as unknown[]).map((example) => ({ lang, task, example })),
  ),
);

describe("MAPPING_DEFAULT_WIDGET", () => {
  it("covers the 14 languages in order", () => {
    expect([...MAPPING_DEFAULT_WIDGET.keys()]).toEqual(Object.keys(EXPECTED));
  });

  it("has the contract's tasks and example counts per language (200 in total)", () => {
    for (const [lang, perTask] of MAPPING_DEFAULT_WIDGET) {
      const counts = Object.fromEntries([...perTask].map(([task, examples]) => [task, examples.length]));
      expect(counts, lang).toEqual(EXPECTED[lang]);
      expect([...perTask.keys()], lang).toEqual(Object.keys(EXPECTED[lang]));
    }
    expect(allExamples).toHaveLength(200);
  });

  it("only uses widget types", () => {
    for (const { task } of allExamples) {
      expect(task === "conversational" || PIPELINE_TYPES_SET.has(task as never), task).toBe(true);
    }
  });

  it("uses the right example shape for each task", () => {
    for (const { lang, task, example } of allExamples) {
      const where = `${lang}/${task}`;
      switch (task) {
        case "question-answering":
          expect(example, where).toMatchObject({ text: expect.any(String), context: expect.any(String) });
          break;
        case "zero-shot-classification":
          expect(example, where).toMatchObject({
            text: expect.any(String),
            candidate_labels: expect.any(String),
          });
          expect(
            (example as { candidate_labels: string }).candidate_labels.split(",").length,
          ).toBeGreaterThan(1);
          break;
        case "table-question-answering": {
          const { text, table } = example as { text: string; table: Record<string, unknown[]> };
          expect(typeof text).toBe("string");
          const lengths = new Set(Object.values(table).map((column) => column.length));
          expect(lengths.size, `${where}: columns of equal length`).toBe(1);
          break;
        }
        case "sentence-similarity":
          expect(example, where).toMatchObject({ source_sentence: expect.any(String) });
          expect((example as { sentences: string[] }).sentences.length).toBeGreaterThan(1);
          break;
        case "automatic-speech-recognition":
          expect((example as { src: string }).src, where).toMatch(/^https:\/\/.+\.wav$/);
          break;
        default:
          expect(typeof example, where).toBe("string");
          expect((example as string).trim().length, where).toBeGreaterThan(0);
      }
    }
  });

  it("writes fill-mask examples with exactly one <mask> placeholder", () => {
    for (const { lang, task, example } of allExamples) {
      if (task !== "fill-mask") continue;
      expect((example as string).split("<mask>").length - 1, lang).toBe(1);
    }
  });

  it("has no duplicate examples within a task", () => {
    for (const [lang, perTask] of MAPPING_DEFAULT_WIDGET) {
      for (const [task, examples] of perTask) {
        const keys = (examples as unknown[]).map((e) => JSON.stringify(e));
        expect(new Set(keys).size, `${lang}/${task}`).toBe(keys.length);
      }
    }
  });

  it("writes non-English examples in their own script", () => {
    const scripts: Record<string, RegExp> = {
      zh: /\p{Script=Han}/u,
      ru: /\p{Script=Cyrillic}/u,
      uk: /\p{Script=Cyrillic}/u,
      mn: /\p{Script=Cyrillic}/u,
      fa: /\p{Script=Arabic}/u,
      ar: /\p{Script=Arabic}/u,
      bn: /\p{Script=Bengali}/u,
      si: /\p{Script=Sinhala}/u,
      dv: /\p{Script=Thaana}/u,
    };
    for (const { lang, task, example } of allExamples) {
      const script = scripts[lang];
      if (!script || task === "automatic-speech-recognition") continue;
      expect(JSON.stringify(example), `${lang}/${task}`).toMatch(script);
    }
  });
});
