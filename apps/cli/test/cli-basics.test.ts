// The command line's surface, run as a process: help everywhere, exit codes, one-line usage errors,
// shell completion, and the hub's own commands (import with its summary, tokens) on a data folder.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, hubkitBin, runHubkit } from "./support/cli.js";

let work: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-cli-basics-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every command path, read from the help of each level (so new commands are covered). */
async function commandPaths(prefix: string[] = []): Promise<string[][]> {
  const { stdout } = await runHubkit([...prefix, "--help"]);
  // Commands are listed under "Commands:" or under group headings; not under Options/Arguments.
  const sections = stdout.split(/^(?=\S[^\n]*:\n)/m).filter((s) => !/^(Usage|Options|Arguments)\b/.test(s));
  const names = sections
    .flatMap((section) => [...section.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1]))
    .filter((n) => n !== "help");
  const nested = await Promise.all(names.map((name) => commandPaths([...prefix, name])));
  return [prefix, ...nested.flat()];
}

describe("hubkit's surface", () => {
  it("a bare hubkit prints help and exits 0 without starting anything", async () => {
    const run = await runHubkit([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: hubkit/);
    expect(run.stdout).toContain("download");
    expect(run.stderr).toBe("");
  });

  it("every command answers --help with its usage, exit 0", async () => {
    const paths = await commandPaths();
    expect(paths.length).toBeGreaterThan(30);
    const rest = paths.slice(1);
    for (let i = 0; i < rest.length; i += 4) {
      const runs = await Promise.all(rest.slice(i, i + 4).map((path) => runHubkit([...path, "--help"])));
      runs.forEach((run, j) => {
        const path = rest[i + j].join(" ");
        expect(run.code, path).toBe(0);
        expect(run.stdout, path).toContain(`Usage: hubkit ${path}`);
      });
    }
  });

  it("a bad argument gets one line naming it and exit code 2", async () => {
    for (const [args, named] of [
      [["--bogus"], "--bogus"],
      [["generate", "--count", "many"], "--count"],
      [["download", "not-a-repo"], "REPO"],
      [["snippet", "org/model", "--lang", "cobol"], "--lang"],
      [["completion", "fish"], "SHELL"],
      [["nosuchcommand"], "nosuchcommand"],
      [["mirror"], "--catalogue"],
      [["mirror", "org/model"], "HUBKIT_UPSTREAM_URL"],
    ] as const) {
      const run = await runHubkit([...args]);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(run.stderr, args.join(" ")).toContain(named);
    }
  });

  it("bash completion completes commands and subcommands", async () => {
    const { stdout, code } = await runHubkit(["completion", "bash"]);
    expect(code).toBe(0);
    const script = path.join(work, "completion.bash");
    writeFileSync(script, stdout);
    const complete = (words: string[]) => {
      const bash = spawnSync(
        "bash",
        [
          "-c",
          `source ${script}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _hubkit; echo "\${COMPREPLY[*]}"`,
        ],
        { encoding: "utf8" },
      );
      return bash.stdout.trim().split(/\s+/);
    };
    expect(complete(["hubkit", "dow"])).toEqual(["download"]);
    expect(complete(["hubkit", "token", ""])).toEqual(expect.arrayContaining(["create", "list", "revoke"]));
    expect(complete(["hubkit", "download", "--inc"])).toEqual(["--include"]);
  });
});

describe("hub commands", () => {
  it("serve starts the hub and stops on SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      [hubkitBin, "serve", "--port", "0", "--data-dir", path.join(work, "serve")],
      {
        env: baseEnv(),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await expect
      .poll(() => /hubkit hub: (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1], { timeout: 20_000 })
      .toBeTruthy();
    const url = /hubkit hub: (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1];
    const tasks = await fetch(`${url}/api/tasks`);
    expect(tasks.status).toBe(200);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("import loads good lines, reports bad ones by line, and prints no progress bar off a terminal", async () => {
    const dataDir = path.join(work, "data");
    const generated = await runHubkit(["generate", "--count", "50", "--seed", "3"]);
    expect(generated.code).toBe(0);
    const file = path.join(work, "models.jsonl");
    writeFileSync(file, `${generated.stdout}{"not json\n`);
    const run = await runHubkit(["import", file, "--data-dir", dataDir], { env: baseEnv() });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/51 lines; 50 models added/);
    expect(run.stderr).toMatch(/line 51/);
    expect(run.stderr).not.toContain("\u001b[");
    expect(run.stderr).not.toMatch(/█|ETA/);
  });

  it("token create, list and revoke work on the hub's storage", async () => {
    const dataDir = path.join(work, "tokens");
    const created = await runHubkit(["token", "create", "--user", "carol", "--write", "--data-dir", dataDir]);
    expect(created.code).toBe(0);
    expect(created.stdout.trim()).toMatch(/^hf_[A-Za-z]{34}$/);
    const listed = await runHubkit(["token", "list", "--user", "carol", "--data-dir", dataDir]);
    const id = listed.stdout.trim().split("\t")[0];
    expect(listed.stdout).toContain("write");
    const json = await runHubkit(["token", "list", "--user", "carol", "--json", "--data-dir", dataDir]);
    expect(JSON.parse(json.stdout)).toEqual([
      { id, role: "write", createdAt: expect.any(String), name: expect.any(String) },
    ]);
    const revoked = await runHubkit(["token", "revoke", id, "--data-dir", dataDir]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`revoked ${id}`);
  });
});
