// Bundles each library package's compiled entry (dist/index.js, from tsc) into one ESM file, plus a
// second (CommonJS) file with what that one loads on first use (see splitDeferred). Node pays per
// module file at import time (the catalogue compiles to 125 files), so the package entry for Node
// points at a single file; tsc's per-module files stay for bundlers, subpath imports and declarations.
import { build } from "esbuild";
import { copyFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
// the repository root (computed here: lib.mjs loads this module, so importing it back would be a cycle)
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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
    // What the deferred modules import (with what only they import) goes to a second file.
    split: { chunk: "hubkit-tasks-deferred.cjs" },
  },
  // The client is a dual package, as 4.x is: `require` gets a CommonJS bundle with its own copy of
  // the declarations in dist/cjs (a folder typed "commonjs", so TypeScript reads them as CJS).
  // split.eager: the modules that stay in the Node bundle (paths under dist/, as regular expressions);
  // every other module of the package goes to a CommonJS file loaded on first call (splitDeferred).
  {
    dir: "packages/inference",
    out: "hubkit-inference.js",
    cjs: "cjs/index.js",
    split: {
      chunk: "hubkit-inference-deferred.cjs",
      eager: [
        /^index\.js$/,
        /^InferenceClient\.js$/,
        /^errors\.js$/,
        /^types\.js$/,
        /^config\.js$/,
        /^lib\/(logger|isUrl|getProviderModelId)\.js$/,
        /^providers\/definitions?\.js$/,
        /^providers\/[\w-]+\/definition\.js$/,
      ],
      // Objects exported by a deferred module that an eager one re-exports: each becomes a record
      // with the same keys whose values are read from the deferred module on first read (lazy.ts).
      lazyRecords: { "lib/publicHelpers.js": ["PROVIDERS"] },
    },
  },
];

/**
 * Makes the modules imported by each of `files` (compiled, e.g. src/deferred.ts) load on first use:
 * each `import * as x from "m"` is dropped and each `return x.name;` becomes `return require("m").name;`.
 * esbuild bundles a required ES module inside a function run on its first require (its "__esm"
 * wrapper), so at import V8 only pre-parses that code; no require() is left in the output. With a
 * `splitter` (splitDeferred), `m` goes to its chunk instead, and `return x.name;` reads it from there,
 * so that the bundle does not even hold that code. Any other use of `x` would find it undefined, so
 * it fails the build.
 */
function deferImports(files, splitter) {
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
          code = splitter
            ? code.replace(
                returns,
                `return deferred().${splitter.deferredId(path.resolve(path.dirname(file), JSON.parse(specifier)))}.$1;`,
              )
            : code.replace(returns, `return require(${specifier}).$1;`);
        }
        if (splitter) code = `import { deferred } from "${splitter.LOADER}";\n${code}`;
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

/** A forwarding function standing for `value` (a function export of deferred module `id`). */
function forwarder(file, name, value, id) {
  if (/^class\b/.test(Function.prototype.toString.call(value)))
    throw new Error(`${file}: ${name} is a class, which cannot be deferred: keep its module eager`);
  // Same kind and arity as the function it forwards to; `this` and every argument passed on.
  const params = Array.from({ length: value.length }, (_, i) => `p${i}`).join(",");
  const body = `{return deferred().${id}.${name}.apply(this,arguments)}`;
  const kind = Object.getPrototypeOf(value).constructor.name;
  if (kind === "AsyncFunction") return `export async function ${name}(${params})${body}`;
  if (kind === "Function") return `export function ${name}(${params})${body}`;
  throw new Error(`${file}: ${name} is a ${kind}, which no forwarding function stands for`);
}

/**
 * Splits the Node bundle in two: the modules matching `eager` (paths under `dist`) stay in it, every
 * other module of the package goes to `chunk`, a CommonJS file that the bundle requires on the first
 * call of anything in it. An eager module importing a deferred one gets a stand-in module instead:
 * a forwarding function per function export (same kind and arity), and for each object export
 * listed in `lazyRecords` a record with the same keys, each read from the deferred module on first
 * read (packages/tasks/src/lazy.ts). Anything else (a class, another object or value) is left out, so
 * that importing it fails the build: its module must stay eager. Without `eager`, every module stays
 * but those that deferImports sends to the chunk. Deferred modules that import an eager one get its
 * very exports (classes, tables and state stay one), passed to the chunk when it is loaded (their
 * values then: an eager `export let` reassigned later would not be followed; none is). Returns the
 * eager build's plugin, a function building the chunk after it, and what deferImports needs.
 */
