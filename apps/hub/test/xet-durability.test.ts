// `kill -9` of the hub (a real `hubkit-hub serve` process) in the middle of a Xet upload from the
// default Python install: after a restart no file of that upload is visible, nothing a commit could
// name was registered, and the same upload then goes through and reads back whole.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "./support/repo-files.js";
import { createTokenWithCli, exitOf, HubProcessGroup } from "./support/hub-process.js";
import { clientEnv, python, runPython } from "./support/python.js";

const MiB = 1024 * 1024;
let hubs: HubProcessGroup;

beforeAll(() => {
  hubs = new HubProcessGroup("xet-durability");
});

afterAll(() => hubs?.cleanup());

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
    const env = { HUBKIT_DATA_DIR: path.join(hubs.folder, "data"), HUBKIT_PAGE_CACHE_MB: "0" };
    const token = await createTokenWithCli(env, "erin");
    let hub = await hubs.start(env);
    // Two xorbs' worth: the hub dies once the first is stored, before the file is registered.
    const payload = randomBytes(80 * MiB);
    writeFileSync(path.join(hubs.folder, "model.bin"), payload);
    const script = `import json
from huggingface_hub import HfApi
api = HfApi()
api.create_repo("erin/durable", exist_ok=True)
api.upload_file(path_or_fileobj="model.bin", path_in_repo="model.bin", repo_id="erin/durable")
print(json.dumps({"ok": True}))`;
    const clientFor = (cache: string) =>
      clientEnv(hub.url, path.join(hubs.folder, cache), { HF_TOKEN: token }, { xet: true });
    const xet = path.join(hubs.folder, "data", "blobs", "xet");
    const count = (kind: string) =>
      existsSync(path.join(xet, kind))
        ? readdirSync(path.join(xet, kind)).reduce(
            (sum, prefix) => sum + readdirSync(path.join(xet, kind, prefix)).length,
            0,
          )
        : 0;
    // The first client is stopped with the hub (it would retry the dead address for minutes).
    const first = spawn(python!, ["-c", script], {
      env: clientFor("first"),
      cwd: hubs.folder,
      stdio: "ignore",
    });
    await waitFor(() => count("xorbs") > 0, "the first xorb to be stored");
    hub.child.kill("SIGKILL");
    await exitOf(hub.child);
    first.kill("SIGKILL");
    await exitOf(first);

    hub = await hubs.start(env);
    expect(count("sha256")).toBe(0);
    const headers = { authorization: `Bearer ${token}` };
    const missing = await fetch(`${hub.url}/erin/durable/resolve/main/model.bin`, { headers });
    expect(missing.status).toBe(404);

    expect(await runPython(script, clientFor("second"), hubs.folder)).toEqual({ ok: true });
    const served = await fetch(`${hub.url}/erin/durable/resolve/main/model.bin`, { headers });
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(payload));
  });
});
