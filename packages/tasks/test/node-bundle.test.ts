// The bundle Node imports (dist/hubkit-tasks.js, built by scripts/bundle.mjs) against the sources:
// same exports, same values in the same key order, same snippets, and the big parts (task pages,
// library snippet generators and facts, SKU table) left in a second file (dist/hubkit-tasks-deferred.cjs)
// loaded on first read. Needs `npm run build` first (the test runner builds before testing).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as source from "../src/index.js";
import { LIBRARY_MODEL_INFOS } from "./fixtures/library-model-infos.js";

const bundlePath = fileURLToPath(new URL("../dist/hubkit-tasks.js", import.meta.url));
if (!existsSync(bundlePath)) throw new Error(`${bundlePath} is missing: run \`npm run build\` first`);
const bundle = (await import(bundlePath)) as typeof source;

/**
 * A value's shape for comparison: keys in order, undefined kept, functions by arity. Objects are
 * compared by content, not identity: the bundle rebuilds the pages from JSON, so placeholder pages
 * no longer share their empty lists with each other as the sources' spread copies do.
 */
function shape(value: unknown, ancestors = new Set<unknown>()): unknown {
  if (typeof value === "function") return { function: value.length };
  if (value === null || typeof value !== "object") return { [typeof value]: value };
  if (ancestors.has(value)) return "[cycle]";
  ancestors.add(value);
  const inner = (v: unknown) => shape(v, ancestors);
  let result: unknown;
  if (value instanceof RegExp) result = { regexp: String(value) };
  else if (value instanceof Map) result = { map: [...value].map(([k, v]) => [inner(k), inner(v)]) };
  else if (value instanceof Set) result = { set: [...value].map(inner) };
  else if (Array.isArray(value)) result = { array: value.map(inner) };
  else result = { object: Object.entries(value).map(([k, v]) => [k, inner(v)]) };
  ancestors.delete(value);
  return result;
}

describe("the Node bundle", () => {
  // First, before any test reads the big exports.
  it("builds the task pages and library entries on first read, not at import", () => {
    const page = Object.getOwnPropertyDescriptor(bundle.TASKS_DATA, "text-generation");
    expect(typeof page?.get).toBe("function");
    const library = Object.getOwnPropertyDescriptor(bundle.MODEL_LIBRARIES_UI_ELEMENTS, "transformers");
    expect(typeof library?.get).toBe("function");
    // After a read the property is an ordinary data property holding the same object every time.
    const first = bundle.TASKS_DATA["text-generation"];
    expect(Object.getOwnPropertyDescriptor(bundle.TASKS_DATA, "text-generation")).toEqual({
      value: first,
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect(bundle.TASKS_DATA["text-generation"]).toBe(first);
  });

  it("loads the deferred file on first read of a big part, not at import", () => {
    // In a fresh process, so that nothing else has loaded it yet.
    const script = `
      import { createRequire } from "node:module";
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((f) => f.endsWith("hubkit-tasks-deferred.cjs")).length;
      const m = await import(${JSON.stringify(bundlePath)});
      const atImport = loaded();
      const keys = Object.keys(m.TASKS_DATA).length > 0 && m.PIPELINE_DATA["text-generation"] !== undefined;
      const afterKeys = loaded();
      void m.TASKS_DATA["text-generation"];
      console.log(JSON.stringify({ atImport, keys, afterKeys, afterRead: loaded() }));
    `;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({ atImport: 0, keys: true, afterKeys: 0, afterRead: 1 });
  });

  it("imports nothing at the top, and holds neither task pages nor library snippets itself", () => {
    const code = readFileSync(bundlePath, "utf8");
    expect(code).not.toMatch(/^import\b|[;}]import\s*[{*"]/m);
    expect(code).toContain('"./hubkit-tasks-deferred.cjs"');
    // Library snippets' code appears in the deferred file only.
    const deferred = readFileSync(bundlePath.replace(/\.js$/, "-deferred.cjs"), "utf8");
    expect(deferred).toContain("from transformers import");
    expect(code).not.toContain("from transformers import");
  });

  it("exports the same names and values as the sources, keys in the same order", () => {
    expect(Object.keys(bundle).sort()).toEqual(Object.keys(source).sort());
    for (const name of Object.keys(source) as (keyof typeof source)[]) {
      expect(shape(bundle[name]), name).toEqual(shape(source[name]));
    }
    expect(JSON.stringify(bundle.TASKS_DATA)).toBe(JSON.stringify(source.TASKS_DATA));
    expect(Object.keys({ ...bundle.MODEL_LIBRARIES_UI_ELEMENTS })).toEqual(source.ALL_MODEL_LIBRARY_KEYS);
  });

  it("gives the same snippets as the sources for every fixture model", () => {
    let compared = 0;
    for (const model of LIBRARY_MODEL_INFOS) {
      const key = model.library_name as keyof typeof source.MODEL_LIBRARIES_UI_ELEMENTS;
      const fromSource = (source.MODEL_LIBRARIES_UI_ELEMENTS[key] as source.LibraryUiElement).snippets;
      const fromBundle = (bundle.MODEL_LIBRARIES_UI_ELEMENTS[key] as source.LibraryUiElement).snippets;
      expect(typeof fromBundle, key).toBe(typeof fromSource);
      if (!fromSource || !fromBundle) continue;
      expect(fromBundle(model), model.id).toEqual(fromSource(model));
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });
});
