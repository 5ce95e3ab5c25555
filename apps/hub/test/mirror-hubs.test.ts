// The pull-through mirror between two hubs on loopback: hub A hosts repos, hub B mirrors A (through
// a counting proxy, so the test sees every request B makes). Through B the real huggingface_hub
// (hf_hub_download, snapshot_download) and the `hf` CLI get A's bytes; a commit id is asked of A
// once; a new commit on A's main shows through B after the TTL; ten clients of one large file
// share one download from A and get bytes before A has sent them all; private repos follow the
// operator's allow-list; with A stopped, everything B fetched is still served.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../src/commands.js";
import { startHubServer, type HubServer } from "../src/index.js";
import { clientEnv, hfCli, runProgram, runPython } from "./support/python.js";
import {
  capturedOutput,
  commitFiles,
  countingProxy,
  sha256,
  startPlainHub,
  waitFor,
  type CountingProxy,
} from "./support/mirror.js";

const BIG_BYTES = 100 * 1024 * 1024;
const TTL_SECONDS = 0.3;

let work: string;
let hubA: HubServer;
let hubB: HubServer;
let proxy: CountingProxy;
let aliceA: string;
let carolB: string;
let daveB: string;
let mainCommit: string;
const weights = randomBytes(3 * 1024 * 1024 + 17);
const readme = Buffer.from("---\nlicense: mit\npipeline_tag: text-generation\n---\n# Demo\n");
const config = Buffer.from(JSON.stringify({ architectures: ["LlamaForCausalLM"], model_type: "llama" }));

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-mirror-"));
  hubA = await startPlainHub(path.join(work, "a"));
  aliceA = await hubA.repos.access.createToken("alice", { write: true, orgs: ["acme"] });
  mainCommit = await commitFiles(hubA.url, aliceA, "alice/demo", [
    { path: "README.md", bytes: readme },
    { path: "config.json", bytes: config },
    { path: "weights/model.bin", bytes: weights, lfs: true },
  ]);
  proxy = await countingProxy(hubA.url);
  hubB = await startHubServer({
    port: 0,
    dataDir: path.join(work, "b"),
    hfToken: "",
    seed: false,
    mirror: { upstreamUrl: proxy.url, upstreamToken: aliceA, ttlSeconds: TTL_SECONDS, readers: ["acme"] },
  });
  carolB = await hubB.repos.access.createToken("carol", { orgs: ["acme"] });
  daveB = await hubB.repos.access.createToken("dave");
}, 60_000);

afterAll(async () => {
  await hubB?.close();
  await proxy?.close();
  await hubA?.close();
  rmSync(work, { recursive: true, force: true });
});

const downloadScript = (repo: string) => `
import hashlib, json, os
from huggingface_hub import hf_hub_download, snapshot_download
def digest(p):
    return hashlib.sha256(open(p, "rb").read()).hexdigest()
one = hf_hub_download("${repo}", "weights/model.bin")
folder = snapshot_download("${repo}")
files = {}
for root, _, names in os.walk(folder):
    for n in names:
        full = os.path.join(root, n)
        files[os.path.relpath(full, folder)] = digest(full)
print(json.dumps({"one": digest(one), "files": files, "commit": os.path.basename(folder)}))`;

const expectedFiles = () => ({
  ".gitattributes": expect.stringMatching(/^[0-9a-f]{64}$/),
  "README.md": sha256(readme),
  "config.json": sha256(config),
  "weights/model.bin": sha256(weights),
});

