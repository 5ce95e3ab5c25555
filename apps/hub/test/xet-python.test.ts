// Xet through the default install: huggingface_hub 2.0.0 with hf_xet 1.6.0 and no HF_HUB_DISABLE_XET.
// upload_file (64 MiB), upload_folder and `hf upload` go through the hub's Xet service; downloads
// with hf_xet (reconstructions) and without (plain HTTP from resolve) give the same bytes, as does
// @huggingface/hub over HTTP; a second file differing in 1 MiB adds little to the store; garbage
// collection keeps what commits name; `hubkit-hub storage` reports the saving.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "./support/repo-files.js";
import { startTestHub, type TestHub } from "./support/hub.js";
import { runCommand } from "../src/commands.js";
import { xetStoreOf } from "../src/xet/store.js";
import { storageReport } from "../src/xet/usage.js";
import { readChunkHeader, startOf } from "../src/xet/xorb.js";
import type * as HubClientModule from "../../../bench/node_modules/hf-hub-2/dist/index.js";
import { clientEnv, hfCli, runProgram, runPython } from "./support/python.js";

const MiB = 1024 * 1024;
const clientEntry = fileURLToPath(
  new URL("../../../bench/node_modules/hf-hub-2/dist/index.mjs", import.meta.url),
);
let hub: TestHub;
let alice: string;
const big = randomBytes(64 * MiB);

beforeAll(async () => {
  hub = await startTestHub("xet-python", { dataSubdir: "data", seed: false });
  alice = await hub.repos.access.createToken("alice", { write: true });
  writeFileSync(path.join(hub.folder, "big.bin"), big);
});

afterAll(() => hub?.close());

/** A client with its own cache; Xet on unless `xet` is false. */
const env = (cache: string, xet = true) =>
  clientEnv(hub.url, path.join(hub.folder, cache), { HF_TOKEN: alice }, { xet });
const py = (script: string, cache: string, xet = true) =>
  runPython(
    `import json, hashlib\nfrom huggingface_hub import HfApi\napi = HfApi()\n${script}`,
    env(cache, xet),
    hub.folder,
  );
const fileSha = (file: string) => sha256(readFileSync(file));
const blobDir = () => path.join(hub.folder, "data", "blobs");
const storedBytes = async () => (await storageReport(hub.repos)).storedBytes;

