// `npm start`: install what is missing, build, then serve hubkit on the embedded catalogue with the
// provider emulator answering inference.
import { existsSync } from "node:fs";
import path from "node:path";
import { build, ensureInstalled, root, run } from "./lib.mjs";

ensureInstalled();
build();
const hubCli = path.join(root, "apps/hub/dist/cli.js");
if (existsSync(hubCli)) {
  process.exit(run(process.execPath, [hubCli, "serve", ...process.argv.slice(2)]));
} else {
  process.exit(run(process.execPath, [path.join(root, "scripts/print-catalogue.mjs")]));
}
