// No code smuggled into "Use this model" snippets: every model-provided value (the id, transformers'
// auto_model and processor, config and card fields, widget text, file names…) reaches a snippet only
// through the escaping layer (library-snippets/helpers.ts: py, js, sh and the identifier checks), so
// a hostile value ends up inside a string literal or a comment, never as code.
//
// Property: for every library snippet generator and every local app, models whose string fields are
// replaced by hostile values (quotes, newlines, backslashes, `${}`, backticks, `$(...)`, Unicode line
// separators, each around the marker PWNED) give snippets that parse (python3 ast.parse, acorn, bash
// -n) and in which PWNED never stands as code: blanking out string literals and comments leaves no
// PWNED token. fast-check draws the models, with a fixed seed so a failure replays.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse, tokenizer } from "acorn";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { LIBRARY_SNIPPETS } from "../src/library-snippets/index.js";
import { LOCAL_APPS, type LocalAppSnippet } from "../src/local-apps.js";
import type { ModelData } from "../src/model-data.js";
import { LIBRARY_MODEL_INFOS } from "./fixtures/library-model-infos.js";
import { type Language, languageOf } from "./snippet-language.js";

const MARK = "PWNED";
/** PWNED standing as a token of its own (a sanitised identifier such as a_PWNED_b is not code). */
const MARK_AS_CODE = /(?<![A-Za-z0-9_])PWNED(?![A-Za-z0-9_])/;

const HOSTILE = [
  `a"); __import__("os").system("${MARK}"); ("`,
  `a'); __import__('os').system('${MARK}'); ('`,
  `AutoModel\nimport os; os.system("${MARK}")\n#`,
  `x\\"\n(${MARK})()\n`,
  `x\\\n(${MARK})`,
  `\${(${MARK})()}`,
  "`(" + MARK + ")`",
  `$(${MARK})`,
  `x'; (${MARK}); echo '`,
  `x"; (${MARK}); echo "`,
  `a\u2028(${MARK})()\u2029b`,
  `a\r\n(${MARK}) = 1\r\n`,
  `*/ (${MARK})() /*`,
  `x </script>(${MARK})`,
  `""" + (${MARK}) + """`,
  `{{(${MARK})}}`,
] as const;

/** Fields that choose a generator's branch (not shown as values): kept so every branch is reached. */
const STRUCTURAL = new Set([
  "pipeline_tag",
  "library_name",
  "tags",
  "inference",
  "quant_method",
  // local apps offer agents for templates that mention tools; the template itself is never shown
  "chat_template",
]);

/** The model with every string value (but the structural ones) replaced by `hostile(i)`. */
function poison(model: ModelData, hostile: (i: number) => string, poisonId = true): ModelData {
  let n = 0;
  const walk = (value: unknown, key?: string): unknown => {
    if (key !== undefined && STRUCTURAL.has(key)) return value;
    if (typeof value === "string") return hostile(n++);
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    }
    return value;
  };
  const poisoned = walk(model) as ModelData;
  // The id keeps an owner/name shape that some generators split on.
  poisoned.id = poisonId ? `acme/${hostile(n++)}` : model.id;
  return poisoned;
}

const arbitraryPoison = fc.record({
  payloads: fc.array(fc.constantFrom(...HOSTILE), { minLength: 1, maxLength: 6 }),
  prefix: fc.string({ maxLength: 3 }),
});

interface Block {
  label: string;
  code: string;
  language: Language;
}

function libraryBlocks(): Block[] {
  const blocks: Block[] = [];
  for (const [library, generate] of Object.entries(LIBRARY_SNIPPETS)) {
    if (!generate) continue;
    const fixtures = [
      ...LIBRARY_MODEL_INFOS.filter((model) => model.library_name === library),
      { id: "acme/bare", library_name: library, tags: [library], inference: "" } as ModelData,
    ];
    fixtures.forEach((fixture, f) => {
      const samples = fc.sample(arbitraryPoison, { seed: 34 + f, numRuns: 3 });
      samples.forEach(({ payloads, prefix }, s) => {
        const model = poison(fixture, (i) => prefix + payloads[i % payloads.length]);
        generate(model).forEach((code, index) =>
          blocks.push({ label: `${library} #${f}.${s} block ${index}`, code, language: languageOf(code) }),
        );
      });
    });
  }
  return blocks;
}

