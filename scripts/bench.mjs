// `npm run bench`: install bench/'s own packages when missing (the reference packages, esbuild,
// autocannon), build the workspace when its output is missing or older than its sources, then run
// bench/run.mjs, which prints the table and writes bench/RESULTS.md. Extra arguments go to run.mjs
// (e.g. `npm run bench -- --only bundle,sse`).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ensureBenchInstalled, ensureInstalled, root, run } from "./lib.mjs";

const bench = path.join(root, "bench");

ensureInstalled();
ensureBenchInstalled();

/** Newest modification time of the files under `dir` (skipping dist and node_modules). */
function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const file = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(file) : statSync(file).mtimeMs);
  }
  return latest;
}

function needsBuild() {
  const outputs = [
    ["packages/tasks/src", "packages/tasks/dist/index.js"],
    ["packages/inference/src", "packages/inference/dist/index.js"],
    ["packages/emulator/src", "packages/emulator/dist/index.js"],
    ["apps/hub/src", "apps/hub/dist/cli.js"],
    ["apps/web/src", "apps/web/dist/index.html"],
  ];
  return outputs.some(([src, out]) => {
    const source = path.join(root, src);
    if (!existsSync(source)) return false;
    const output = path.join(root, out);
    return !existsSync(output) || statSync(output).mtimeMs < newest(source);
  });
}

if (needsBuild()) {
  console.log("Building the workspace (node scripts/build.mjs)…");
  // A type error elsewhere in the tree still leaves tsc's output in dist/: measure it and say so.
  if (run(process.execPath, [path.join(root, "scripts/build.mjs")]) !== 0) {
    console.warn("bench: the build reported errors; measuring the output it produced.");
  }
}

process.exit(run(process.execPath, [path.join(bench, "run.mjs"), ...process.argv.slice(2)]));
