import { readFileSync } from "node:fs";
import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  DEFAULT_DOWNLOAD_RULE,
  DOWNLOAD_RULE_FIELDS,
  DownloadRuleSyntaxError,
  downloadRuleForLibrary,
  downloadRulePathFields,
  evaluateDownloadRule,
  fileCountsDownload,
  filesCountingDownloads,
  libraryCountsDownload,
  parseDownloadRule,
  type DownloadRuleNode,
} from "../src/model-libraries-downloads.js";
import { ALL_MODEL_LIBRARY_KEYS } from "../src/model-libraries.js";

// The registry's source table; in countDownloads, \n, \t and \\ stand for a newline, a tab and a backslash.
function readLibraryTable(): Record<string, string>[] {
  const [header, ...lines] = readFileSync(new URL("../data/model-libraries.tsv", import.meta.url), "utf8")
    .trimEnd()
    .split("\n");
  const columns = header.split("\t");
  const unescape = (cell: string) =>
    cell.replace(/\\([nt\\])/g, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : "\\"));
  return lines.map((line) => {
    const cells = line.split("\t");
    return Object.fromEntries(columns.map((column, i) => [column, unescape(cells[i])]));
  });
}

// 0.21.54's libraries with a rule of their own, plus kerasformers (kept, deprecated).
const RULE_COUNT = 195;
const rulesInTable = readLibraryTable().filter((row) => row.countDownloads !== "");

/** Catches the error a call throws, failing the test if it throws none. */
function syntaxErrorOf(rule: string): DownloadRuleSyntaxError {
  try {
    parseDownloadRule(rule);
  } catch (error) {
    expect(error).toBeInstanceOf(DownloadRuleSyntaxError);
    return error as DownloadRuleSyntaxError;
  }
  throw new Error(`expected ${JSON.stringify(rule)} to be rejected`);
}