describe("a hub mirroring another", { timeout: 180_000 }, () => {
  it("huggingface_hub and the hf CLI get A's bytes through B", async () => {
    const out = await runPython(downloadScript("alice/demo"), clientEnv(hubB.url, path.join(work, "py1")));
    expect(out.one).toBe(sha256(weights));
    expect(out.files).toEqual(expectedFiles());
    expect(out.commit).toBe(mainCommit);
    const target = path.join(work, "cli-out");
    await runProgram(
      hfCli(),
      ["download", "alice/demo", "config.json", "weights/model.bin", "--local-dir", target],
      clientEnv(hubB.url, path.join(work, "cli1")),
    );
    expect(sha256(readFileSync(path.join(target, "weights/model.bin")))).toBe(sha256(weights));
    expect(readFileSync(path.join(target, "config.json"))).toEqual(config);
    // The large file came from A once, however many clients asked.
    expect(proxy.count(`/alice/demo/resolve/${mainCommit}/weights/model.bin`)).toBe(1);
    // B's info says where the repo came from: ordinary hosted-repo answers, A's commit id.
    const info = (await (await fetch(`${hubB.url}/api/models/alice/demo`)).json()) as {
      sha: string;
      hubkitMirror?: { upstream: string; fetchedAt: string };
    };
    expect(info.sha).toBe(mainCommit);
    expect(info.hubkitMirror?.upstream).toBe(proxy.url);
    expect(Date.parse(info.hubkitMirror?.fetchedAt ?? "")).toBeGreaterThan(0);
    expect(hubB.mirror?.state.get("model", "alice/demo")?.upstream).toBe(proxy.url);
  });

  it("a commit id is asked of A once; a branch after the TTL, and a new commit on main shows", async () => {
    const dev = await commitFiles(
      hubA.url,
      aliceA,
      "alice/demo",
      [{ path: "dev.txt", bytes: Buffer.from("dev\n") }],
      {
        title: "dev work",
      },
    );
    const infoPath = `/api/models/alice/demo/revision/${dev}`;
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`${hubB.url}/alice/demo/resolve/${dev}/dev.txt`);
      expect(await answer.text()).toBe("dev\n");
      const info = (await (await fetch(`${hubB.url}${infoPath}`)).json()) as { sha: string };
      expect(info.sha).toBe(dev);
    }
    expect(proxy.count(infoPath)).toBe(1);
    // dev is now main's head on A: B sees it once the TTL has passed (waiting on B's answer).
    const seen = await waitFor(async () => {
      const info = (await (await fetch(`${hubB.url}/api/models/alice/demo`)).json()) as { sha: string };
      return info.sha === dev ? info.sha : undefined;
    }, "main's new head through B");
    expect(seen).toBe(dev);
    expect(proxy.count("/api/models/alice/demo/revision/main")).toBeGreaterThanOrEqual(2);
  });

  it("ten clients of one large file share one download from A, the first byte before A is done", async () => {
    const big = randomBytes(BIG_BYTES);
    const commit = await commitFiles(hubA.url, aliceA, "alice/big", [
      { path: "big.bin", bytes: big, lfs: true },
    ]);
    const filePath = `/alice/big/resolve/${commit}/big.bin`;
    // A's answer stops part-way until the test has seen bytes reach a client.
    proxy.holdAfter(filePath, 16 * 1024 * 1024);
    let firstByte = false;
    const clients = Array.from({ length: 10 }, async () => {
      const answer = await fetch(`${hubB.url}/alice/big/resolve/main/big.bin`);
      expect(answer.status).toBe(200);
      const hash = createHash("sha256");
      let size = 0;
      for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
        firstByte = true;
        hash.update(chunk);
        size += chunk.length;
      }
      return { size, sha: hash.digest("hex") };
    });
    await waitFor(
      async () => (firstByte && proxy.held.waiting ? true : undefined),
      "a first byte while A holds",
    );
    expect(proxy.held.finished).toBe(false);
    proxy.release();
    const results = await Promise.all(clients);
    for (const result of results) expect(result).toEqual({ size: BIG_BYTES, sha: sha256(big) });
    expect(proxy.count(filePath)).toBe(1);
    // Stored once checked (after the last byte reached the clients): waiting on the blob store.
    await waitFor(async () => hubB.repos.blobs.size(sha256(big)), "the large file stored on B");
    expect(await hubB.repos.blobs.size(sha256(big))).toBe(BIG_BYTES);
  });

  it("private upstream repos are fetched with the upstream token and read only by the allow-list", async () => {
    await commitFiles(
      hubA.url,
      aliceA,
      "acme/secret",
      [{ path: "plan.txt", bytes: Buffer.from("secret plan\n") }],
      {
        private: true,
      },
    );
    const read = (token?: string) =>
      fetch(`${hubB.url}/acme/secret/resolve/main/plan.txt`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const allowed = await read(carolB);
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toBe("secret plan\n");
    const anonymous = await read();
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-error-code")).toBe("RepoNotFound");
    const other = await read(daveB);
    expect(other.status).toBe(404);
    expect(JSON.stringify(await other.json())).not.toContain(aliceA);
  });

  it("the CLI prefetches files with progress bars and imports upstream's model list", async () => {
    const dataDir = path.join(work, "c");
    const stdout = capturedOutput(true);
    const stderr = capturedOutput(false);
    const io = { stdout: stdout.stream, stderr: stderr.stream, env: {} };
    const prefetch = await runCommand(
      ["mirror", "alice/demo", "--include", "weights/**", "--upstream", proxy.url, "--data-dir", dataDir],
      io,
    );
    expect(prefetch.exitCode, stderr.text()).toBe(0);
    expect(stdout.text()).toMatch(/weights\/model\.bin/);
    expect(stdout.text()).toMatch(/100%/);
    // (hashes compared, not buffers: a deep equality of megabytes takes the test runner seconds)
    const stored = path.join(
      dataDir,
      "blobs/objects",
      sha256(weights).slice(0, 2),
      sha256(weights).slice(2, 4),
    );
    expect(sha256(readFileSync(path.join(stored, sha256(weights))))).toBe(sha256(weights));
    const catalogue = await runCommand(
      ["mirror", "--catalogue", "--limit", "1", "--upstream", proxy.url, "--data-dir", dataDir],
      io,
    );
    expect(catalogue.exitCode, stderr.text()).toBe(0);
    expect(stdout.text()).toMatch(/imported 1 new and 0 updated models/);
    const bad = await runCommand(["mirror", "alice/demo"], io);
    expect(bad.exitCode).toBe(2);
    expect(stderr.text()).toMatch(/mirror needs an upstream/);
  });

  it("with A stopped, B still serves what it fetched (branches from the local copy)", async () => {
    await proxy.close();
    const out = await runPython(downloadScript("alice/demo"), clientEnv(hubB.url, path.join(work, "py2")));
    expect(out.one).toBe(sha256(weights));
    expect(out.files).toMatchObject({ "README.md": sha256(readme), "weights/model.bin": sha256(weights) });
    const missing = await fetch(`${hubB.url}/api/models/alice/never-mirrored`, {
      headers: { authorization: `Bearer ${carolB}` },
    });
    expect(missing.status).toBe(502);
    expect(((await missing.json()) as { error: string }).error).toMatch(/could not be reached/);
  });
});
