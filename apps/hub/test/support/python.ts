// The real Python clients (huggingface_hub 2.0.0 with its `hf` CLI) for the tests that point them
// at a hub. The interpreter comes from HUBKIT_PYTHON, else the repo's .data/py (npm test makes it
// from the machine's wheel folder, see scripts/lib.mjs).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const repoPython = path.resolve(import.meta.dirname, "../../../../.data/py/bin/python");
export const python = process.env.HUBKIT_PYTHON ?? (existsSync(repoPython) ? repoPython : undefined);

function interpreter(): string {
  if (!python)
    throw new Error("No Python clients: run `npm test` (it sets up .data/py) or set HUBKIT_PYTHON");
  return python;
}

/** The `hf` command installed beside the interpreter. */
export function hfCli(): string {
  return path.join(path.dirname(interpreter()), "hf");
}

/**
 * Environment for a client aimed at `endpoint` with its own cache: LFS uploads (HF_HUB_DISABLE_XET)
 * unless `xet` is set, which leaves the default install's Xet transfers on.
 */
export function clientEnv(
  endpoint: string,
  cacheDir: string,
  extra: Record<string, string> = {},
  options: { xet?: boolean } = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: cacheDir,
    HF_ENDPOINT: endpoint,
    HF_HOME: path.join(cacheDir, "hf-home"),
    HF_HUB_CACHE: path.join(cacheDir, "hub-cache"),
    HF_HUB_DISABLE_TELEMETRY: "1",
    HF_HUB_DISABLE_XET: "1",
    HF_HUB_DISABLE_PROGRESS_BARS: "1",
    ...extra,
  };
  if (options.xet) delete env.HF_HUB_DISABLE_XET;
  return env;
}

/** Runs a Python script; its last stdout line is JSON, returned parsed. */
export async function runPython(
  script: string,
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<Record<string, unknown>> {
  const { stdout } = await run(interpreter(), ["-c", script], {
    env,
    cwd,
    timeout: 120_000,
    maxBuffer: 64 << 20,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
}

/** Runs a program (the `hf` CLI); resolves with its output, rejects with it on a non-zero exit. */
export async function runProgram(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<{ stdout: string; stderr: string }> {
  return run(file, args, { env, cwd, timeout: 120_000, maxBuffer: 64 << 20 });
}
