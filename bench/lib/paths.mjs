// Where things are. Our packages are imported from the built workspace by file path
// (packages/*/dist, through the root node_modules/@hubkit/* workspace links), the reference packages
// from bench/node_modules: both resolve with Node's ordinary resolution from bench/.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ROOT = path.resolve(BENCH_DIR, "..");
export const DATA_DIR = path.join(ROOT, ".data", "bench");

export const OURS = {
  tasks: path.join(ROOT, "packages/tasks/dist/index.js"),
  inference: path.join(ROOT, "packages/inference/dist/index.js"),
  sse: path.join(ROOT, "packages/inference/dist/lib/sse.js"),
  hubCli: path.join(ROOT, "apps/hub/dist/cli.js"),
  webDist: path.join(ROOT, "apps/web/dist"),
};

/** Bare specifiers, resolved from bench/: ours through the workspace links, the reference from bench/node_modules. */
export const SPECIFIERS = {
  ours: { tasks: "@hubkit/tasks", inference: "@hubkit/inference" },
  reference: { tasks: "@huggingface/tasks", inference: "@huggingface/inference" },
  // The client's current contract, installed as an alias beside 3.7.1.
  reference4: { inference: "hf-inference-4", tasks: "hf-tasks-021" },
};

export function exists(file) {
  return existsSync(file);
}