describe("Xet with the default Python install", { timeout: 240_000 }, () => {
  it("upload_file of 64 MiB goes through Xet; hf_hub_download with and without hf_xet gives the same bytes", async () => {
    const up = await py(
      `api.create_repo("alice/xet-model")
info = api.upload_file(path_or_fileobj="big.bin", path_in_repo="weights/big.bin", repo_id="alice/xet-model")
print(json.dumps({"oid": info.oid}))`,
      "upload-cache",
    );
    expect(up.oid).toMatch(/^[0-9a-f]{40}$/);
    // Stored as chunks, not as a whole blob: the commit named a file the Xet store holds.
    const record = await xetStoreOf(hub.repos.blobs).fileBySha(sha256(big));
    expect(record?.size).toBe(big.length);
    expect(existsSync(hub.repos.blobs.filePath(sha256(big)))).toBe(false);
    const download = `from huggingface_hub import hf_hub_download
p = hf_hub_download("alice/xet-model", "weights/big.bin")
print(json.dumps({"sha": hashlib.sha256(open(p, "rb").read()).hexdigest()}))`;
    const [withXet, withoutXet] = await Promise.all([py(download, "dl-xet"), py(download, "dl-http", false)]);
    expect(withXet.sha).toBe(sha256(big));
    expect(withoutXet.sha).toBe(sha256(big));
  });

  it("resolve serves the reconstructed bytes over plain HTTP, with ranges and the Xet headers", async () => {
    const url = `${hub.url}/alice/xet-model/resolve/main/weights/big.bin`;
    const headers = { authorization: `Bearer ${alice}` };
    const head = await fetch(url, { method: "HEAD", headers });
    expect(head.headers.get("x-xet-hash")).toMatch(/^[0-9a-f]{64}$/);
    expect(head.headers.get("link")).toMatch(/xet-read-token\/[0-9a-f]{40}>; rel="xet-auth"/);
    const start = 5 * MiB + 12345;
    const ranged = await fetch(url, { headers: { ...headers, range: `bytes=${start}-${start + 300_000}` } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(big.subarray(start, start + 300_001))).toBe(true);
    const whole = await fetch(url, { headers });
    expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(big));
  });

  it("@huggingface/hub downloads the file over plain HTTP", async () => {
    const client = (await import(clientEntry)) as typeof HubClientModule;
    const blob = await client.downloadFile({
      repo: "alice/xet-model",
      path: "weights/big.bin",
      hubUrl: hub.url,
      accessToken: alice,
    });
    expect(sha256(new Uint8Array(await blob!.arrayBuffer()))).toBe(sha256(big));
  });

  it("dedup: a second 64 MiB file differing in one 1 MiB region adds under 8 MiB to the store", async () => {
    const changed = Buffer.from(big);
    randomBytes(MiB).copy(changed, 30 * MiB);
    writeFileSync(path.join(hub.folder, "changed.bin"), changed);
    const before = await storedBytes();
    // A new cache: the client finds the shared chunks through the hub's dedup query, not locally.
    await py(
      `api.upload_file(path_or_fileobj="changed.bin", path_in_repo="weights/changed.bin", repo_id="alice/xet-model")
print(json.dumps({}))`,
      "second-upload-cache",
    );
    const added = (await storedBytes()) - before;
    console.log(
      `xet dedup: a 64 MiB file differing in 1 MiB added ${(added / MiB).toFixed(2)} MiB to the store`,
    );
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan(8 * MiB);
    const out = await py(
      `from huggingface_hub import hf_hub_download
p = hf_hub_download("alice/xet-model", "weights/changed.bin")
print(json.dumps({"sha": hashlib.sha256(open(p, "rb").read()).hexdigest()}))`,
      "dl-changed",
    );
    expect(out.sha).toBe(sha256(changed));
  });

  it("upload_folder (compressible and random files) and snapshot_download with and without hf_xet", async () => {
    const folder = path.join(hub.folder, "folder");
    mkdirSync(path.join(folder, "data"), { recursive: true });
    const floats = new Float32Array(3 * 262_144).map((_, i) => Math.sin(i / 1000));
    const files: Record<string, Buffer> = {
      "README.md": Buffer.from("---\nlicense: mit\n---\n# Xet folder\n"),
      "data/text.jsonl": Buffer.from(
        Array.from({ length: 60_000 }, (_, i) => JSON.stringify({ id: i, text: `row ${i % 97}` })).join("\n"),
      ),
      "data/floats.bin": Buffer.from(floats.buffer),
      "data/random.bin": randomBytes(3 * MiB),
    };
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(folder, name), bytes);
    await py(
      `api.create_repo("alice/xet-data", repo_type="dataset")
api.upload_folder(folder_path="folder", repo_id="alice/xet-data", repo_type="dataset")
print(json.dumps({}))`,
      "folder-cache",
    );
    const snapshot = `from huggingface_hub import snapshot_download
import os
root = snapshot_download("alice/xet-data", repo_type="dataset")
out = {}
for base, _, names in os.walk(root):
    for name in names:
        full = os.path.join(base, name)
        out[os.path.relpath(full, root)] = hashlib.sha256(open(full, "rb").read()).hexdigest()
print(json.dumps(out))`;
    const expected = Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, sha256(bytes)]));
    const [withXet, withoutXet] = await Promise.all([
      py(snapshot, "snap-xet"),
      py(snapshot, "snap-http", false),
    ]);
    expect(withXet).toMatchObject(expected);
    expect(withoutXet).toMatchObject(expected);
    // The client compressed the float tensor (LZ4, with or without byte grouping): the hub decoded it.
    const store = xetStoreOf(hub.repos.blobs);
    const record = (await store.fileBySha(expected["data/floats.bin"]))!;
    const schemes = new Set<number>();
    for (const term of record.terms) {
      const bytes = readFileSync(store.xorbPath(term.xorb));
      const chunks = (await store.xorbChunks(term.xorb))!;
      for (let i = term.start; i < term.end; i++)
        schemes.add(readChunkHeader(bytes, startOf(chunks, i)).scheme);
    }
    expect([...schemes].some((scheme) => scheme === 1 || scheme === 2)).toBe(true);
  });

  it("hf upload and hf download (with and without hf_xet) give identical bytes", async () => {
    const payload = randomBytes(6 * MiB);
    writeFileSync(path.join(hub.folder, "cli.bin"), payload);
    await runProgram(
      hfCli(),
      ["upload", "alice/xet-model", "cli.bin", "cli/cli.bin"],
      env("cli-up"),
      hub.folder,
    );
    for (const xet of [true, false]) {
      const target = path.join(hub.folder, `cli-out-${xet}`);
      await runProgram(
        hfCli(),
        ["download", "alice/xet-model", "cli/cli.bin", "--local-dir", target],
        env(`cli-dl-${xet}`, xet),
        hub.folder,
      );
      expect(fileSha(path.join(target, "cli", "cli.bin"))).toBe(sha256(payload));
    }
  });

  it("gc keeps every xorb a commit needs and drops those of a deleted repo; storage reports the saving", async () => {
    const lone = randomBytes(2 * MiB);
    writeFileSync(path.join(hub.folder, "lone.bin"), lone);
    await py(
      `api.create_repo("alice/short-lived")
api.upload_file(path_or_fileobj="lone.bin", path_in_repo="lone.bin", repo_id="alice/short-lived")
api.delete_repo("alice/short-lived")
print(json.dumps({}))`,
      "lone-cache",
    );
    const store = xetStoreOf(hub.repos.blobs);
    const loneRecord = (await store.fileBySha(sha256(lone)))!;
    expect(loneRecord).toBeDefined();
    const removed = await hub.repos.collectGarbage(0);
    expect(removed.blobs).toBeGreaterThan(0);
    expect(await store.fileBySha(sha256(lone))).toBeUndefined();
    for (const term of loneRecord.terms) expect(await store.xorbChunks(term.xorb)).toBeUndefined();
    // What commits name is intact and still reads back whole.
    const whole = await fetch(`${hub.url}/alice/xet-model/resolve/main/weights/big.bin`, {
      headers: { authorization: `Bearer ${alice}` },
    });
    expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(big));

    const stdout = new PassThrough();
    let text = "";
    stdout.on("data", (part: Buffer) => (text += part.toString()));
    const result = await runCommand(["storage", "--data-dir", path.join(hub.folder, "data")], {
      stdout,
      stderr: new PassThrough(),
      env: { HUBKIT_BLOB_DIR: blobDir() },
    });
    expect(result.exitCode).toBe(0);
    expect(text).toMatch(/model\talice\/xet-model\t\d+ files\t\d+ bytes/);
    const saving = /dedup saving: (\d+) bytes/.exec(text);
    expect(Number(saving?.[1])).toBeGreaterThan(56 * MiB);
  });
});
