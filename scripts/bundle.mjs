// Bundles each library package's compiled entry (dist/index.js, from tsc) into one ESM file.
// Node pays per module file at import time (the catalogue compiles to 125 files), so the package
// entry points at a single file; tsc's per-module files stay for subpath imports and declarations.
import { build } from "esbuild";
import path from "node:path";
import { root } from "./lib.mjs";

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
      // Other workspace packages stay imports, so each is loaded once.
      external: ["@hubkit/*"],
      sourcemap: true,
      logLevel: "warning",
    });
  }
}
