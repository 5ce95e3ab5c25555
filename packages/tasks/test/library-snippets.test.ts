// Every library's usage snippets, generated for realistic model infos and for a bare one, must be
// valid code (Python: ast, JavaScript: acorn, shell: bash -n), must name the model, and must quote it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse, tokenizer } from "acorn";
import { describe, it, expect, afterAll } from "vitest";
import type { ModelData } from "../src/model-data.js";
import { LIBRARY_SNIPPETS } from "../src/library-snippets/index.js";
import { SNIPPETS_A_TO_L } from "../src/library-snippets/libraries-a-l.js";
import { MODEL_INFOS_A_TO_L } from "./fixtures/library-model-infos-a-l.js";
import { MODEL_INFOS_M_TO_Z } from "./fixtures/library-model-infos-m-z.js";

type Language = "python" | "js" | "sh" | "csharp";

interface Snippet {
  library: string;
  modelId: string;
  index: number;
  code: string;
  language: Language;
}

/**
 * Libraries whose snippets may legitimately not name the model, because the library loads a fixed
 * foundation model or a model chosen by a name unrelated to the repository id.
 */
const IGNORES_MODEL_ID = new Set([
  "mesh-anything",
  "saelens",
  "seed-story",
  "unity-sentis",
  "whisperkit",
  "vui",
  "supertonic",
]);

// A shell block's first command (after comments) is one of these; anything else is code.
const SHELL_COMMAND =
  /^(?:git|pip3?|uvx?|hf|huggingface-cli|cd|python3?|npm|npx|pnpm|yarn|brew|export|chmod|cmake|make|curl|wget|mkdir|ls|bash|sh|cat|conda|docker|apt(?:-get)?|for|\.\/\S*|[\w.-]+-cli|litert-lm|htrflow|boltzgen|intellifold|lerobot-[\w-]+|mlagents-[\w-]+|mlx_lm\.\w+|mlc_llm|ollama|llama-[\w-]+)(?:\s|$)/;

function firstCodeLine(code: string, comment: RegExp): string {
  return (
    code
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line !== "" && !comment.test(line)) ?? ""
  );
}

