// `npm start`: install what is missing, build, then serve hubkit on the embedded catalogue with the
// provider emulator answering inference (or the real router when HF_TOKEN is set).
// HUBKIT_START_SKIP_BUILD=1 serves the build already there (the test of this script uses it).
import { spawn } from "node:child_process";
import path from "node:path";
import { build, ensureInstalled, root } from "./lib.mjs";

let stopping = false;
let server;
/** Stops the server (if any) with `signal`, then this process with the server's exit. */
function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (!server || server.exitCode !== null || server.signalCode !== null) process.exit(0);
  server.kill(signal);
  // A server that does not stop in time is ended.
  setTimeout(() => server.kill("SIGKILL"), 8_000).unref();
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(signal));

// `npm start` runs this script through `sh -c`, and a SIGTERM to npm ends npm and the shell without
// reaching this process: it would be left serving. When the process that started it goes away (its
// parent changes), it stops the server as if signalled.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop("SIGTERM");
}, 250).unref();

ensureInstalled();
if (process.env.HUBKIT_START_SKIP_BUILD !== "1") await build();
if (!stopping) {
  server = spawn(
    process.execPath,
    [path.join(root, "apps/hub/dist/cli.js"), "serve", ...process.argv.slice(2)],
    { cwd: root, stdio: "inherit" },
  );
  // The child process handle keeps this process alive while the server runs.
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}
