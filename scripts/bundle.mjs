// Bundles each library package's compiled entry (dist/index.js, from tsc) into one ESM file.
// Node pays per module file at import time (the catalogue compiles to 125 files), so the package
// entry for Node points at a single file; tsc's per-module files stay for bundlers, subpath imports
// and declarations.
import { build } from "esbuild";
import path from "node:path";
import { root } from "./lib.mjs";

// Nothing is external: the client uses only a few small catalogue modules (example inputs, through
// subpaths), and inlining them saves Node from resolving a second package at import.
const PACKAGES = [
  { dir: "packages/tasks", out: "hubkit-tasks.js" },
  { dir: "packages/inference", out: "hubkit-inference.js" },
];

export async function bundlePackages() {
  for (const { dir, out } of PACKAGES) {
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
  }
}