/** Decides a block's language from its content: generators return plain text blocks. */
function languageOf(code: string): Language {
  const firstJs = firstCodeLine(code, /^\/\//);
  // Unity's C# (declarations ending in ";") is shown as is; it is not parsed here.
  if (/^(?:using|string|var|Model|IWorker|Worker)\s.*;$/.test(firstJs)) {
    return "csharp";
  }
  if (
    /^\/\//.test(code.trim()) ||
    /^import\s.*\sfrom\s+["'][^"']+["'];?$/.test(firstJs) ||
    /^(?:const|let|await)\s/.test(firstJs)
  ) {
    return "js";
  }
  const first = firstCodeLine(code, /^#/);
  if (SHELL_COMMAND.test(first)) {
    return "sh";
  }
  return "python";
}

const BARE_MODEL: ModelData = { id: "acme-labs/model.v2_test-1", tags: [], inference: "" };

const fixtures = [...MODEL_INFOS_A_TO_L, ...MODEL_INFOS_M_TO_Z];

function generateAll(): {
  snippets: Snippet[];
  generations: { library: string; model: ModelData; blocks: string[] }[];
} {
  const snippets: Snippet[] = [];
  const generations: { library: string; model: ModelData; blocks: string[] }[] = [];
  for (const [library, generate] of Object.entries(LIBRARY_SNIPPETS)) {
    if (!generate) continue;
    const models = [...fixtures.filter((model) => model.library_name === library), { ...BARE_MODEL }];
    for (const model of models) {
      const blocks = generate(model);
      generations.push({ library, model, blocks });
      blocks.forEach((code, index) =>
        snippets.push({ library, modelId: model.id, index, code, language: languageOf(code) }),
      );
    }
  }
  return { snippets, generations };
}

const { snippets, generations } = generateAll();
const label = (s: Snippet) => `${s.library} [${s.modelId}] block ${s.index}`;
const tempDir = mkdtempSync(join(tmpdir(), "hubkit-snippets-"));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

// Parses every Python block, then checks with the tokenizer that the model id occurs only inside
// string literals or comments. One interpreter for all blocks.
const PYTHON_CHECKER = `
import ast, io, json, sys, tokenize
failures = []
for item in json.load(sys.stdin):
    try:
        ast.parse(item["code"])
    except SyntaxError as error:
        failures.append({"label": item["label"], "error": f"{error.msg} (line {error.lineno}): {error.text!r}"})
        continue
    for token in tokenize.generate_tokens(io.StringIO(item["code"]).readline):
        if token.type not in (tokenize.STRING, tokenize.COMMENT) and item["id"] in token.line[token.start[1]:token.end[1]]:
            failures.append({"label": item["label"], "error": f"unquoted model id in {token.string!r}"})
print(json.dumps(failures))
`;

function jsUnquotedIdTokens(code: string, modelId: string): string[] {
  const found: string[] = [];
  for (const token of tokenizer(code, { ecmaVersion: "latest", sourceType: "module" })) {
    const kind = token.type.label;
    if (kind !== "string" && kind !== "template" && code.slice(token.start, token.end).includes(modelId)) {
      found.push(code.slice(token.start, token.end));
    }
  }
  return found;
}

describe("library snippets", () => {
  it("are generated for every library with a generator, for each fixture and a bare model", () => {
    const libraries = new Set(generations.map((g) => g.library));
    console.log(
      `library snippets: ${libraries.size} libraries, ${generations.length} generations, ${snippets.length} blocks ` +
        `(python ${snippets.filter((s) => s.language === "python").length}, ` +
        `shell ${snippets.filter((s) => s.language === "sh").length}, ` +
        `js ${snippets.filter((s) => s.language === "js").length}, ` +
        `other ${snippets.filter((s) => s.language === "csharp").length})`,
    );
    expect(libraries.size).toBeGreaterThan(0);
    for (const { library, model, blocks } of generations) {
      expect(Array.isArray(blocks), `${library} [${model.id}]`).toBe(true);
      expect(blocks.length, `${library} [${model.id}] returned no block`).toBeGreaterThan(0);
    }
  });

  it("every Python block parses and quotes the model id", () => {
    const python = snippets.filter((s) => s.language === "python");
    const result = spawnSync("python3", ["-c", PYTHON_CHECKER], {
      input: JSON.stringify(python.map((s) => ({ label: label(s), code: s.code, id: s.modelId }))),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status, result.stderr).toBe(0);
    const failures = JSON.parse(result.stdout) as { label: string; error: string }[];
    console.log(
      `python: ${python.length - new Set(failures.map((f) => f.label)).size}/${python.length} blocks clean`,
    );
    expect(failures.map((f) => `${f.label}: ${f.error}`)).toEqual([]);
  });

  it("every JavaScript block parses and quotes the model id", () => {
    const failures: string[] = [];
    const js = snippets.filter((s) => s.language === "js");
    for (const snippet of js) {
      try {
        parse(snippet.code, { ecmaVersion: "latest", sourceType: "module" });
        const unquoted = jsUnquotedIdTokens(snippet.code, snippet.modelId);
        if (unquoted.length) failures.push(`${label(snippet)}: unquoted model id in ${unquoted.join(", ")}`);
      } catch (error) {
        failures.push(`${label(snippet)}: ${(error as Error).message}`);
      }
    }
    console.log(`js: ${js.length - failures.length}/${js.length} blocks clean`);
    expect(failures).toEqual([]);
  });

  it("every shell block passes bash -n", () => {
    const shell = snippets.filter((s) => s.language === "sh");
    shell.forEach((snippet, i) => writeFileSync(join(tempDir, `${i}.sh`), `${snippet.code}\n`));
    // One bash process checks every file; it prints the index of each file that fails.
    const result = spawnSync(
      "bash",
      ["-c", `for f in "$1"/*.sh; do bash -n "$f" 2>/dev/null || basename "$f" .sh; done`, "check", tempDir],
      { encoding: "utf8", timeout: 30_000 },
    );
    expect(result.status, result.stderr).toBe(0);
    const failed = result.stdout
      .split("\n")
      .filter(Boolean)
      .map((i) => {
        const snippet = shell[Number(i)];
        const error = spawnSync("bash", ["-n", join(tempDir, `${i}.sh`)], { encoding: "utf8" }).stderr.trim();
        return `${label(snippet)}: ${error}`;
      });
    console.log(`shell: ${shell.length - failed.length}/${shell.length} blocks clean`);
    expect(failed).toEqual([]);
  });

  it("no block contains undefined, [object Object] or is empty", () => {
    const bad = snippets.filter(
      (s) =>
        s.code.trim() === "" ||
        /\bundefined\b/.test(s.code) ||
        s.code.includes("[object Object]") ||
        /\bNaN\b/.test(s.code),
    );
    expect(bad.map(label)).toEqual([]);
  });

  // Some libraries resolve weights by the repository's name alone (birder, perception-encoder, spacy).
  it("each generation names the model, unless the library deliberately ignores the id", () => {
    const missing = generations
      .filter(({ library }) => !IGNORES_MODEL_ID.has(library))
      .filter(({ model, blocks }) => {
        const name = model.id.slice(model.id.indexOf("/") + 1);
        return !blocks.some((block) => block.includes(model.id) || block.includes(JSON.stringify(name)));
      })
      .map(({ library, model }) => `${library} [${model.id}]`);
    expect(missing).toEqual([]);
  });

  it("every library marked hasSnippets in the fact table has a generator", () => {
    const [header, ...rows] = readFileSync(new URL("./fixtures/libraries-head.tsv", import.meta.url), "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => line.split("\t"));
    const id = header.indexOf("id");
    const hasSnippets = header.indexOf("hasSnippets");
    const expected = rows.filter((row) => row[hasSnippets] === "true").map((row) => row[id]);
    expect(expected.length).toBeGreaterThan(100);
    const missing = expected.filter((library) => !LIBRARY_SNIPPETS[library]);
    const missingAToL = missing.filter((library) => /^[0-9a-l]/i.test(library));
    expect(missingAToL, "a–l libraries without a generator").toEqual([]);
    expect(missing, "m–z libraries without a generator").toEqual([]);
  });

  it("a–l generators are keyed by ids of the fact table in the a–l range", () => {
    const ids = new Set(
      readFileSync(new URL("./fixtures/libraries-head.tsv", import.meta.url), "utf8")
        .split("\n")
        .slice(1)
        .map((line) => line.split("\t")[0]),
    );
    for (const key of Object.keys(SNIPPETS_A_TO_L)) {
      expect(ids.has(key), key).toBe(true);
      expect(key, key).toMatch(/^[0-9a-l]/);
    }
    // Every a–l library has a fixture beyond the bare model.
    const withFixtures = new Set(MODEL_INFOS_A_TO_L.map((model) => model.library_name));
    expect(Object.keys(SNIPPETS_A_TO_L).filter((key) => !withFixtures.has(key))).toEqual([]);
  });
});
