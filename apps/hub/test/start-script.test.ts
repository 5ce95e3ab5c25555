// `npm start` (scripts/start.mjs): a SIGTERM to the npm process stops the server it started. npm runs
// the script through `sh -c`, and the signal ends npm and the shell without reaching the script, which
// went on serving; it now notices its parent is gone. Uses the build already there (npm test builds
// first), with HUBKIT_START_SKIP_BUILD=1.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../src/paths.js";

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  // Whatever is left of a failed run: its whole process group (started detached below).
  for (const child of children.splice(0)) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("npm start", () => {
  it("stops the server within 5 s when the npm process gets SIGTERM", async () => {
    expect(existsSync(path.join(REPO_ROOT, "apps/hub/dist/cli.js")), "build first (npm run build)").toBe(
      true,
    );
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-start-"));
    dirs.push(dataDir);
    const npm = spawn("npm", ["start"], {
      cwd: REPO_ROOT,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HUBKIT_DATA_DIR: dataDir,
        HUBKIT_START_SKIP_BUILD: "1",
        HF_TOKEN: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(npm);
    let output = "";
    npm.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (!output.includes(`hubkit hub: http://127.0.0.1:${port}`)) {
      if (Date.now() > deadline || npm.exitCode !== null)
        throw new Error(`npm start did not serve:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await accepts(port)).toBe(true);
    const response = await fetch(`http://127.0.0.1:${port}/api/hubkit/ready`);
    expect(response.status).toBe(200);

    const signalled = Date.now();
    process.kill(npm.pid!, "SIGTERM");
    while (await accepts(port)) {
      expect(Date.now() - signalled, "the port is still served 5 s after SIGTERM").toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const freedMs = Date.now() - signalled;
    // Nothing of the group is left: npm, the shell, start.mjs and the server all ended.
    const group = -npm.pid!;
    const ended = Date.now() + 5_000;
    while (processAlive(group) && Date.now() < ended)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(processAlive(group), "a process of npm start is still running").toBe(false);
    expect(output).toContain("stopping the hub server");
    console.log(`npm start: port free ${freedMs} ms after SIGTERM to npm`);
  }, 90_000);
});
