// Starts the built hub server (apps/hub/dist/cli.js serve), or any script that prints its loopback URL
// once it listens, in its own process.
import { spawn } from "node:child_process";
import { OURS } from "./paths.mjs";

/**
 * `env` adds variables, e.g. HUBKIT_DATABASE_URL to serve from PostgreSQL; `nodeArgs` go to node
 * before the script (e.g. --cpu-prof, which NODE_OPTIONS does not take).
 */
export function startHub(dataDir, env = {}, { nodeArgs = [] } = {}) {
  return startServerProcess([...nodeArgs, OURS.hubCli, "serve", "--port", "0", "--data-dir", dataDir], {
    HUBKIT_LOG: "0",
    ...env,
  });
}

/**
 * Runs `node ARGS` (with HF_TOKEN emptied, and `env`) and resolves once it prints a loopback URL:
 * `{ url, banner, pid, stop }`. Rejects if it exits first or has not listened within 120 s.
 */
export function startServerProcess(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, HF_TOKEN: "", ...env },
    });
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`hub server did not start in 120 s: ${output.slice(-400)}`));
    }, 120_000);
    const onData = (chunk) => {
      output += chunk;
      const match = output.match(/https?:\/\/127\.0\.0\.1:\d+/);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[0],
          banner: output.trim().split("\n")[0],
          pid: child.pid,
          stop: () => stopChild(child),
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`hub server exited (${code}) before listening: ${output.slice(-400)}`));
    });
  });
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}
