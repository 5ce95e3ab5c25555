// `npm start`: install what is missing, build, then serve hubkit on the embedded catalogue with the
// provider emulator answering inference (or the real router when HF_TOKEN is set).
import { spawn } from "node:child_process";
import path from "node:path";
import { build, ensureInstalled, root } from "./lib.mjs";

ensureInstalled();
await build();
const server = spawn(
  process.execPath,
  [path.join(root, "apps/hub/dist/cli.js"), "serve", ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
  },
);
// Pass stop signals on, so the server shuts down cleanly whoever receives them.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
