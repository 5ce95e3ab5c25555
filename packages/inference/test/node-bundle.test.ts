// The Node bundle (dist/hubkit-inference.js, built by scripts/bundle.mjs) against the sources: same
// exports of the same kinds, and the split holding: importing it loads that one file, the deferred
// chunk (dist/hubkit-inference-deferred.cjs) is required on first use, and the two share the eager
// exports (error classes, logger, tables) rather than each having its own. Needs `npm run build`
// first (the test runner builds before testing).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ModelDataMinimal } from "@hubkit/tasks";
import * as source from "../src/index.js";
import { recordingLogger } from "./helpers.js";

const bundlePath = fileURLToPath(new URL("../dist/hubkit-inference.js", import.meta.url));
const chunkPath = fileURLToPath(new URL("../dist/hubkit-inference-deferred.cjs", import.meta.url));
if (!existsSync(bundlePath) || !existsSync(chunkPath))
  throw new Error(`${bundlePath} or its chunk is missing: run \`npm run build\` first`);
const bundle = (await import(bundlePath)) as typeof source;

/** What an export is: a class, a function of some kind and arity, or data (compared as JSON). */
function kind(value: unknown): unknown {
  if (typeof value === "function") {
    if (/^class\b/.test(Function.prototype.toString.call(value))) return "class";
    return {
      function: (Object.getPrototypeOf(value) as { constructor: { name: string } }).constructor.name,
      length: value.length,
    };
  }
  return { [typeof value]: value };
}

const CHAT = {
  id: "meta-llama/Llama-3.1-8B-Instruct",
  pipeline_tag: "text-generation",
  tags: ["conversational"],
} as ModelDataMinimal;

describe("the Node bundle", () => {
  it("loads one file at import and the deferred chunk on first use", () => {
    // In a fresh process, so that nothing else has loaded the chunk yet.
    const script = `
      import { createRequire } from "node:module";
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((f) => f.endsWith("hubkit-inference-deferred.cjs")).length;
      const m = await import(${JSON.stringify(bundlePath)});
      const atImport = loaded();
      const client = new m.InferenceClient("hf_x");
      const names = Object.keys(m.PROVIDERS).length;
      const afterKeys = loaded();
      void m.PROVIDERS.together;
      console.log(JSON.stringify({ atImport, afterClient: typeof client.chatCompletion, names, afterKeys, afterRead: loaded() }));
    `;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({
      atImport: 0,
      afterClient: "function",
      names: 23,
      afterKeys: 0,
      afterRead: 1,
    });
  });

  it("imports nothing at the top (the chunk is required, by a path next to the bundle)", () => {
    const code = readFileSync(bundlePath, "utf8");
    expect(code).not.toMatch(/^import\b|[;}]import\s*[{*"]/m);
    expect(code).toContain('"./hubkit-inference-deferred.cjs"');
  });

  it("exports the same names as the sources, each of the same kind", () => {
    expect(Object.keys(bundle).sort()).toEqual(Object.keys(source).sort());
    for (const name of Object.keys(source) as (keyof typeof source)[]) {
      if (name === "PROVIDERS" || name === "snippets") continue;
      expect(kind(bundle[name]), name).toEqual(kind(source[name]));
    }
    expect(Object.keys(bundle.snippets)).toEqual(Object.keys(source.snippets));
    expect(kind(bundle.snippets.getInferenceSnippets)).toEqual(kind(source.snippets.getInferenceSnippets));
  });

  it("gives PROVIDERS the same providers and tasks, with the helpers the client itself uses", () => {
    expect(Object.keys(bundle.PROVIDERS)).toEqual(Object.keys(source.PROVIDERS));
    for (const [provider, tasks] of Object.entries(source.PROVIDERS)) {
      const bundled = bundle.PROVIDERS[provider as keyof typeof source.PROVIDERS];
      expect(Object.keys(bundled), provider).toEqual(Object.keys(tasks));
      for (const task of Object.keys(tasks) as (keyof typeof tasks)[]) {
        expect(bundle.getProviderHelper(provider, task), `${provider} ${task}`).toBe(bundled[task]);
      }
    }
  });

  it("throws the exported error classes from deferred code", async () => {
    const error = await bundle.chatCompletion({ provider: "nope" as never, model: "m", messages: [] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(bundle.InferenceClientInputError);
    expect(error).toBeInstanceOf(bundle.InferenceClientError);
    expect(() => bundle.getProviderHelper("together", "fill-mask")).toThrow(bundle.InferenceClientInputError);
  });

  it("logs deferred code's lines to the logger set through the bundle", () => {
    const logger = recordingLogger();
    bundle.setLogger(logger);
    try {
      expect(bundle.snippets.getInferenceSnippets(CHAT, "black-forest-labs")).toEqual([]);
    } finally {
      bundle.setLogger(console);
    }
    expect(logger.lines.map((line) => line.level)).toContain("warn");
  });

  it("writes the same snippets as the sources (a synchronous call, as there)", () => {
    const embed = {
      id: "BAAI/bge-m3",
      pipeline_tag: "feature-extraction",
      tags: [] as string[],
    } as ModelDataMinimal;
    for (const [model, provider] of [
      [CHAT, "together"],
      [CHAT, "auto"],
      [embed, "hf-inference"],
    ] as const) {
      const bundled = bundle.snippets.getInferenceSnippets(model, provider);
      expect(bundled).not.toBeInstanceOf(Promise);
      expect(bundled, `${model.id} ${provider}`).toEqual(
        source.snippets.getInferenceSnippets(model, provider),
      );
    }
  });
});
