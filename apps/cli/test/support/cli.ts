// The built `hubkit` (apps/cli/dist/hubkit.js, made by `npm run build`, which `npm test` runs first)
// as a child process.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export const cliRoot = path.resolve(import.meta.dirname, "../..");
export const repoRoot = path.resolve(cliRoot, "../..");
export const hubkitBin = path.join(cliRoot, "dist", "hubkit.js");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function assertBuilt(): void {
  if (!existsSync(hubkitBin)) throw new Error(`${hubkitBin} is missing: run \`npm run build\` first`);
}

/** Runs `hubkit ARGS` to the end; stdin gets `input` (then closes). */
export function runHubkit(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string } = {},
): Promise<CliRun> {
  assertBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [hubkitBin, ...args], {
      env: options.env ?? baseEnv(),
      cwd: options.cwd,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}

/** An environment with nothing of the caller's hub settings: PATH and HOME only, plus `extra`. */
export function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1", ...extra };
}
