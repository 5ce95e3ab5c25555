// Bundles each library package's compiled entry (dist/index.js, from tsc) into one ESM file.
// Node pays per module file at import time (the catalogue compiles to 125 files), so the package
// entry for Node points at a single file; tsc's per-module files stay for bundlers, subpath imports
// and declarations.
import { build } from "esbuild";
import { copyFile, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { root } from "./lib.mjs";

// Nothing is external: the client uses only a few small catalogue modules (example inputs, through
// subpaths), and inlining them saves Node from resolving a second package at import.
const PACKAGES = [
  { dir: "packages/tasks", out: "hubkit-tasks.js" },
  // The client is a dual package, as 4.x is: `require` gets a CommonJS bundle with its own copy of
  // the declarations in dist/cjs (a folder typed "commonjs", so TypeScript reads them as CJS).
  { dir: "packages/inference", out: "hubkit-inference.js", cjs: "cjs/index.js" },
];

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
  for (const { dir, out, cjs } of PACKAGES) {
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