describe("parseDownloadRule", () => {
  it("parses every one of the rules of the library table", () => {
    expect(rulesInTable).toHaveLength(RULE_COUNT);
    for (const row of rulesInTable) {
      const tree = parseDownloadRule(row.countDownloads);
      // every field:"value" of the rule text must appear as a leaf of the tree
      const leaves: string[] = [];
      const collect = (node: DownloadRuleNode): void => {
        if (node.type === "term") leaves.push(`${node.field}:"${node.value}"`);
        else if (node.type === "exists") leaves.push(`_exists_:"${node.field}"`);
        else if (node.type === "not") collect(node.operand);
        else node.operands.forEach(collect);
      };
      collect(tree);
      expect(leaves, row.id).toEqual(row.countDownloads.match(/[a-z_]+:"[^"]*"/g));
    }
  });

  it("gives AND a tighter binding than OR, and parentheses override it", () => {
    const a = { type: "term", field: "path", value: "a" };
    const b = { type: "term", field: "path", value: "b" };
    const c = { type: "term", field: "path", value: "c" };
    expect(parseDownloadRule('path:"a" OR path:"b" AND path:"c"')).toMatchObject({
      type: "or",
      operands: [a, { type: "and", operands: [b, c] }],
    });
    expect(parseDownloadRule('(path:"a" OR path:"b") AND path:"c"')).toMatchObject({
      type: "and",
      operands: [{ type: "or", operands: [a, b] }, c],
    });
  });

  it("records where each term starts, and accepts newlines and escaped quotes", () => {
    const rule = 'path:"a"\n  OR path_filename:"say \\"hi\\""';
    const tree = parseDownloadRule(rule);
    expect(tree).toMatchObject({
      type: "or",
      operands: [
        { field: "path", value: "a", position: 0 },
        { field: "path_filename", value: 'say "hi"', position: rule.indexOf("path_filename") },
      ],
    });
  });

  it("reads unquoted single-word values like Elasticsearch does", () => {
    expect(parseDownloadRule("path_extension:gguf")).toEqual({
      type: "term",
      field: "path_extension",
      value: "gguf",
      position: 0,
    });
  });

  const malformed: [rule: string, problem: RegExp, position: number][] = [
    ['path:"config.json', /unterminated quoted value/, 5],
    ['path:"a" OR path:"b\\"', /unterminated quoted value/, 17],
    ['(path:"a" OR path:"b"', /'\(' is never closed/, 0],
    ['path:"a" OR path:"b")', /'\)' has no matching '\('/, 20],
    [')path:"a"', /'\)' has no matching '\('/, 0],
    ["()", /expected a term after '\(', found '\)'/, 1],
    ['path:"a" OR', /expected a term after OR, found the end of the rule/, 11],
    ['OR path:"a"', /expected a term at the start of the rule, found OR/, 0],
    ['path:"a" AND OR path:"b"', /expected a term after AND, found OR/, 13],
    ['filename:"config"', /unknown field 'filename'/, 0],
    ['_exists_:"prefix"', /_exists_ names unknown field 'prefix'/, 0],
    ['path:"a" path:"b"', /missing operator before the term 'path:'/, 9],
    ['path:"a" or path:"b"', /expected a field:"value" term or AND\/OR\/NOT, found 'or'/, 9],
    ['path:"a" && path:"b"', /unexpected character '&'; write the operators AND \/ OR as words/, 9],
    ["path:models/a.bin", /unexpected character '\/' after a term \(quote the value/, 11],
    ["path:", /missing value after 'path:', found the end of the rule/, 5],
    ['-path:"a"', /'-' prefix operator is not supported/, 0],
    ['"config.json"', /unexpected character '"'; a quoted value must follow a field name/, 0],
    ["", /empty rule/, 0],
    ["   ", /empty rule/, 3],
  ];
  for (const [rule, problem, position] of malformed) {
    it(`rejects ${JSON.stringify(rule)} naming the problem and its position`, () => {
      const error = syntaxErrorOf(rule);
      expect(error.message).toMatch(problem);
      expect(error.position).toBe(position);
      expect(error.message).toContain(`at position ${position}`);
      expect(error.rule).toBe(rule);
    });
  }

  it("points a caret at the problem on its own line", () => {
    const error = syntaxErrorOf('path:"a" OR\n  path:"b" OR');
    expect(error.message.split("\n").slice(1)).toEqual([
      '    path:"b" OR',
      // two spaces of indent, then the caret just past "OR", where a term was expected
      " ".repeat(2 + '  path:"b" OR'.length) + "^",
    ]);
  });

  it("rejects a rule that is not a string with a TypeError", () => {
    expect(() => parseDownloadRule(undefined as unknown as string)).toThrow(
      /download rule must be a string, got undefined/,
    );
  });

  it("round-trips any rule tree through its text form", () => {
    const value = fc.stringMatching(/^[A-Za-z0-9_./\- "\\]{0,12}$/);
    const leaf: fc.Arbitrary<DownloadRuleNode> = fc.oneof(
      fc.record({
        type: fc.constant("term" as const),
        field: fc.constantFrom(...DOWNLOAD_RULE_FIELDS),
        value,
      }),
      fc.record({ type: fc.constant("exists" as const), field: fc.constantFrom(...DOWNLOAD_RULE_FIELDS) }),
    ) as fc.Arbitrary<DownloadRuleNode>;
    const { tree } = fc.letrec<{ tree: DownloadRuleNode }>((self) => ({
      tree: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc.record({
          type: fc.constant("and" as const),
          operands: fc.array(self("tree"), { minLength: 2, maxLength: 3 }),
        }),
        fc.record({
          type: fc.constant("or" as const),
          operands: fc.array(self("tree"), { minLength: 2, maxLength: 3 }),
        }),
        fc.record({ type: fc.constant("not" as const), operand: self("tree") }),
      ),
    }));
    // Writes a tree fully parenthesised, so the text's structure is the tree's whatever the precedence.
    const write = (node: DownloadRuleNode): string => {
      switch (node.type) {
        case "term":
          return `${node.field}:"${node.value.replace(/["\\]/g, "\\$&")}"`;
        case "exists":
          return `_exists_:"${node.field}"`;
        case "not":
          return `NOT (${write(node.operand)})`;
        default:
          return node.operands.map((operand) => `(${write(operand)})`).join(` ${node.type.toUpperCase()} `);
      }
    };
    // Nested ANDs (or ORs) flatten on parsing, as do positions, so compare normalised trees.
    const normalise = (node: DownloadRuleNode): unknown => {
      switch (node.type) {
        case "term":
          return { type: "term", field: node.field, value: node.value };
        case "exists":
          return { type: "exists", field: node.field };
        case "not":
          return { type: "not", operand: normalise(node.operand) };
        default:
          return {
            type: node.type,
            operands: node.operands.flatMap((operand) =>
              operand.type === node.type
                ? (normalise(operand) as { operands: unknown[] }).operands
                : [normalise(operand)],
            ),
          };
      }
    };
    fc.assert(
      fc.property(tree, (node) => {
        expect(normalise(parseDownloadRule(write(node)))).toEqual(normalise(node));
      }),
      { numRuns: 300 },
    );
  });
});

describe("downloadRulePathFields", () => {
  it("splits a path into folder, file name and extension", () => {
    expect(downloadRulePathFields("onnx/model.fp16.onnx")).toEqual({
      path: "onnx/model.fp16.onnx",
      path_prefix: "onnx/",
      path_extension: "onnx",
      path_filename: "model.fp16",
    });
    expect(downloadRulePathFields("config.json")).toMatchObject({ path_prefix: "", path_filename: "config" });
    expect(downloadRulePathFields("ckpt/tensor00000_000")).toMatchObject({
      path_extension: "",
      path_filename: "tensor00000_000",
    });
    expect(downloadRulePathFields(".gitattributes")).toMatchObject({
      path_extension: "",
      path_filename: ".gitattributes",
    });
  });

  it("rejects an empty path", () => {
    expect(() => downloadRulePathFields("")).toThrow(/non-empty string, got ""/);
  });
});

describe("evaluating rules on repo file lists", () => {
  const transformersRepo = [
    ".gitattributes",
    "README.md",
    "config.json",
    "generation_config.json",
    "model-00001-of-00002.safetensors",
    "model-00002-of-00002.safetensors",
    "model.safetensors.index.json",
    "tokenizer.json",
  ];
  const diffusersRepo = [
    "model_index.json",
    "scheduler/scheduler_config.json",
    "text_encoder/config.json",
    "unet/config.json",
    "unet/diffusion_pytorch_model.safetensors",
    "vae/config.json",
  ];
  const ggufRepo = ["README.md", "Llama-3.2-1B-Instruct-Q4_K_M.gguf", "Llama-3.2-1B-Instruct-Q8_0.gguf"];
  const whisperkitRepo = [
    "config.json",
    "openai_whisper-tiny/AudioEncoder.mlmodelc/model.mil",
    "openai_whisper-tiny/AudioEncoder.mlmodelc/weights/weight.bin",
    "openai_whisper-tiny/TextDecoder.mlmodelc/model.mil",
  ];

  it("counts only root-level config files under the default rule", () => {
    expect(evaluateDownloadRule(DEFAULT_DOWNLOAD_RULE, transformersRepo)).toBe(true);
    expect(filesCountingDownloads(DEFAULT_DOWNLOAD_RULE, transformersRepo)).toEqual(["config.json"]);
    // diffusers pipelines keep config.json only in component folders: nothing counts by default
    expect(evaluateDownloadRule(DEFAULT_DOWNLOAD_RULE, diffusersRepo)).toBe(false);
    expect(evaluateDownloadRule(DEFAULT_DOWNLOAD_RULE, ggufRepo)).toBe(false);
    expect(
      evaluateDownloadRule(DEFAULT_DOWNLOAD_RULE, ["speechbrain/hyperparams.yaml", "hyperparams.yaml"]),
    ).toBe(true);
  });

  it("matches extensions exactly and across folders", () => {
    expect(filesCountingDownloads('path_extension:"gguf"', ggufRepo)).toEqual(ggufRepo.slice(1));
    expect(filesCountingDownloads('path_extension:"safetensors"', diffusersRepo)).toEqual([
      "unet/diffusion_pytorch_model.safetensors",
    ]);
    expect(fileCountsDownload('path_extension:"json"', "model.safetensors.index.json")).toBe(true);
    expect(fileCountsDownload('path_extension:"safetensors"', "model.safetensors.index.json")).toBe(false);
    expect(fileCountsDownload('path_extension:"GGUF"', "model.gguf")).toBe(false);
  });

  it("requires all AND terms to hold for the same file", () => {
    const ticClip = 'path_extension:"pt" AND path_prefix:"checkpoints/"';
    expect(evaluateDownloadRule(ticClip, ["checkpoints/2016.pt", "README.md"])).toBe(true);
    // a .pt at the root and a folder named checkpoints/ are two different files
    expect(evaluateDownloadRule(ticClip, ["model.pt", "checkpoints/notes.txt"])).toBe(false);
    // path_prefix is the whole folder, not its first segment
    expect(evaluateDownloadRule(ticClip, ["checkpoints/2016/model.pt"])).toBe(false);
  });

  it("treats _exists_ as 'the field is non-empty for this file'", () => {
    const whisperkit = downloadRuleForLibrary("whisperkit");
    expect(filesCountingDownloads(whisperkit, whisperkitRepo)).toEqual([
      "openai_whisper-tiny/AudioEncoder.mlmodelc/model.mil",
      "openai_whisper-tiny/TextDecoder.mlmodelc/model.mil",
    ]);
    expect(evaluateDownloadRule(whisperkit, ["model.mil"])).toBe(false);
    expect(fileCountsDownload('_exists_:"path_extension"', "ckpt/tensor00000_000")).toBe(false);
    expect(fileCountsDownload('_exists_:"path_extension"', "ckpt/tensor.bin")).toBe(true);
    expect(fileCountsDownload('_exists_:"path"', "README.md")).toBe(true);
  });

  it("applies NOT to a single file's fields", () => {
    const rule = 'path_extension:"gguf" AND NOT path_filename:"mmproj-model-f16"';
    expect(filesCountingDownloads(rule, ["mmproj-model-f16.gguf", "model-Q4_0.gguf"])).toEqual([
      "model-Q4_0.gguf",
    ]);
  });

  it("accepts a parsed tree in place of the rule text", () => {
    const tree = parseDownloadRule('path:"adapter_config.json"');
    expect(evaluateDownloadRule(tree, ["adapter_config.json", "adapter_model.safetensors"])).toBe(true);
    expect(evaluateDownloadRule(tree, [])).toBe(false);
  });

  it("never turns a malformed rule into a silent false", () => {
    expect(() => evaluateDownloadRule('path:"config.json" OR', transformersRepo)).toThrow(
      DownloadRuleSyntaxError,
    );
    expect(() => fileCountsDownload("path_ext:gguf", "a.gguf")).toThrow(/unknown field 'path_ext'/);
  });

  it("rejects file lists that are not arrays", () => {
    expect(() => evaluateDownloadRule(DEFAULT_DOWNLOAD_RULE, "config.json" as unknown as string[])).toThrow(
      /must be an array of strings, got string/,
    );
  });
});

describe("library download rules", () => {
  it("uses each library's own rule, and the default for the others", () => {
    const byId = new Map(readLibraryTable().map((row) => [row.id, row.countDownloads]));
    let ownRules = 0;
    for (const key of ALL_MODEL_LIBRARY_KEYS) {
      const own = byId.get(key);
      expect(downloadRuleForLibrary(key), key).toBe(own || DEFAULT_DOWNLOAD_RULE);
      if (own) ownRules++;
    }
    expect(ownRules).toBe(RULE_COUNT);
  });

  it("answers per library on realistic repos", () => {
    expect(libraryCountsDownload("nemo", ["parakeet-tdt-0.6b-v2.nemo", "README.md"])).toBe(true);
    expect(libraryCountsDownload("peft", ["adapter_config.json", "adapter_model.safetensors"])).toBe(true);
    expect(libraryCountsDownload("peft", ["config.json", "model.safetensors"])).toBe(false);
    expect(libraryCountsDownload("transformers", ["config.json", "model.safetensors"])).toBe(true);
    expect(libraryCountsDownload("open_clip", ["open_clip_pytorch_model.bin", "open_clip_config.json"])).toBe(
      true,
    );
    expect(libraryCountsDownload("grok", ["ckpt-0/tensor00000_000", "ckpt-0/tensor00001_000"])).toBe(true);
    // ssr-speech's rule says ".pth" with the dot, and extensions are stored without it
    expect(libraryCountsDownload("ssr-speech", ["English.pth", "encodec_4cb2048_giga.th"])).toBe(false);
  });

  it("rejects a key that is not a library", () => {
    expect(() => libraryCountsDownload("transformer" as "transformers", ["config.json"])).toThrow(
      /Unknown model library 'transformer'/,
    );
  });
});
