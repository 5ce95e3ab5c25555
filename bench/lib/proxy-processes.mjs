// The processes of the proxy benches (workers/proxy-upstream, proxy-hub, proxy-load) and the
// questions asked of them over IPC: CPU time, memory after a full GC.
import { fork } from "node:child_process";
import path from "node:path";
import { BENCH_DIR } from "./paths.mjs";

/** A worker of bench/workers, its stderr kept for error messages; `env` is added to this process's. */
export function startWorker(name, { args = [], execArgv = [], env = {} } = {}) {
  const child = fork(path.join(BENCH_DIR, "workers", `${name}.mjs`), args, {
    cwd: BENCH_DIR,
    execArgv,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    env: { ...process.env, HUBKIT_LOG: "0", ...env },
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return { child, stderr: () => stderr };
}

/** The first IPC message that passes `test`. */
export function firstMessage(child, test) {
  return new Promise((resolve, reject) => {
    const onExit = (code) => reject(new Error(`worker exited (${code})`));
    const onMessage = (message) => {
      if (!test(message)) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(message);
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

/** The first line the worker prints. */
export function firstLine(child) {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.split("\n")[0]);
    });
    child.once("exit", (code) => reject(new Error(`worker exited (${code}) before printing`)));
  });
}

/**
 * Runs the load worker to its end; returns its last JSON line (and calls onLine for each line).
 * `env` is added to the worker's (e.g. HUBKIT_BENCH_AUTHORIZATION for a hub with the gateway on).
 */
export function runLoad(args, onLine, env = {}) {
  const { child, stderr } = startWorker("proxy-load", { args, env });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      const text = String(chunk);
      out += text;
      for (const line of text.split("\n")) if (line) onLine?.(line);
    });
    child.on("exit", (code) => {
      if (code !== 0)
        return reject(new Error(`proxy-load ${args.join(" ")} failed: ${stderr().slice(-600)}`));
      resolve(JSON.parse(out.trim().split("\n").at(-1)));
    });
  });
}

/** The worker's CPU time so far (user + system), in ms. */
export async function cpuMs(child) {
  const reply = firstMessage(child, (m) => m && typeof m.cpuMs === "number");
  child.send("cpu");
  return (await reply).cpuMs;
}

/** The hub worker's RSS and heap + external memory after a full GC. */
export async function memory(hub) {
  const reply = firstMessage(hub, (m) => m && typeof m.rss === "number");
  hub.send("memory");
  return reply;
}

/** Starts a hub worker online against `upstreamUrl`; resolves to it and its URL. */
export async function startProxyHub(upstreamUrl, env = {}) {
  const hub = startWorker("proxy-hub", { args: [upstreamUrl], execArgv: ["--expose-gc"], env });
  const { url } = await firstMessage(hub.child, (m) => m && m.url);
  return { ...hub, url };
}

/** Stops a hub worker: it closes its server on disconnect, and is killed if it has not within 3 s. */
export function stopProxyHub(hub) {
  if (hub?.child.connected) hub.child.disconnect();
  if (hub) setTimeout(() => hub.child.kill("SIGKILL"), 3000).unref();
}