/** Models each local app is shown for: GGUF (chat, base), MLX, a transformers chat model. */
const LOCAL_APP_MODELS: ModelData[] = [
  {
    id: "acme/chat-GGUF",
    inference: "",
    tags: ["gguf", "llama", "conversational"],
    gguf: { total: 3_212_749_888, architecture: "llama", context_length: 131_072 },
  },
  {
    id: "acme/agent-GGUF",
    inference: "",
    tags: ["gguf", "qwen3", "conversational"],
    gguf: {
      total: 4_022_468_096,
      architecture: "qwen3",
      context_length: 40_960,
      chat_template: "{% if tools %}{{ tools | tojson }}{% endif %}",
    },
  },
  {
    id: "acme/base-GGUF",
    inference: "",
    tags: ["gguf", "gemma"],
    gguf: { total: 2_506_172_416, architecture: "gemma", context_length: 8192 },
  },
  {
    id: "acme/chat-mlx",
    inference: "",
    pipeline_tag: "text-generation",
    library_name: "mlx",
    tags: ["mlx", "conversational", "text-generation"],
  },
  {
    id: "acme/chat",
    inference: "",
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: [
      "transformers",
      "safetensors",
      "llama",
      "text-generation",
      "conversational",
      "text-generation-inference",
    ],
    config: { architectures: ["LlamaForCausalLM"], model_type: "llama" },
    widgetData: [{ text: "Hello" }],
  },
  {
    id: "acme/image",
    inference: "",
    pipeline_tag: "text-to-image",
    library_name: "diffusers",
    tags: ["diffusers", "safetensors", "text-to-image", "coreml", "joyfusion"],
  },
] as ModelData[];

function localAppBlocks(): Block[] {
  const blocks: Block[] = [];
  for (const [key, app] of Object.entries(LOCAL_APPS)) {
    LOCAL_APP_MODELS.forEach((fixture, f) => {
      fc.sample(arbitraryPoison, { seed: 340 + f, numRuns: 3 }).forEach(({ payloads, prefix }, s) => {
        // Local apps refuse an id that is not a repo id (tested below): the other values are poisoned.
        const model = poison(fixture, (i) => prefix + payloads[i % payloads.length], false);
        if (!app.displayOnModelPage(model)) return;
        const label = `local app ${key} #${f}.${s}`;
        if ("deeplink" in app) {
          for (const filepath of [undefined, `${prefix}${payloads[0]}.gguf`]) {
            // A deeplink is a URL: the hostile value must be percent-encoded into it, not break it.
            const url = app.deeplink(model, filepath).toString();
            blocks.push({ label: `${label} deeplink`, code: url, language: "sh" });
          }
          return;
        }
        for (const filepath of [undefined, `${prefix}${payloads[0]}.gguf`]) {
          const out = app.snippet(model, filepath);
          const list = (Array.isArray(out) ? out : [out]) as (string | LocalAppSnippet)[];
          list.forEach((item, i) => {
            const parts =
              typeof item === "string"
                ? [item]
                : [item.setup ?? "", ...(Array.isArray(item.content) ? item.content : [item.content])];
            parts
              .filter((part) => part !== "")
              .forEach((code, j) => blocks.push({ label: `${label} ${i}.${j}`, code, language: "sh" }));
          });
        }
      });
    });
  }
  return blocks;
}

const tempDir = mkdtempSync(join(tmpdir(), "hubkit-snippet-injection-"));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

