// Hosted repositories survive what an operator fears: `kill -9` of the hub during a large LFS upload
// and during commits (a restart shows the last acknowledged commit or the one in flight, complete,
// and never a partial file), and two replicas on one PostgreSQL database and one blob folder (a
// commit through one is downloadable through the other, with the real huggingface_hub).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "./support/repo-files.js";
import {
  createTokenWithCli as createToken,
  exitOf,
  hubCli,
  HubProcessGroup,
  type HubProcess,
} from "./support/hub-process.js";
import { freshPostgres } from "./support/postgres.js";
import { clientEnv, runPython } from "./support/python.js";

const execFileAsync = promisify(execFile);
let hubs: HubProcessGroup;

beforeAll(() => {
  hubs = new HubProcessGroup("repos-durability");
});

afterAll(() => hubs?.cleanup());

const start = (env: Record<string, string>) => hubs.start({ ...env, HUBKIT_PAGE_CACHE_MB: "0" });

async function kill(hub: HubProcess): Promise<void> {
  hub.child.kill("SIGKILL");
  await exitOf(hub.child);
}

function client(hub: HubProcess, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    json: async <T>(url: string): Promise<T> =>
      (await (await fetch(`${hub.url}${url}`, { headers })).json()) as T,
    commit: (lines: unknown[]) =>
      fetch(`${hub.url}/api/models/erin/durable/commit/main`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-ndjson" },
        body: [{ key: "header", value: { summary: "commit" } }, ...lines]
          .map((line) => JSON.stringify(line))
          .join("\n"),
      }),
    create: () =>
      fetch(`${hub.url}/api/repos/create`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ name: "durable" }),
      }),
    batch: (oid: string, size: number) =>
      fetch(`${hub.url}/erin/durable.git/info/lfs/objects/batch`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/vnd.git-lfs+json" },
        body: JSON.stringify({ operation: "upload", transfers: ["basic"], objects: [{ oid, size }] }),
      }),
  };
}

const inline = (filePath: string, content: string) => ({
  key: "file",
  value: { path: filePath, content: Buffer.from(content).toString("base64"), encoding: "base64" },
});

