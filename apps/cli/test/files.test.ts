// Files through the built hubkit against a hub on 127.0.0.1: upload of a folder with a 50 MiB file
// (LFS) and download of it into the shared cache with identical bytes, a download killed halfway that
// resumes from its .incomplete file and verifies, repo commands, ls and the cache commands.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../../hub/src/index.js";
import { baseEnv, hubkitBin, runHubkit } from "./support/cli.js";

let hub: HubServer;
let work: string;
let token: string;
const big = randomBytes(50 * 1024 * 1024);
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-cli-files-"));
  hub = await startHubServer({ port: 0, dataDir: path.join(work, "data"), hfToken: "", seed: false });
  token = await hub.repos.access.createToken("dana", { write: true, orgs: ["labs"] });
  const folder = path.join(work, "folder");
  mkdirSync(path.join(folder, "weights"), { recursive: true });
  writeFileSync(path.join(folder, "README.md"), "---\nlicense: mit\n---\n# Tiny\n");
  writeFileSync(path.join(folder, "config.json"), JSON.stringify({ model_type: "llama" }));
  writeFileSync(path.join(folder, "weights", "model.safetensors"), big);
});

afterAll(async () => {
  await hub?.close();
  rmSync(work, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) =>
  baseEnv({ HF_ENDPOINT: hub.url, HF_TOKEN: token, HF_HOME: path.join(work, "hf-home"), ...extra });

describe("upload and download", () => {
  it("uploads a folder (the 50 MiB file through LFS) and downloads identical bytes into the cache", async () => {
    const up = await runHubkit(["upload", "dana/tiny", path.join(work, "folder"), ".", "--json"], {
      env: env(),
    });
    expect(up.stderr).toBe("");
    expect(up.code).toBe(0);
    const commit = JSON.parse(up.stdout) as { commitOid: string; files: number; lfsFiles: number };
    expect(commit).toMatchObject({ files: 3, lfsFiles: 1 });

    const down = await runHubkit(["download", "dana/tiny", "--json"], { env: env() });
    expect(down.code).toBe(0);
    const result = JSON.parse(down.stdout) as { commit: string; path: string; files: unknown[] };
    expect(result.commit).toBe(commit.commitOid);
    const cache = path.join(work, "hf-home", "hub", "models--dana--tiny");
    expect(result.path).toBe(path.join(cache, "snapshots", commit.commitOid));
    expect(readFileSync(path.join(cache, "refs", "main"), "utf8")).toBe(commit.commitOid);
    const snapshotBig = path.join(result.path, "weights", "model.safetensors");
    expect(lstatSync(snapshotBig).isSymbolicLink()).toBe(true);
    expect(sha256(readFileSync(snapshotBig))).toBe(sha256(big));
    expect(existsSync(path.join(cache, "blobs", sha256(big)))).toBe(true);
    expect(readFileSync(path.join(result.path, "config.json"), "utf8")).toBe(
      JSON.stringify({ model_type: "llama" }),
    );
    // Off a terminal: no progress bar on stderr.
    expect(down.stderr).toBe("");

    const listed = await runHubkit(["ls", "dana/tiny", "--json"], { env: env() });
    const tree = JSON.parse(listed.stdout) as { path: string; size: number; type: string }[];
    expect(tree.find((entry) => entry.path === "weights/model.safetensors")?.size).toBe(big.length);
    const cached = await runHubkit(["cache", "ls", "--json"], { env: env() });
    expect(JSON.parse(cached.stdout)).toEqual([
      expect.objectContaining({
        repo: "dana/tiny",
        type: "model",
        files: result.files.length,
        size: sumBlobs(cache),
      }),
    ]);
  });

  it("a download killed halfway resumes from its .incomplete file and verifies", async () => {
    const cacheDir = path.join(work, "resume-cache");
    const blob = path.join(cacheDir, "models--dana--tiny", "blobs", sha256(big));
    const partial = `${blob}.incomplete`;
    const child = spawn(
      process.execPath,
      [
        hubkitBin,
        "download",
        "dana/tiny",
        "weights/model.safetensors",
        "--cache-dir",
        cacheDir,
        "--limit-rate",
        "10M",
      ],
      { env: env(), stdio: "ignore" },
    );
    const exited = new Promise((resolve) => child.on("exit", resolve));
    // Wait on state: the .incomplete file has a few MiB, then kill the process outright.
    await expect
      .poll(() => (existsSync(partial) ? statSync(partial).size : 0), { timeout: 15_000, interval: 50 })
      .toBeGreaterThan(2 << 20);
    child.kill("SIGKILL");
    await exited;
    const kept = statSync(partial).size;
    expect(kept).toBeLessThan(big.length);

    const resumed = await runHubkit(
      ["download", "dana/tiny", "weights/model.safetensors", "--cache-dir", cacheDir, "--json"],
      { env: env() },
    );
    expect(resumed.code).toBe(0);
    const result = JSON.parse(resumed.stdout) as { files: { resumedFrom: number }[] };
    expect(result.files[0].resumedFrom).toBe(kept);
    expect(existsSync(partial)).toBe(false);
    expect(sha256(readFileSync(blob))).toBe(sha256(big));
  });

  it("two downloads of one file at once: the second waits for the first, both end with the verified file", async () => {
    const cacheDir = path.join(work, "concurrent-cache");
    const blob = path.join(cacheDir, "models--dana--tiny", "blobs", sha256(big));
    const args = ["download", "dana/tiny", "weights/model.safetensors", "--cache-dir", cacheDir, "--json"];
    const first = runHubkit([...args, "--limit-rate", "40M", "--max-workers", "1"], { env: env() });
    await expect.poll(() => existsSync(`${blob}.incomplete`), { timeout: 10_000, interval: 20 }).toBe(true);
    const second = await runHubkit(args, { env: env() });
    const done = await first;
    expect([done.code, second.code, done.stderr, second.stderr]).toEqual([0, 0, "", ""]);
    // The first one downloaded it; the second found it finished once the lock was free.
    expect((JSON.parse(second.stdout) as { files: { resumedFrom: number }[] }).files[0].resumedFrom).toBe(0);
    expect(sha256(readFileSync(blob))).toBe(sha256(big));
    expect(readdirSync(path.dirname(blob))).toEqual([sha256(big)]);
  });

  it("a corrupted partial file is caught by the hash check and removed", async () => {
    const cacheDir = path.join(work, "corrupt-cache");
    const blob = path.join(cacheDir, "models--dana--tiny", "blobs", sha256(big));
    mkdirSync(path.dirname(blob), { recursive: true });
    writeFileSync(`${blob}.incomplete`, randomBytes(1024));
    const run = await runHubkit(
      ["download", "dana/tiny", "weights/model.safetensors", "--cache-dir", cacheDir],
      { env: env() },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/do not match/);
    expect(existsSync(`${blob}.incomplete`)).toBe(false);
    expect(existsSync(blob)).toBe(false);
  });
});

describe("repo and cache commands", () => {
  it("creates, lists, configures and deletes a repo", async () => {
    const created = await runHubkit(["repo", "create", "labs/demo", "--private", "--json"], { env: env() });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ id: "labs/demo" });
    const again = await runHubkit(["repo", "create", "labs/demo"], { env: env() });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already/);
    const settings = await runHubkit(
      ["repo", "settings", "labs/demo", "--public", "--gated", "auto", "--json"],
      { env: env() },
    );
    expect(JSON.parse(settings.stdout)).toEqual({ private: false, gated: "auto" });
    const refused = await runHubkit(["repo", "delete", "labs/demo"], { env: env() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--yes/);
    const deleted = await runHubkit(["repo", "delete", "labs/demo", "--yes"], { env: env() });
    expect(deleted.code).toBe(0);
    const gone = await runHubkit(["ls", "labs/demo"], { env: env() });
    expect(gone.code).toBe(1);
  });

  it("lists an owner's repos, and moves datasets and --local-dir downloads with --include", async () => {
    const mine = await runHubkit(["repo", "ls", "--json"], { env: env() });
    expect((JSON.parse(mine.stdout) as { id: string }[]).map((r) => r.id)).toContain("dana/tiny");

    const table = path.join(work, "table.csv");
    writeFileSync(table, "a,b\n1,2\n");
    const up = await runHubkit(
      ["upload", "dana/numbers", table, "data/table.csv", "--repo-type", "dataset"],
      { env: env() },
    );
    expect(up.code).toBe(0);
    const local = path.join(work, "local");
    const down = await runHubkit(
      ["download", "dana/numbers", "--repo-type", "dataset", "--include", "data/*", "--local-dir", local],
      { env: env() },
    );
    expect(down.code).toBe(0);
    expect(down.stdout.trim()).toBe(local);
    expect(readdirSync(local, { recursive: true })).toEqual(["data", path.join("data", "table.csv")]);
    expect(readFileSync(path.join(local, "data", "table.csv"), "utf8")).toBe("a,b\n1,2\n");
  });

  it("cache rm removes a revision's files and prune removes unfinished downloads", async () => {
    const cacheDir = path.join(work, "rm-cache");
    const down = await runHubkit(
      ["download", "dana/tiny", "--cache-dir", cacheDir, "--exclude", "weights/*", "--json"],
      { env: env() },
    );
    const result = JSON.parse(down.stdout) as { files: { path: string }[] };
    expect(result.files.map((file) => file.path)).not.toContain("weights/model.safetensors");
    const blobs = path.join(cacheDir, "models--dana--tiny", "blobs");
    writeFileSync(path.join(blobs, "leftover.incomplete"), "partial");
    const pruned = await runHubkit(["cache", "prune", "--cache-dir", cacheDir, "--json"], { env: env() });
    expect(JSON.parse(pruned.stdout)).toEqual({ revisions: 0, bytes: 7 });
    const removed = await runHubkit(
      ["cache", "rm", "dana/tiny", "--revision", "main", "--cache-dir", cacheDir],
      { env: env() },
    );
    expect(removed.code).toBe(0);
    expect(readdirSync(blobs)).toEqual([]);
    const listed = await runHubkit(["cache", "ls", "--cache-dir", cacheDir, "--json"], { env: env() });
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ repo: "dana/tiny", size: 0, revisions: [] }),
    ]);
  });
});

function sumBlobs(cache: string): number {
  return readdirSync(path.join(cache, "blobs")).reduce(
    (sum, name) => sum + statSync(path.join(cache, "blobs", name)).size,
    0,
  );
}