// Parses each block, then blanks out string literals and comments (with Python's own tokenizer)
// and looks for the marker in what is left.
const PYTHON_CHECKER = `
import ast, io, json, re, sys, tokenize
mark = re.compile(r"(?<![A-Za-z0-9_])PWNED(?![A-Za-z0-9_])")
def as_code(code):
    # Offsets from the lines as the tokenizer reads them (str.splitlines would also split on U+2028).
    lines = []
    readline = io.StringIO(code, newline="").readline
    def reading():
        line = readline()
        lines.append(line)
        return line
    masked = list(code)
    spans = []
    for token in tokenize.generate_tokens(reading):
        if token.type in (tokenize.STRING, tokenize.COMMENT) or token.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            spans.append((token.start, token.end))
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    for (srow, scol), (erow, ecol) in spans:
        begin = starts[srow - 1] + scol
        end = starts[erow - 1] + ecol
        masked[begin:end] = " " * (end - begin)
    return bool(mark.search("".join(masked)))
failures = []
for item in json.load(sys.stdin):
    try:
        ast.parse(item["code"])
    except SyntaxError as error:
        failures.append(f'{item["label"]}: does not parse: {error.msg} (line {error.lineno}): {error.text!r}')
        continue
    try:
        if as_code(item["code"]):
            failures.append(f'{item["label"]}: {item["mark"]} outside a string literal')
    except tokenize.TokenError as error:
        failures.append(f'{item["label"]}: does not tokenize: {error}')
print(json.dumps(failures))
`;