/** Polls until `check` holds (state, not time: the deadline only bounds a broken run). */
async function waitFor(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("kill -9 of the hub", () => {
  it("during a large LFS upload: no partial file is visible, the repo keeps its commit, the upload can be redone", async () => {
    const env = { HUBKIT_DATA_DIR: path.join(hubs.folder, "upload") };
    const token = await createToken(env, "erin");
    let hub = await start(env);
    let api = client(hub, token);
    expect((await api.create()).status).toBe(200);
    expect((await api.commit([inline("before.txt", "before")])).status).toBe(200);
    const head = (await api.json<{ sha: string }>("/api/models/erin/durable")).sha;

    const size = 64 * 1024 * 1024;
    const payload = randomBytes(size);
    const oid = sha256(payload);
    const { objects } = (await (await api.batch(oid, size)).json()) as {
      objects: { actions: { upload: { href: string } } }[];
    };
    const href = objects[0].actions.upload.href;
    // Send half the file, then hold the rest back so the hub dies with the upload half done.
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent >= size / 2) return;
        const chunk = payload.subarray(sent, sent + 1024 * 1024);
        sent += chunk.length;
        this.push(chunk);
      },
    });
    const upload = fetch(href, {
      method: "PUT",
      body: Readable.toWeb(body) as ReadableStream,
      duplex: "half",
    } as RequestInit).catch((error: unknown) => error);
    const tmp = path.join(hubs.folder, "upload", "blobs", "tmp");
    const partSize = () =>
      readdirSync(tmp).reduce((sum, name) => sum + statSync(path.join(tmp, name)).size, 0);
    await waitFor(() => partSize() >= size / 4, "the upload to reach the hub's disk");
    await kill(hub);
    await upload;

    hub = await start(env);
    api = client(hub, token);
    expect((await api.json<{ sha: string }>("/api/models/erin/durable")).sha).toBe(head);
    const named = await api.commit([
      { key: "lfsFile", value: { path: "model.bin", algo: "sha256", oid, size } },
    ]);
    expect(named.status).toBe(400);
    expect((await fetch(`${hub.url}/erin/durable/resolve/main/model.bin`)).status).toBe(404);
    // Redo: the batch asks for the object again, and this time it lands.
    const again = (await (await api.batch(oid, size)).json()) as {
      objects: { actions: { upload: { href: string } } }[];
    };
    expect((await fetch(again.objects[0].actions.upload.href, { method: "PUT", body: payload })).status).toBe(
      200,
    );
    expect(
      (await api.commit([{ key: "lfsFile", value: { path: "model.bin", algo: "sha256", oid, size } }]))
        .status,
    ).toBe(200);
    const downloaded = Buffer.from(
      await (await fetch(`${hub.url}/erin/durable/resolve/main/model.bin`)).arrayBuffer(),
    );
    expect(sha256(downloaded)).toBe(oid);
    await hub.stop();
  }, 120_000);

  it("during commits: after a restart the head is the last acknowledged commit or the one in flight, whole", async () => {
    const env = { HUBKIT_DATA_DIR: path.join(hubs.folder, "commits") };
    const token = await createToken(env, "erin");
    let hub = await start(env);
    let api = client(hub, token);
    expect((await api.create()).status).toBe(200);
    for (let round = 0; round < 3; round++) {
      let acknowledged = (await api.json<{ rfilename: string }[]>("/api/models/erin/durable/tree/main"))
        .length;
      let stop = false;
      // Each commit adds one file and rewrites `count.txt` with the number of files it adds up to.
      const writer = (async () => {
        while (!stop) {
          const n = acknowledged + 1;
          const reply = await api
            .commit([inline(`files/${round}-${n}.txt`, `${round}-${n}`), inline("count.txt", String(n))])
            .catch(() => undefined);
          if (reply?.status !== 200) return;
          acknowledged = n;
        }
      })();
      const target = acknowledged + 3 + Math.floor(Math.random() * 10);
      await waitFor(() => acknowledged >= target, "some commits to land");
      await kill(hub);
      stop = true;
      await writer;

      hub = await start(env);
      api = client(hub, token);
      const tree = await api.json<{ path: string; type: string }[]>(
        "/api/models/erin/durable/tree/main?recursive=true",
      );
      const count = Number(await (await fetch(`${hub.url}/erin/durable/resolve/main/count.txt`)).text());
      expect([acknowledged, acknowledged + 1]).toContain(count);
      // Every file the head names is whole and readable.
      const files = tree.filter((entry) => entry.type === "file" && entry.path.startsWith(`files/${round}-`));
      for (const entry of files) {
        const text = await (await fetch(`${hub.url}/erin/durable/resolve/main/${entry.path}`)).text();
        expect(entry.path).toBe(`files/${text}.txt`);
      }
    }
    await hub.stop();
  }, 180_000);
});

describe("the hub CLI's token and gc commands", () => {
  it("token create prints only the token; list shows it; revoke ends it; gc removes what no commit names", async () => {
    const env = { HUBKIT_DATA_DIR: path.join(hubs.folder, "cli") };
    const cli = await hubCli();
    const runCli = (args: string[]) =>
      execFileAsync(process.execPath, [cli, ...args], { env: { ...process.env, ...env } });
    const created = await runCli([
      "token",
      "create",
      "--user",
      "hana",
      "--org",
      "lab",
      "--org",
      "team",
      "--name",
      "ci",
    ]);
    expect(created.stdout).toMatch(/^hf_[A-Za-z]{34}\n$/);
    const token = created.stdout.trim();
    const listed = (await runCli(["token", "list", "--user", "hana"])).stdout.trim().split("\n");
    expect(listed).toHaveLength(1);
    const [id, role, , name] = listed[0].split("\t");
    expect([role, name]).toEqual(["read", "ci"]);
    expect(listed[0]).not.toContain(token);
    // The token works against a hub on the same data dir, then no longer once revoked.
    const hub = await start(env);
    const whoami = await fetch(`${hub.url}/api/whoami-v2`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await whoami.json()) as { orgs: { name: string }[] }).orgs.map((org) => org.name)).toEqual([
      "lab",
      "team",
    ]);
    expect((await runCli(["token", "revoke", id])).stdout).toContain(`revoked ${id}`);
    const after = await fetch(`${hub.url}/api/whoami-v2`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    await hub.stop();
    const bad = await runCli(["token", "create", "--user", "no spaces"]).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect((bad as { code: number }).code).not.toBe(0);
    expect((bad as { stderr: string }).stderr).toMatch(/not a valid user or organisation name/);
    expect((await runCli(["gc"])).stdout).toMatch(/^removed \d+ unreferenced files \(\d+ bytes\)/);
  }, 120_000);
});

