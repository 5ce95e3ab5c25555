// Bundles each library package's compiled entry (dist/index.js, from tsc) into one ESM file.
// Node pays per module file at import time (the catalogue compiles to 125 files), so the package
// entry for Node points at a single file; tsc's per-module files stay for bundlers, subpath imports
// and declarations.
import { build } from "esbuild";
import { copyFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { root } from "./lib.mjs";

// Nothing is external: the client uses only a few small catalogue modules (example inputs, through
// subpaths), and inlining them saves Node from resolving a second package at import.
const PACKAGES = [
  // deferred: compiled modules whose `import * as` are loaded on first use (see deferImports);
  // data: compiled modules of pure data, rebuilt from JSON strings (see dataAsJson).
  {
    dir: "packages/tasks",
    out: "hubkit-tasks.js",
    deferred: ["deferred.js", "hardware-skus.js", "model-libraries-facts.js"],
    data: ["tasks/pages.js", "model-libraries-data.js", "hardware-skus-table.js"],
  },
  // The client is a dual package, as 4.x is: `require` gets a CommonJS bundle with its own copy of
  // the declarations in dist/cjs (a folder typed "commonjs", so TypeScript reads them as CJS).
  { dir: "packages/inference", out: "hubkit-inference.js", cjs: "cjs/index.js" },
];

/**
 * Makes the modules imported by each of `files` (compiled, e.g. src/deferred.ts) load on first use:
 * each `import * as x from "m"` is dropped and each `return x.name;` becomes `return require("m").name;`.
 * esbuild bundles a required ES module inside a function run on its first require (its "__esm"
 * wrapper), so at import V8 only pre-parses that code; no require() is left in the output. Any other
 * use of `x` would find it undefined, so it fails the build.
 */
function deferImports(files) {
  return {
    name: "defer-imports",
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, async (args) => {
        if (!files.includes(args.path)) return undefined;
        const file = args.path;
        let code = await readFile(file, "utf8");
        const imports = [...code.matchAll(/^import \* as (\w+) from ("[^"]+");\n/gm)];
        if (imports.length === 0) throw new Error(`${file}: no \`import * as\` to defer`);
        for (const [line, name, specifier] of imports) {
          code = code.replace(line, "");
          const uses = code.match(new RegExp(`\\b${name}\\b`, "g"))?.length ?? 0;
          const returns = new RegExp(`return ${name}\\.(\\w+);`, "g");
          if (uses !== (code.match(returns)?.length ?? 0))
            throw new Error(`${file}: ${name} is used other than as \`return ${name}.x;\``);
          code = code.replace(returns, `return require(${specifier}).$1;`);
        }
        return { contents: code, loader: "js", resolveDir: path.dirname(file) };
      });
    },
  };
}

// Stands for `undefined` in the JSON text, put back in place after parsing, so that a key set to
// undefined (a placeholder task page's `canonicalId`) keeps its place among the keys.
const UNDEFINED = "\u0000undefined";
const RESTORE_UNDEFINED = `function restoreUndefined(v){if(v&&typeof v=="object")for(const k of Object.keys(v))v[k]===${JSON.stringify(UNDEFINED)}?v[k]=void 0:restoreUndefined(v[k]);return v}`;

/** An expression rebuilding JSON-like `value` from one single-quoted, ASCII-only string literal. */
function jsonExpression(value) {
  // Non-ASCII characters and quotes go in as JSON escapes: V8 scans a one-byte string literal
  // fastest (one non-ASCII character makes it two-byte; mixed quotes make esbuild use a template).
  const json = JSON.stringify(value, (_, v) => (v === undefined ? UNDEFINED : v)).replace(
    /[^ -~]|'/g, // printable ASCII stays; JSON.stringify already escaped the control characters
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  const parsed = `JSON.parse('${json.replace(/\\/g, "\\\\")}')`;
  return json.includes("\\u0000undefined") ? `restoreUndefined(${parsed})` : parsed;
}

/**
 * Replaces each module of `files` (pure data, compiled; all deferred, so built on first read) with
 * its exports rebuilt from JSON strings: V8 scans a string literal about three times faster than it
 * pre-parses the same data as object literals. The build checks each rebuilt export is deeply and
 * strictly equal to the module's own, so it fails on anything JSON cannot carry.
 */
function dataAsJson(files) {
  return {
    name: "data-as-json",
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, async (args) => {
        if (!files.includes(args.path)) return undefined;
        const module = await import(pathToFileURL(args.path).href);
        const lines = Object.entries(module).map(([name, value]) => {
          const expression = jsonExpression(value);
          const rebuilt = new Function(`${RESTORE_UNDEFINED}; return ${expression}`)();
          if (!isDeepStrictEqual(rebuilt, value) || JSON.stringify(rebuilt) !== JSON.stringify(value))
            throw new Error(`${args.path}: ${name} does not survive a JSON round trip`);
          return `export const ${name} = ${expression};`;
        });
        if (lines.some((line) => line.includes("restoreUndefined("))) lines.unshift(RESTORE_UNDEFINED);
        return { contents: lines.join("\n"), loader: "js" };
      });
    },
  };
}

/** Copies every .d.ts of `from` (but not of `skip`) to the same relative path under `to`. */
async function copyDeclarations(from, to, skip) {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (source === skip) continue;
    if (entry.isDirectory()) await copyDeclarations(source, path.join(to, entry.name), skip);
    else if (entry.name.endsWith(".d.ts")) {
      await mkdir(to, { recursive: true });
      await copyFile(source, path.join(to, entry.name));
    }
  }
}

export async function bundlePackages() {
  for (const { dir, out, cjs, deferred, data = [] } of PACKAGES) {
    await build({
      entryPoints: [path.join(root, dir, "dist/index.js")],
      outfile: path.join(root, dir, "dist", out),
      bundle: true,
      format: "esm",
      platform: "neutral",
      target: "es2022",
      sourcemap: true,
      minify: true,
      logLevel: "warning",
      plugins: [
        ...(deferred ? [deferImports(deferred.map((file) => path.join(root, dir, "dist", file)))] : []),
        ...(data.length ? [dataAsJson(data.map((file) => path.join(root, dir, "dist", file)))] : []),
      ],
      // esbuild wraps each deferred module in an arrow function passed to a call, which V8 compiles
      // in full at import; a function expression there is only pre-parsed. Measured on the task
      // pages alone: wrapped in an arrow they cost as much as unwrapped, in a function half as much.
      supported: deferred ? { arrow: false } : {},
    });
    if (cjs) {
      const dist = path.join(root, dir, "dist");
      const cjsDir = path.dirname(path.join(dist, cjs));
      await build({
        entryPoints: [path.join(dist, "index.js")],
        outfile: path.join(dist, cjs),
        bundle: true,
        format: "cjs",
        platform: "neutral",
        mainFields: ["module", "main"],
        target: "es2022",
        sourcemap: true,
        minify: true,
        logLevel: "warning",
      });
      await writeFile(path.join(cjsDir, "package.json"), '{ "type": "commonjs" }\n');
      await copyDeclarations(dist, cjsDir, cjsDir);
    }
  }
}
