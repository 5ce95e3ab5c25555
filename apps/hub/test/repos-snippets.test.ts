// The catalogue's own "Use this model" snippets download for real from a hosted repo: from every
// library's snippets, the statements that only need huggingface_hub (hf_hub_download,
// snapshot_download, list_repo_files, `hf download` of this repo) are run against a repo uploaded
// here, which holds the files those statements name (read from the statements themselves).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MODEL_LIBRARIES_UI_ELEMENTS, type ModelData } from "@hubkit/tasks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientEnv, runPython } from "./support/python.js";
import { startTestHub, type TestHub } from "./support/hub.js";

const REPO = "gwen/snippets";
let hub: TestHub;
let token: string;

interface Extracted {
  library: string;
  python: string[];
  shell: string[];
}

/** A single-line statement whose brackets balance (multi-line calls are left out). */
function balanced(line: string): boolean {
  let depth = 0;
  for (const char of line) {
    if ("([{".includes(char)) depth++;
    if (")]}".includes(char)) depth--;
  }
  return depth === 0;
}

const HUB_NAMES = new Set(["hf_hub_download", "snapshot_download", "list_repo_files"]);

function extract(library: string, snippets: string[]): Extracted {
  const python: string[] = [];
  const shell: string[] = [];
  for (const snippet of snippets) {
    for (const raw of snippet.split("\n")) {
      const line = raw.trim();
      const imported = /^from huggingface_hub import (.+)$/.exec(line);
      if (imported) {
        const names = imported[1]
          .split(",")
          .map((name) => name.trim())
          .filter((name) => HUB_NAMES.has(name));
        if (names.length) python.push(`from huggingface_hub import ${names.join(", ")}`);
      } else if (
        /^(\w+ = )?(hf_hub_download|snapshot_download)\(/.test(line) ||
        /^filename = next\(f for f in list_repo_files\(/.test(line)
      ) {
        if (balanced(line) && line.includes(JSON.stringify(REPO))) python.push(line);
      } else if (line.startsWith(`hf download ${REPO}`) && !/[`$]/.test(line)) {
        shell.push(line.replace(/\s*\\$/, ""));
      }
    }
  }
  return { library, python, shell };
}

/** The files a statement names: literal file names, endswith() suffixes, allow_patterns and --include globs. */
function filesNamed(statement: string): string[] {
  const names: string[] = [];
  const literal = /hf_hub_download\([^,]+,\s*(?:filename=)?"([^"]+)"/.exec(statement);
  if (literal) names.push(literal[1]);
  for (const match of statement.matchAll(/filename="([^"]+)"/g)) names.push(match[1]);
  const endings = /endswith\(\(?([^)]*)\)?\)/.exec(statement);
  if (endings)
    for (const suffix of endings[1].matchAll(/"([^"]+)"/g)) names.push(`weights/model${suffix[1]}`);
  const patterns =
    /allow_patterns=\[([^\]]*)\]/.exec(statement) ?? /allow_patterns="([^"]*)"/.exec(statement);
  if (patterns)
    for (const glob of patterns[1].matchAll(/"([^"]+)"/g)) names.push(glob[1].replace(/\*\*?/g, "x"));
  const shellWords = statement.startsWith("hf download") ? statement.split(/\s+/).slice(3) : [];
  for (let i = 0; i < shellWords.length; i++) {
    const word = shellWords[i].replace(/^['"]|['"]$/g, "");
    if (word === "--local-dir" || word === "--revision") i++;
    else if (word === "--include") {
      while (shellWords[i + 1] && !shellWords[i + 1].startsWith("--"))
        names.push(shellWords[++i].replace(/^['"]|['"]$/g, "").replace(/\*/g, "x"));
    } else if (!word.startsWith("--")) names.push(word);
  }
  return names;
}

let extracted: Extracted[] = [];

beforeAll(async () => {
  hub = await startTestHub("repos-snippets", { dataSubdir: "data", seed: false });
  token = await hub.repos.access.createToken("gwen", { write: true });
  const model = {
    id: REPO,
    pipeline_tag: "text-generation",
    tags: [],
    library_name: "transformers",
  } as unknown as ModelData;
  extracted = Object.entries(MODEL_LIBRARIES_UI_ELEMENTS)
    .map(([library, element]) => {
      const snippets = (element as { snippets?: (m: ModelData) => string[] }).snippets?.(model) ?? [];
      return extract(library, snippets);
    })
    .filter((item) => item.python.some((line) => !line.startsWith("from ")) || item.shell.length > 0);
  const folder = path.join(hub.folder, "repo");
  const needed = new Set(["README.md", "config.json"]);
  for (const item of extracted)
    for (const statement of [...item.python, ...item.shell])
      for (const name of filesNamed(statement)) needed.add(name);
  for (const name of needed) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), `content of ${name}\n`);
  }
  await runPython(
    `import json
from huggingface_hub import HfApi
api = HfApi()
api.create_repo("${REPO}")
api.upload_folder(folder_path="repo", repo_id="${REPO}")
print(json.dumps({}))`,
    clientEnv(hub.url, path.join(hub.folder, "upload-cache"), { HF_TOKEN: token }),
    hub.folder,
  );
}, 120_000);

afterAll(() => hub?.close());

describe("library snippets download from a hosted repo", () => {
  it("finds download statements in many libraries' snippets", () => {
    expect(extracted.length).toBeGreaterThanOrEqual(20);
  });

  // One Python process runs them all (each block in its own namespace): a process per library would
  // spend most of the test starting interpreters.
  it("runs every library's Python download statements", async () => {
    const blocks = extracted
      .filter((entry) => entry.python.some((line) => !line.startsWith("from ")))
      .map((entry) => ({ library: entry.library, code: entry.python.join("\n") }));
    const out = await runPython(
      `import json, traceback
blocks = json.loads(${JSON.stringify(JSON.stringify(blocks))})
failures = []
for block in blocks:
    try:
        exec(block["code"], {})
    except Exception:
        failures.append(block["library"] + ": " + traceback.format_exc(limit=1) + "\\n" + block["code"])
print(json.dumps({"ran": len(blocks), "failures": failures}))`,
      clientEnv(hub.url, path.join(hub.folder, "run-cache")),
      hub.folder,
    );
    expect(out.failures).toEqual([]);
    expect(out.ran).toBeGreaterThanOrEqual(15);
  }, 300_000);

  // The `hf` CLI's own entry (the Typer app behind the `hf` command) runs each command line as the
  // shell would split it, in one process, each in a folder of its own.
  it("runs every `hf download` of this repo, and the files arrive", async () => {
    // Commands that differ only in their --local-dir download the same files: one of each is run.
    const seen = new Set<string>();
    const commands = extracted
      .flatMap((item) => item.shell.map((line) => ({ library: item.library, line })))
      .filter(({ line }) => {
        const shape = line.replace(/--local-dir\s+\S+/, "");
        if (seen.has(shape)) return false;
        seen.add(shape);
        return true;
      });
    expect(commands.length).toBeGreaterThanOrEqual(5);
    const out = await runPython(
      `import json, os, shlex, traceback
from huggingface_hub.cli.hf import app
commands = json.loads(${JSON.stringify(JSON.stringify(commands))})
failures = []
root = os.getcwd()
for index, command in enumerate(commands):
    folder = os.path.join(root, "shell-%d" % index)
    os.makedirs(folder)
    os.chdir(folder)
    try:
        app(args=shlex.split(command["line"])[1:], standalone_mode=False)
        downloaded = [f for _, _, files in os.walk(folder) for f in files if not f.startswith(".")]
        cached = "--local-dir" not in command["line"]
        if not downloaded and not cached:
            failures.append(command["library"] + ": nothing downloaded by " + command["line"])
    except BaseException:
        failures.append(command["library"] + ": " + command["line"] + "\\n" + traceback.format_exc(limit=2))
    finally:
        os.chdir(root)
print(json.dumps({"ran": len(commands), "failures": failures}))`,
      clientEnv(hub.url, path.join(hub.folder, "shell-cache")),
      hub.folder,
    );
    expect(out.failures).toEqual([]);
    expect(out.ran).toBe(commands.length);
  }, 300_000);
});
