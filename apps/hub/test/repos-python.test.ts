// Hosted repositories through the real huggingface_hub 2.0.0 and its `hf` CLI (HF_ENDPOINT at the
// hub, LFS uploads with HF_HUB_DISABLE_XET=1): accounts and tokens, repo creation and visibility,
// uploads small and through LFS, downloads into the standard cache and offline from it, branches,
// history, paths-info, and the refusals a private repo and a read token get.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "./support/repo-files.js";
import { startTestHub, type TestHub } from "./support/hub.js";
import { clientEnv, hfCli, runProgram, runPython } from "./support/python.js";

let hub: TestHub;
let alice: string;
let aliceRead: string;
let bob: string;
const big = randomBytes(12 * 1024 * 1024);

beforeAll(async () => {
  hub = await startTestHub("repos-python", { dataSubdir: "data", seed: false });
  alice = await hub.repos.access.createToken("alice", { write: true, orgs: ["acme"] });
  aliceRead = await hub.repos.access.createToken("alice");
  bob = await hub.repos.access.createToken("bob", { write: true });
  const folder = path.join(hub.folder, "folder");
  mkdirSync(path.join(folder, "weights"), { recursive: true });
  writeFileSync(
    path.join(folder, "README.md"),
    "---\nlicense: apache-2.0\npipeline_tag: text-generation\ntags: [demo]\n---\n# Demo\n",
  );
  writeFileSync(
    path.join(folder, "config.json"),
    JSON.stringify({ architectures: ["LlamaForCausalLM"], model_type: "llama" }),
  );
  writeFileSync(path.join(folder, "weights", "big.bin"), big);
  writeFileSync(path.join(folder, "notes.txt"), "first notes\n");
});

afterAll(() => hub?.close());

const env = (token: string | undefined, cache = "cache", extra: Record<string, string> = {}) =>
  clientEnv(hub.url, path.join(hub.folder, cache), token ? { HF_TOKEN: token, ...extra } : extra);

const py = (script: string, token: string | undefined, cache?: string, extra?: Record<string, string>) =>
  runPython(
    `import json\nfrom huggingface_hub import HfApi\napi = HfApi()\n${script}`,
    env(token, cache, extra),
    hub.folder,
  );

