// `kill -9` of the hub (a real `hubkit-hub serve` process) in the middle of a Xet upload from the
// default Python install: after a restart no file of that upload is visible, nothing a commit could
// name was registered, and the same upload then goes through and reads back whole.
import { execFile, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitOf, hubCli, removeHubCli, startHubProcess, type HubProcess } from "./support/hub-process.js";
import { clientEnv, python, runPython } from "./support/python.js";

const execFileAsync = promisify(execFile);
const MiB = 1024 * 1024;
let dir: string;
const running: HubProcess[] = [];
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "hubkit-xet-durability-"));
});

afterAll(async () => {
  await Promise.all(running.map((hub) => hub.stop()));
  await removeHubCli();
  rmSync(dir, { recursive: true, force: true });
});

/** Polls until `check` holds (state, not time: the deadline only bounds a broken run). */
async function waitFor(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("kill -9 of the hub during a Xet upload", { timeout: 180_000 }, () => {
  it("leaves no visible file, registers nothing, and the upload can be redone", async () => {
    const env = { HUBKIT_DATA_DIR: path.join(dir, "data"), HUBKIT_PAGE_CACHE_MB: "0" };
    const { stdout } = await execFileAsync(
      process.execPath,
      [await hubCli(), "token", "create", "--user", "erin", "--write"],
      { env: { ...process.env, ...env } },
    );
    const token = stdout.trim();
    let hub = await startHubProcess(env);
    running.push(hub);
    // Two xorbs' worth: the hub dies once the first is stored, before the file is registered.
    const payload = randomBytes(80 * MiB);
    writeFileSync(path.join(dir, "model.bin"), payload);
    const script = `import json
from huggingface_hub import HfApi
api = HfApi()
api.create_repo("erin/durable", exist_ok=True)
api.upload_file(path_or_fileobj="model.bin", path_in_repo="model.bin", repo_id="erin/durable")
print(json.dumps({"ok": True}))`;
    const clientFor = (cache: string) =>
      clientEnv(hub.url, path.join(dir, cache), { HF_TOKEN: token }, { xet: true });
    const xet = path.join(dir, "data", "blobs", "xet");
    const count = (kind: string) =>
      existsSync(path.join(xet, kind))
        ? readdirSync(path.join(xet, kind)).reduce(
            (sum, prefix) => sum + readdirSync(path.join(xet, kind, prefix)).length,
            0,
          )
        : 0;
    // The first client is stopped with the hub (it would retry the dead address for minutes).
    const first = spawn(python!, ["-c", script], { env: clientFor("first"), cwd: dir, stdio: "ignore" });
    await waitFor(() => count("xorbs") > 0, "the first xorb to be stored");
    hub.child.kill("SIGKILL");
    await exitOf(hub.child);
    first.kill("SIGKILL");
    await exitOf(first);

    hub = await startHubProcess(env);
    running.push(hub);
    expect(count("sha256")).toBe(0);
    const headers = { authorization: `Bearer ${token}` };
    const missing = await fetch(`${hub.url}/erin/durable/resolve/main/model.bin`, { headers });
    expect(missing.status).toBe(404);

    expect(await runPython(script, clientFor("second"), dir)).toEqual({ ok: true });
    const served = await fetch(`${hub.url}/erin/durable/resolve/main/model.bin`, { headers });
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(payload));
  });
});