function splitDeferred({ dist, eager, chunk, lazyRecords = {} }) {
  const LOADER = "hubkit-deferred-loader";
  const rel = (file) => path.relative(dist, file).split(path.sep).join("/");
  const isOwn = (file) => !path.relative(dist, file).startsWith("..") && !rel(file).startsWith("cjs/");
  // Without `eager`, every module stays (only deferImports sends modules to the chunk).
  const isEager = (file) => !eager || eager.some((pattern) => pattern.test(rel(file)));
  const exportsOf = (file) => import(pathToFileURL(file).href);
  const deferredIds = new Map(); // deferred module file → its key in the chunk's exports
  const eagerFiles = new Set();
  const sharedNames = new Map(); // eager module file → the names it exports (that the chunk imports)
  const deferredId = (file) => {
    if (!deferredIds.has(file)) deferredIds.set(file, `m${deferredIds.size}`);
    return deferredIds.get(file);
  };

  const eagerPlugin = {
    name: "split-deferred",
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${LOADER}$`) }, () => ({ path: LOADER, namespace: LOADER }));
      build.onLoad({ filter: /.*/, namespace: LOADER }, () => {
        // The eager modules' exports that the chunk imports, as plain values (read when it loads).
        const lines = [...sharedNames].map(
          ([file, names], i) =>
            `import { ${names.map((name) => `${name} as s${i}_${name}`).join(", ")} } from ${JSON.stringify(file)};`,
        );
        const entries = [...sharedNames].map(
          ([file, names], i) =>
            `${JSON.stringify(rel(file))}: { ${names.map((name) => `${name}: s${i}_${name}`).join(", ")} }`,
        );
        lines.push(
          "let loaded, loading = false;",
          "export function deferred() {",
          "  if (!loaded) {",
          // The chunk's own top-level code must not read it (that would load a second copy).
          `    if (loading) throw new Error(${JSON.stringify(`${chunk} read itself while loading`)});`,
          '    if (typeof globalThis.process?.getBuiltinModule !== "function")',
          `      throw new Error(${JSON.stringify(`${chunk}: loading it needs process.getBuiltinModule (Node 20.16 or later)`)});`,
          "    loading = true;",
          "    try {",
          '      const { createRequire } = process.getBuiltinModule("node:module");',
          `      const load = createRequire(import.meta.url)(${JSON.stringify(`./${chunk}`)});`,
          `      loaded = load({ ${entries.join(", ")} });`,
          "    } finally {",
          "      loading = false;",
          "    }",
          "  }",
          "  return loaded;",
          "}",
        );
        return { contents: lines.join("\n"), loader: "js", resolveDir: dist };
      });
      build.onLoad({ filter: /\.js$/ }, async (args) => {
        // Every module the bundle keeps is recorded, so that the chunk shares it rather than copy it.
        if (!isOwn(args.path) || isEager(args.path)) {
          eagerFiles.add(args.path);
          return undefined;
        }
        const file = rel(args.path);
        const id = deferredId(args.path);
        const lines = [`import { deferred } from "${LOADER}";`];
        const records = lazyRecords[file] ?? [];
        if (records.length)
          lines.push(
            `import { lazyRecord } from ${JSON.stringify(path.join(root, "packages/tasks/dist/lazy.js"))};`,
          );
        for (const [name, value] of Object.entries(await exportsOf(args.path))) {
          if (typeof value === "function") lines.push(forwarder(file, name, value, id));
          else if (records.includes(name)) {
            const keys = JSON.stringify(Object.keys(value));
            lines.push(
              `export const ${name} = /* @__PURE__ */ lazyRecord(${keys}, (key) => deferred().${id}.${name}[key]);`,
            );
          }
        }
        return { contents: lines.join("\n"), loader: "js", resolveDir: path.dirname(args.path) };
      });
    },
  };

  /** Builds the chunk: every deferred module the bundle reaches, as `module.exports = (shared) => ({ m0, … })`. */
  async function buildChunk(plugins = []) {
    const outfile = path.join(dist, chunk);
    const entry = [...deferredIds].map(([file, id]) => `export * as ${id} from ${JSON.stringify(file)};`);
    const result = await build({
      stdin: { contents: entry.join("\n"), resolveDir: dist, sourcefile: "deferred-entry.js", loader: "js" },
      outfile,
      bundle: true,
      format: "cjs",
      platform: "neutral",
      target: "es2022",
      sourcemap: "external",
      minify: true,
      write: false,
      logLevel: "warning",
      plugins: [
        {
          name: "shared-eager",
          setup(build) {
            build.onLoad({ filter: /\.js$/ }, async (args) => {
              if (!eagerFiles.has(args.path)) return undefined;
              const names = Object.keys(await exportsOf(args.path));
              sharedNames.set(args.path, names);
              return {
                contents: `export const { ${names.join(", ")} } = __hubkitShared[${JSON.stringify(rel(args.path))}];`,
                loader: "js",
              };
            });
          },
        },
        ...plugins,
      ],
    });
    const js = result.outputFiles.find((file) => file.path.endsWith(".cjs"));
    const map = result.outputFiles.find((file) => file.path.endsWith(".map"));
    const code = js.text.replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n");
    // The wrapper takes the first line, so the map's lines shift down by one.
    const header = 'module.exports = function (__hubkitShared) {"use strict"; var module = { exports: {} };';
    await writeFile(
      outfile,
      `${header}\n${code}return module.exports;\n};\n//# sourceMappingURL=${path.basename(outfile)}.map\n`,
    );
    const sourceMap = JSON.parse(map.text);
    sourceMap.mappings = `;${sourceMap.mappings}`;
    await writeFile(`${outfile}.map`, JSON.stringify(sourceMap));
  }

  return { eagerPlugin, buildChunk, deferredId, LOADER };
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
  for (const { dir, out, cjs, deferred, data = [], split } of PACKAGES) {
    const dist = path.join(root, dir, "dist");
    const splitter = split && splitDeferred({ dist, ...split });
    // A split bundle is built twice: first to learn which modules are deferred, then, once the chunk
    // has told which eager exports it imports, for good.
    for (const write of splitter ? [false, true] : [true]) {
      const dataPlugins = data.length ? [dataAsJson(data.map((file) => path.join(dist, file)))] : [];
      if (write && splitter) await splitter.buildChunk(dataPlugins);
      await build({
        write,
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
          // First: it sees every module the bundle keeps.
          ...(splitter ? [splitter.eagerPlugin] : []),
          ...(deferred
            ? [
                deferImports(
                  deferred.map((file) => path.join(dist, file)),
                  splitter,
                ),
              ]
            : []),
          ...dataPlugins,
        ],
        // esbuild wraps each deferred module in an arrow function passed to a call, which V8 compiles
        // in full at import; a function expression there is only pre-parsed. Measured on the task
        // pages alone: wrapped in an arrow they cost as much as unwrapped, in a function half as much.
        supported: deferred && !splitter ? { arrow: false } : {},
      });
    }
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