// Each test runs Python clients several times: on a loaded 2-core host that takes tens of seconds.
describe("huggingface_hub against hosted repositories", { timeout: 180_000 }, () => {
  it("whoami names the user, the orgs and the token's role", async () => {
    const out = await py(`w = api.whoami()\nprint(json.dumps(w))`, alice);
    expect(out.name).toBe("alice");
    expect((out.orgs as { name: string }[]).map((org) => org.name)).toEqual(["acme"]);
    expect(out.auth).toMatchObject({ type: "access_token", accessToken: { role: "write" } });
    const bad = await py(
      `from huggingface_hub.errors import HfHubHTTPError\ntry:\n    api.whoami(token="hf_${"x".repeat(34)}")\n    print(json.dumps({}))\nexcept HfHubHTTPError as e:\n    print(json.dumps({"status": e.response.status_code, "message": str(e)}))`,
      undefined,
    );
    expect(bad.status).toBe(401);
    expect(bad.message).toContain("Invalid user token");
  });

  it("creates repos: public, private, in an org, and again with exist_ok", async () => {
    const out = await py(
      `urls = [api.create_repo("alice/demo"), api.create_repo("alice/secret", private=True),
  api.create_repo("acme/team-model"), api.create_repo("alice/demo", exist_ok=True),
  api.create_repo("alice/data", repo_type="dataset")]
from huggingface_hub.errors import HfHubHTTPError
try:
    api.create_repo("alice/demo")
    again = None
except HfHubHTTPError as e:
    again = e.response.status_code
print(json.dumps({"urls": [str(u) for u in urls], "again": again,
  "private": api.model_info("alice/secret").private, "files": api.list_repo_files("alice/demo")}))`,
      alice,
    );
    expect(out.urls).toEqual([
      `${hub.url}/alice/demo`,
      `${hub.url}/alice/secret`,
      `${hub.url}/acme/team-model`,
      `${hub.url}/alice/demo`,
      `${hub.url}/datasets/alice/data`,
    ]);
    expect(out.again).toBe(409);
    expect(out.private).toBe(true);
    expect(out.files).toEqual([".gitattributes"]);
  });

  it("uploads a folder with a 12 MiB LFS file, and model_info reports sizes and LFS sha256", async () => {
    const out = await py(
      `info = api.upload_folder(folder_path="folder", repo_id="alice/demo", commit_message="Add the model")
m = api.model_info("alice/demo", files_metadata=True)
print(json.dumps({"oid": info.oid, "sha": m.sha, "pipeline": m.pipeline_tag, "library": m.library_name, "tags": m.tags,
  "siblings": [{"name": s.rfilename, "size": s.size, "lfs": s.lfs.sha256 if s.lfs else None} for s in m.siblings]}))`,
      alice,
    );
    expect(out.oid).toMatch(/^[0-9a-f]{40}$/);
    expect(out.sha).toBe(out.oid);
    expect(out.pipeline).toBe("text-generation");
    expect(out.library).toBe("transformers");
    expect(out.tags).toEqual(expect.arrayContaining(["transformers", "demo", "license:apache-2.0"]));
    const siblings = out.siblings as { name: string; size: number; lfs: string | null }[];
    expect(siblings.map((s) => s.name)).toEqual([
      ".gitattributes",
      "README.md",
      "config.json",
      "notes.txt",
      "weights/big.bin",
    ]);
    expect(siblings.find((s) => s.name === "weights/big.bin")).toEqual({
      name: "weights/big.bin",
      size: big.length,
      lfs: sha256(big),
    });
    expect(siblings.find((s) => s.name === "notes.txt")).toMatchObject({ size: 12, lfs: null });
  });

  it("downloads into the standard cache with the same bytes, then offline from the cache", async () => {
    const out = await py(
      `from huggingface_hub import hf_hub_download
p = hf_hub_download("alice/demo", "weights/big.bin")
n = hf_hub_download("alice/demo", "notes.txt")
print(json.dumps({"big": p, "notes": n}))`,
      alice,
      "fresh-cache",
    );
    const big_ = out.big as string;
    expect(sha256(readFileSync(big_))).toBe(sha256(big));
    const repoDir = path.join(hub.folder, "fresh-cache", "hub-cache", "models--alice--demo");
    expect(big_.startsWith(path.join(repoDir, "snapshots"))).toBe(true);
    expect(readFileSync(path.join(repoDir, "refs", "main"), "utf8")).toMatch(/^[0-9a-f]{40}$/);
    // The snapshot file links to the blob named by its ETag: the sha256 for an LFS file.
    expect(path.basename(readlinkSync(big_))).toBe(sha256(big));
    expect(readdirSync(path.join(repoDir, "blobs"))).toContain(sha256(big));
    const offline = await py(
      `from huggingface_hub import hf_hub_download
print(json.dumps({"notes": open(hf_hub_download("alice/demo", "notes.txt")).read()}))`,
      alice,
      "fresh-cache",
      { HF_HUB_OFFLINE: "1" },
    );
    expect(offline.notes).toBe("first notes\n");
  });

  it("commits a deletion and a change with create_commit; the old commit keeps its content", async () => {
    const out = await py(
      `from huggingface_hub import CommitOperationAdd, CommitOperationDelete, hf_hub_download
before = api.model_info("alice/demo").sha
c = api.create_commit("alice/demo", operations=[CommitOperationDelete("config.json"),
  CommitOperationAdd("notes.txt", b"second notes\\n")], commit_message="Drop the config", parent_commit=before)
old = open(hf_hub_download("alice/demo", "notes.txt", revision=before)).read()
new = open(hf_hub_download("alice/demo", "notes.txt")).read()
print(json.dumps({"files": api.list_repo_files("alice/demo"), "old": old, "new": new, "before": before, "commit": c.oid,
  "old_files": api.list_repo_files("alice/demo", revision=before)}))`,
      alice,
    );
    expect(out.files).toEqual([".gitattributes", "README.md", "notes.txt", "weights/big.bin"]);
    expect(out.old_files).toContain("config.json");
    expect(out.old).toBe("first notes\n");
    expect(out.new).toBe("second notes\n");
  });

  it("refuses a commit on a stale parent, and stores nothing", async () => {
    const out = await py(
      `from huggingface_hub import CommitOperationAdd
from huggingface_hub.errors import HfHubHTTPError
first = api.list_repo_commits("alice/demo")[-1].commit_id
head = api.model_info("alice/demo").sha
try:
    api.create_commit("alice/demo", operations=[CommitOperationAdd("late.txt", b"late")], commit_message="late", parent_commit=first)
    status = None
except HfHubHTTPError as e:
    status = e.response.status_code
print(json.dumps({"status": status, "same": api.model_info("alice/demo").sha == head, "files": api.list_repo_files("alice/demo")}))`,
      alice,
    );
    expect(out.status).toBe(412);
    expect(out.same).toBe(true);
    expect(out.files).not.toContain("late.txt");
  });

  it("branches: create, upload to it, download at it; refs and commits list them", async () => {
    const out = await py(
      `from huggingface_hub import hf_hub_download
api.create_branch("alice/demo", branch="dev")
api.upload_file(path_or_fileobj=b"on dev", path_in_repo="dev.txt", repo_id="alice/demo", revision="dev", commit_message="Dev file")
refs = api.list_repo_refs("alice/demo")
dev = open(hf_hub_download("alice/demo", "dev.txt", revision="dev")).read()
from huggingface_hub.errors import EntryNotFoundError
try:
    hf_hub_download("alice/demo", "dev.txt")
    on_main = "found"
except EntryNotFoundError:
    on_main = "EntryNotFound"
api.create_tag("alice/demo", tag="v1", revision="dev")
print(json.dumps({"branches": sorted(b.name for b in refs.branches), "dev": dev, "on_main": on_main,
  "commits": [c.title for c in api.list_repo_commits("alice/demo", revision="dev")],
  "tags": [t.name for t in api.list_repo_refs("alice/demo").tags],
  "tagged": api.list_repo_files("alice/demo", revision="v1")}))`,
      alice,
    );
    expect(out.branches).toEqual(["dev", "main"]);
    expect(out.dev).toBe("on dev");
    expect(out.on_main).toBe("EntryNotFound");
    expect(out.commits).toEqual(["Dev file", "Drop the config", "Add the model", "initial commit"]);
    expect(out.tags).toEqual(["v1"]);
    expect(out.tagged).toContain("dev.txt");
  });

  it("snapshot_download with allow_patterns, and get_paths_info / list_repo_tree", async () => {
    const out = await py(
      `from huggingface_hub import snapshot_download
import os
d = snapshot_download("alice/demo", allow_patterns=["*.txt", "*.md"])
infos = api.get_paths_info("alice/demo", ["notes.txt", "weights", "weights/big.bin", "missing"])
tree = [(f.path, type(f).__name__) for f in api.list_repo_tree("alice/demo")]
print(json.dumps({"files": sorted(os.listdir(d)), "infos": [(i.path, type(i).__name__, getattr(i, "size", None),
  getattr(getattr(i, "lfs", None), "sha256", None)) for i in infos], "tree": tree}))`,
      alice,
    );
    expect(out.files).toEqual(["README.md", "notes.txt"]);
    expect(out.infos).toEqual([
      ["notes.txt", "RepoFile", 13, null],
      ["weights", "RepoFolder", null, null],
      ["weights/big.bin", "RepoFile", big.length, sha256(big)],
    ]);
    expect(out.tree).toEqual([
      [".gitattributes", "RepoFile"],
      ["README.md", "RepoFile"],
      ["notes.txt", "RepoFile"],
      ["weights", "RepoFolder"],
    ]);
  });

  it("a private repo: anonymous and another user get RepositoryNotFound, the owner and org members see it", async () => {
    const script = `from huggingface_hub.errors import RepositoryNotFoundError
from huggingface_hub import hf_hub_download
out = {}
for name, call in [("info", lambda: api.model_info("alice/secret").id), ("file", lambda: hf_hub_download("alice/secret", ".gitattributes")),
                   ("files", lambda: api.list_repo_files("alice/secret"))]:
    try:
        out[name] = call()
    except RepositoryNotFoundError as e:
        out[name] = "RepositoryNotFound %d" % e.response.status_code
print(json.dumps(out))`;
    const anonymous = await py(script, undefined, "anon-cache");
    expect(anonymous).toEqual({
      info: "RepositoryNotFound 401",
      file: "RepositoryNotFound 401",
      files: "RepositoryNotFound 401",
    });
    expect(await py(script, bob, "bob-cache")).toEqual({
      info: "RepositoryNotFound 404",
      file: "RepositoryNotFound 404",
      files: "RepositoryNotFound 404",
    });
    const owner = await py(script, aliceRead, "owner-cache");
    expect(owner.info).toBe("alice/secret");
    expect(owner.files).toEqual([".gitattributes"]);
    // Missing and private look the same: nothing says which one it is.
    const missing = await py(script.replaceAll("alice/secret", "alice/nothing-here"), bob, "bob-cache");
    expect(missing).toEqual({
      info: "RepositoryNotFound 404",
      file: "RepositoryNotFound 404",
      files: "RepositoryNotFound 404",
    });
    // The catalogue's search does not list it either.
    const listed = (await (await fetch(`${hub.url}/api/models?search=secret`)).json()) as unknown[];
    expect(listed).toEqual([]);
    const demo = (await (await fetch(`${hub.url}/api/models?search=alice/demo`)).json()) as { id: string }[];
    expect(demo.map((m) => m.id)).toEqual(["alice/demo"]);
  });

  it("a read token cannot upload or create; another user cannot write to alice's repo", async () => {
    const script = (call: string) => `from huggingface_hub.errors import HfHubHTTPError
try:
    ${call}
    print(json.dumps({"status": None}))
except HfHubHTTPError as e:
    print(json.dumps({"status": e.response.status_code, "message": str(e)}))`;
    const upload = await py(
      script(`api.upload_file(path_or_fileobj=b"x", path_in_repo="x.txt", repo_id="alice/demo")`),
      aliceRead,
    );
    expect(upload.status).toBe(403);
    expect(upload.message).toContain("read-only");
    const create = await py(script(`api.create_repo("alice/other")`), aliceRead);
    expect(create.status).toBe(403);
    const other = await py(
      script(`api.upload_file(path_or_fileobj=b"x", path_in_repo="x.txt", repo_id="alice/demo")`),
      bob,
      "bob-cache",
    );
    expect(other.status).toBe(403);
    const files = await py(`print(json.dumps(api.list_repo_files("alice/demo")))`, alice);
    expect(files).not.toContain("x.txt");
  });

  it("the hf CLI: auth whoami, upload, download --local-dir give identical bytes", async () => {
    const cliEnv = env(alice, "cli-cache");
    const who = await runProgram(hfCli(), ["auth", "whoami"], cliEnv, hub.folder);
    expect(who.stdout).toContain("alice");
    const payload = path.join(hub.folder, "cli-upload");
    mkdirSync(payload, { recursive: true });
    const blob = randomBytes(11 * 1024 * 1024);
    writeFileSync(path.join(payload, "model.safetensors"), blob);
    writeFileSync(path.join(payload, "info.txt"), "from the cli\n");
    await runProgram(
      hfCli(),
      ["upload", "acme/team-model", payload, ".", "--commit-message", "CLI upload"],
      cliEnv,
      hub.folder,
    );
    const target = path.join(hub.folder, "cli-download");
    await runProgram(hfCli(), ["download", "acme/team-model", "--local-dir", target], cliEnv, hub.folder);
    expect(sha256(readFileSync(path.join(target, "model.safetensors")))).toBe(sha256(blob));
    expect(readFileSync(path.join(target, "info.txt"), "utf8")).toBe("from the cli\n");
  });

  it("moves, then deletes a repo; the catalogue follows", async () => {
    const out = await py(
      `api.move_repo("alice/demo", "acme/demo")
moved = api.model_info("acme/demo").id
api.delete_repo("acme/demo")
from huggingface_hub.errors import RepositoryNotFoundError
try:
    api.model_info("acme/demo")
    gone = False
except RepositoryNotFoundError:
    gone = True
api.delete_repo("acme/demo", missing_ok=True)
print(json.dumps({"moved": moved, "gone": gone}))`,
      alice,
    );
    expect(out).toEqual({ moved: "acme/demo", gone: true });
    const listed = (await (await fetch(`${hub.url}/api/models?search=demo`)).json()) as { id: string }[];
    expect(listed.map((m) => m.id)).not.toContain("alice/demo");
    expect(listed.map((m) => m.id)).not.toContain("acme/demo");
    // Unreferenced blobs are collected (with no grace period here); live ones stay.
    const collected = await hub.repos.collectGarbage(0);
    expect(collected.blobs).toBeGreaterThan(0);
    expect(existsSync(hub.repos.blobs.filePath(sha256(big)))).toBe(false);
  });
});