function checkPython(blocks: Block[]): string[] {
  const result = spawnSync("python3", ["-c", PYTHON_CHECKER], {
    input: JSON.stringify(blocks.map((b) => ({ label: b.label, code: b.code, mark: MARK }))),
    encoding: "utf8",
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`python3 checker failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as string[];
}

function checkJs(block: Block): string | undefined {
  try {
    parse(block.code, { ecmaVersion: "latest", sourceType: "module" });
  } catch (error) {
    return `${block.label}: does not parse: ${(error as Error).message}`;
  }
  const masked = block.code.split("");
  const blank = (start: number, end: number) => masked.fill(" ", start, end);
  for (const token of tokenizer(block.code, {
    ecmaVersion: "latest",
    sourceType: "module",
    onComment: (_b, _t, start, end) => blank(start, end),
  })) {
    if (token.type.label === "string" || token.type.label === "template") blank(token.start, token.end);
  }
  return MARK_AS_CODE.test(masked.join("")) ? `${block.label}: ${MARK} outside a string literal` : undefined;
}

/**
 * Shell: what is left once single-quoted words, comments and double-quoted words without `$` or
 * backticks (which stay live in double quotes) are blanked out.
 */
function shellAsCode(code: string): string {
  let out = "";
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    // A here-document with a quoted delimiter is text: blanked to its closing line.
    const heredoc = /^<<-?\s*(['"])(\w+)\1[^\n]*\n/.exec(code.slice(i));
    if (heredoc) {
      const close = new RegExp(`^\\t*${heredoc[2]}$`, "m");
      const rest = code.slice(i + heredoc[0].length);
      const end = close.exec(rest);
      const stop = i + heredoc[0].length + (end ? end.index : rest.length);
      out += " ".repeat(stop - i);
      i = stop;
    } else if (c === "\\") {
      out += "  ";
      i += 2;
    } else if (c === "'") {
      const end = code.indexOf("'", i + 1);
      const stop = end === -1 ? code.length : end + 1;
      out += " ".repeat(stop - i);
      i = stop;
    } else if (c === '"') {
      let j = i + 1;
      while (j < code.length && code[j] !== '"') j += code[j] === "\\" ? 2 : 1;
      const word = code.slice(i, j + 1);
      out += /[$`]/.test(word) ? word : " ".repeat(word.length);
      i = j + 1;
    } else if (c === "#" && (i === 0 || /\s/.test(code[i - 1]!))) {
      const end = code.indexOf("\n", i);
      const stop = end === -1 ? code.length : end;
      out += " ".repeat(stop - i);
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function checkShell(blocks: Block[]): string[] {
  const failures: string[] = [];
  for (const block of blocks) {
    if (MARK_AS_CODE.test(shellAsCode(block.code)))
      failures.push(`${block.label}: ${MARK} outside a quoted word`);
  }
  // One bash -n for all blocks, each the body of a function; only if that fails, one per block to
  // name the blocks that do not parse.
  const all = join(tempDir, "all.sh");
  writeFileSync(all, blocks.map((block, i) => `__block_${i}() {\n${block.code}\n:\n}\n`).join(""));
  if (spawnSync("bash", ["-n", all], { encoding: "utf8" }).status === 0) return failures;
  blocks.forEach((block, i) => writeFileSync(join(tempDir, `${i}.sh`), `${block.code}\n`));
  const result = spawnSync(
    "bash",
    [
      "-c",
      `for f in "$1"/[0-9]*.sh; do bash -n "$f" 2>/dev/null || basename "$f" .sh; done`,
      "check",
      tempDir,
    ],
    { encoding: "utf8", timeout: 170_000 },
  );
  if (result.status !== 0) throw new Error(`bash checker failed: ${result.stderr}`);
  for (const index of result.stdout.split("\n").filter(Boolean)) {
    failures.push(`${blocks[Number(index)]!.label}: bash -n refuses it`);
  }
  return failures;
}

describe("hostile model values in snippets", () => {
  it("the checkers catch injected code and accept quoted values", () => {
    const mark = (code: string, language: Language): Block => ({ label: code, code, language });
    expect(
      checkPython([
        mark(`from transformers import AutoModel\nimport os; os.system("x")\n(${MARK})()`, "python"),
        mark(`model = load("a\\n(${MARK})()")  # (${MARK})`, "python"),
      ]),
    ).toHaveLength(1);
    expect(checkJs(mark(`const a = "\${x}"; (${MARK})();`, "js"))).toBeDefined();
    expect(checkJs(mark(`const a = "\${(${MARK})()}"; // (${MARK})`, "js"))).toBeUndefined();
    expect(MARK_AS_CODE.test(shellAsCode(`hf download "$(${MARK})"`))).toBe(true);
    expect(MARK_AS_CODE.test(shellAsCode(`hf download 'a"$(${MARK})' # $(${MARK})`))).toBe(false);
    expect(MARK_AS_CODE.test(shellAsCode(`cat > a <<'X'\n$(${MARK})\nX\n$(${MARK})`))).toBe(true);
    expect(MARK_AS_CODE.test(shellAsCode(`cat > a <<'X'\n$(${MARK})\nX\necho`))).toBe(false);
  });

  const library = libraryBlocks();
  const apps = localAppBlocks();
  const all = [...library, ...apps];

  it("reach every library generator and every local app with a snippet", () => {
    const libraries = new Set(library.map((b) => b.label.split(" ")[0]));
    expect(libraries.size).toBe(Object.values(LIBRARY_SNIPPETS).filter(Boolean).length);
    const appKeys = new Set(apps.map((b) => b.label.split(" ")[2]));
    expect(appKeys.size).toBe(Object.keys(LOCAL_APPS).length);
    console.log(
      `snippet injection: ${all.length} blocks (python ${all.filter((b) => b.language === "python").length}, ` +
        `js ${all.filter((b) => b.language === "js").length}, shell ${all.filter((b) => b.language === "sh").length}, ` +
        `C# not parsed ${all.filter((b) => b.language === "csharp").length})`,
    );
  });

  it("local apps refuse a model id that is not a repo id, naming it", () => {
    for (const [key, app] of Object.entries(LOCAL_APPS)) {
      if (!("snippet" in app)) continue;
      const model = { ...LOCAL_APP_MODELS[0]!, id: `acme/${HOSTILE[2]}` };
      expect(() => app.snippet(model), key).toThrow(/repo id/);
    }
  });

  it("Python blocks parse and hold hostile values only in string literals", { timeout: 120_000 }, () => {
    const failures = checkPython(all.filter((b) => b.language === "python"));
    expect(failures).toEqual([]);
  });

  it("JavaScript blocks parse and hold hostile values only in string literals", () => {
    const failures = all
      .filter((b) => b.language === "js")
      .map(checkJs)
      .filter(Boolean);
    expect(failures).toEqual([]);
  });

  it("shell blocks pass bash -n and hold hostile values only in quoted words", { timeout: 180_000 }, () => {
    expect(checkShell(all.filter((b) => b.language === "sh"))).toEqual([]);
  });
});