describe("two replicas on one PostgreSQL database and one blob folder", () => {
  let postgres: Awaited<ReturnType<typeof freshPostgres>>;

  beforeAll(async () => {
    postgres = await freshPostgres();
  }, 120_000);

  afterAll(async () => {
    await postgres?.cleanup();
  });

  it("a commit through one replica is downloadable through the other", async () => {
    const shared = {
      HUBKIT_DATABASE_URL: postgres.db.url,
      HUBKIT_BLOB_DIR: path.join(hubs.folder, "shared-blobs"),
      HUBKIT_EMULATOR_STREAM_INTERVAL_MS: "0",
    };
    const token = await createToken({ ...shared, HUBKIT_DATA_DIR: path.join(hubs.folder, "a") }, "frank");
    const [a, b] = await Promise.all([
      start({ ...shared, HUBKIT_DATA_DIR: path.join(hubs.folder, "a") }),
      start({ ...shared, HUBKIT_DATA_DIR: path.join(hubs.folder, "b") }),
    ]);
    const payload = randomBytes(12 * 1024 * 1024);
    const uploaded = await runPython(
      `import json
from huggingface_hub import HfApi
api = HfApi()
api.create_repo("frank/replicated", private=True)
with open("payload.bin", "wb") as f:
    f.write(bytes.fromhex("${payload.subarray(0, 64).toString("hex")}") * ${(12 * 1024 * 1024) / 64})
api.upload_file(path_or_fileobj="payload.bin", path_in_repo="payload.bin", repo_id="frank/replicated")
api.upload_file(path_or_fileobj=b"---\\nlicense: mit\\n---\\n# Replicated\\n", path_in_repo="README.md", repo_id="frank/replicated")
api.update_repo_settings("frank/replicated", private=False)
print(json.dumps({"sha": api.model_info("frank/replicated").sha}))`,
      clientEnv(a.url, path.join(hubs.folder, "py-a"), { HF_TOKEN: token }),
      hubs.folder,
    );
    const expected = Buffer.concat(
      Array.from({ length: (12 * 1024 * 1024) / 64 }, () => payload.subarray(0, 64)),
    );
    const downloaded = await runPython(
      `import json, hashlib
from huggingface_hub import HfApi, hf_hub_download
p = hf_hub_download("frank/replicated", "payload.bin")
print(json.dumps({"sha256": hashlib.sha256(open(p, "rb").read()).hexdigest(), "sha": HfApi().model_info("frank/replicated").sha}))`,
      clientEnv(b.url, path.join(hubs.folder, "py-b"), { HF_TOKEN: token }),
      hubs.folder,
    );
    expect(downloaded).toEqual({ sha256: sha256(expected), sha: uploaded.sha });
    // The shared catalogue lists the now-public repo on both replicas.
    for (const replica of [a, b]) {
      const listed = (await (await fetch(`${replica.url}/api/models?search=frank/`)).json()) as {
        id: string;
      }[];
      expect(listed.map((model) => model.id)).toEqual(["frank/replicated"]);
    }
  }, 180_000);
});
