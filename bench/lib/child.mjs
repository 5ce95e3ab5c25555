// Runs a bench worker in a fresh Node process and returns the JSON it prints on its last stdout line.
// Workers run apart from the orchestrator so one implementation's JIT and heap never colour another's.
import { spawn } from "node:child_process";
import path from "node:path";
import { BENCH_DIR } from "./paths.mjs";

export function runWorker(name, args = [], { env = {}, timeoutMs = 180_000 } = {}) {
  const script = path.join(BENCH_DIR, "workers", `${name}.mjs`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: BENCH_DIR,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const last = stdout.trim().split("\n").at(-1) ?? "";
      if (code !== 0) {
        const why = signal ? `killed by ${signal}` : `exit code ${code}`;
        reject(new Error(`worker ${name} ${args.join(" ")} failed (${why}): ${stderr.trim().slice(-800)}`));
        return;
      }
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(
          new Error(`worker ${name} printed no JSON result: ${stdout.slice(-400)} ${stderr.slice(-400)}`),
        );
      }
    });
  });
}
