// hubkit-hub as a child process, for tests that kill it (SIGKILL mid-import) or run several replicas.
// The CLI is bundled from the sources with esbuild (the @hubkit/* packages from their sources too, as
// Vitest resolves them), into apps/hub/.test-build so that it finds its package files and node_modules.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { removeFolder, tempFolder } from "./hub.js";

const hubRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const repoRoot = path.resolve(hubRoot, "../..");
const buildDir = path.join(hubRoot, ".test-build");

const bundled = new Map<string, Promise<string>>();
const SOURCE_OF_SUBPATH: Record<string, string> = { "inference/providers": "providers/definitions.ts" };

/** Bundles an entry of the hub's (src/cli.ts by default) once per test file; removeHubCli() removes them. */
export function hubCli(entry = path.join(hubRoot, "src", "cli.ts")): Promise<string> {
  let file = bundled.get(entry);
  if (file) return file;
  file = (async () => {
    mkdirSync(buildDir, { recursive: true });
    const outfile = path.join(
      buildDir,
      `${path.basename(entry, ".ts")}-${process.pid}-${randomBytes(4).toString("hex")}.mjs`,
    );
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      logLevel: "error",
      plugins: [
        {
          name: "hubkit-sources",
          setup(context) {
            context.onResolve({ filter: /^@hubkit\/(tasks|inference|emulator)(\/.*)?$/ }, (args) => {
              const [, name, sub] = /^@hubkit\/([^/]+)(?:\/(.*))?$/.exec(args.path)!;
              // Subpaths whose source file is not named after them, as the packages' exports say.
              const file = SOURCE_OF_SUBPATH[`${name}/${sub}`] ?? `${sub ?? "index"}.ts`;
              return { path: path.join(repoRoot, "packages", name, "src", file) };
            });
            // Every other package stays an import, resolved by Node from node_modules.
            context.onResolve({ filter: /^[^./]/ }, (args) => ({ path: args.path, external: true }));
          },
        },
      ],
    });
    return outfile;
  })();
  bundled.set(entry, file);
  return file;
}

export async function removeHubCli(): Promise<void> {
  const files = [...bundled.values()];
  bundled.clear();
  for (const file of files) {
    const name = await file.catch(() => undefined);
    if (name) rmSync(name, { force: true });
  }
}

export interface HubProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** SIGTERM, then waits for the exit */
  stop(): Promise<void>;
}

/**
 * Starts `hubkit-hub serve` on a free port (or `script`, a bundled entry run with no arguments) and
 * waits for its "hubkit hub: <url>" line.
 */
export async function startHubProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  script?: string,
): Promise<HubProcess> {
  const args = script ? [await hubCli(script)] : [await hubCli(), "serve", "--port", "0"];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, HF_TOKEN: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`hub did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const check = () => {
      const match = /hubkit hub: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`hub exited (${code}) before serving:\n${output}`));
    });
  });
  return {
    child,
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Starts `hubkit-hub import <file>`; the caller waits for it or kills it. */
export async function spawnImport(file: string, env: Record<string, string>): Promise<ChildProcess> {
  const cli = await hubCli();
  return spawn(process.execPath, [cli, "import", file], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

/** `hubkit-hub token create --user <user> --write` on the data dir `env` names; the token it prints. */
export async function createTokenWithCli(env: Record<string, string>, user: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [await hubCli(), "token", "create", "--user", user, "--write"],
    { env: { ...process.env, ...env } },
  );
  return stdout.trim();
}

/**
 * The hub processes of one test file and the temporary folder they keep their data in; cleanup()
 * stops those still running, removes the bundled CLI and the folder.
 */
export class HubProcessGroup {
  readonly folder: string;
  private readonly started: HubProcess[] = [];

  constructor(name: string) {
    this.folder = tempFolder(name);
  }

  async start(env: Record<string, string>, timeoutMs?: number, script?: string): Promise<HubProcess> {
    const hub = await startHubProcess(env, timeoutMs, script);
    this.started.push(hub);
    return hub;
  }

  async cleanup(): Promise<void> {
    try {
      await Promise.all(this.started.map((hub) => hub.stop()));
      await removeHubCli();
    } finally {
      removeFolder(this.folder);
    }
  }
}
