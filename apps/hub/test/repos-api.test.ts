// The hosted-repository API over HTTP with bad input: every refusal names what was wrong and stores
// nothing (path traversal, a wrong sha256 or size on an LFS upload, a tampered upload link, bad repo
// and branch names, files over the size limit, malformed commit lines), plus downloads by range with
// ETags, and concurrent commits on one branch that all land.
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readlinkSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "./support/repo-files.js";
import { startTestHub, type TestHub } from "./support/hub.js";

let hub: TestHub;
let token: string;
const MAX_FILE = 2 * 1024 * 1024;

beforeAll(async () => {
  hub = await startTestHub("repos-api", {
    dataSubdir: "data",
    seed: false,
    maxFileBytes: MAX_FILE,
    maxRepoBytes: 3 * MAX_FILE,
  });
  token = await hub.repos.access.createToken("dana", { write: true });
  const created = await api("POST", "/api/repos/create", { name: "box" });
  expect(created.status).toBe(200);
});

afterAll(() => hub?.close());

async function api(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${hub.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

function ndjson(lines: unknown[]): string {
  return lines.map((line) => JSON.stringify(line)).join("\n") + "\n";
}

async function commit(lines: unknown[], revision = "main") {
  return api(
    "POST",
    `/api/models/dana/box/commit/${revision}`,
    ndjson([{ key: "header", value: { summary: "test" } }, ...lines]),
    {
      "content-type": "application/x-ndjson",
    },
  );
}

const file = (filePath: string, content: string | Buffer) => ({
  key: "file",
  value: { path: filePath, content: Buffer.from(content).toString("base64"), encoding: "base64" },
});

async function files(): Promise<string[]> {
  const listed = (await (await api("GET", "/api/models/dana/box/tree/main?recursive=true")).json()) as {
    path: string;
    type: string;
  }[];
  return listed.filter((entry) => entry.type === "file").map((entry) => entry.path);
}

async function uploadLfs(bytes: Buffer, announced = { oid: sha256(bytes), size: bytes.length }) {
  const batch = await api(
    "POST",
    "/dana/box.git/info/lfs/objects/batch",
    JSON.stringify({ operation: "upload", transfers: ["basic"], objects: [announced] }),
    {
      "content-type": "application/vnd.git-lfs+json",
    },
  );
  return batch;
}

describe("hosted repos refuse bad input and store nothing", { timeout: 120_000 }, () => {
  it("refuses file paths that climb out, are absolute, hold NUL or enter .git", async () => {
    const before = await files();
    for (const bad of [
      "../escape.txt",
      "a/../../b.txt",
      "/etc/passwd",
      "nul\0byte.txt",
      ".git/config",
      "x/.git/hooks/pre-commit",
      "a//b.txt",
      "back\\slash.txt",
      "",
    ]) {
      const reply = await commit([file(bad, "evil")]);
      expect(reply.status, bad).toBe(400);
      const message = ((await reply.json()) as { error: string }).error;
      expect(message, bad).toMatch(/path|missing/);
    }
    expect(await files()).toEqual(before);
  });

  it("refuses repo ids that are not owner/name, bad branch names, and an unknown commit key", async () => {
    for (const name of ["a/b", "..", "has space", "x".repeat(97), "ends.git"]) {
      const reply = await api("POST", "/api/repos/create", { name });
      expect(reply.status, name).toBe(400);
      expect(((await reply.json()) as { error: string }).error).toMatch(/not a valid repo id/);
    }
    const branch = await api("POST", "/api/models/dana/box/branch/bad..name", {});
    expect(branch.status).toBe(400);
    const unknown = await commit([{ key: "renamedFile", value: { path: "a.txt" } }]);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/Line 2: unknown key/);
    const notJson = await api("POST", "/api/models/dana/box/commit/main", "{nope\n", {
      "content-type": "application/x-ndjson",
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: string }).error).toMatch(
      /Line 1 of the commit is not valid JSON/,
    );
  });

  it("an LFS upload with the wrong sha256 or size is refused and leaves no blob", async () => {
    const bytes = randomBytes(100_000);
    const wrongOid = sha256(Buffer.from("something else"));
    const batch = await uploadLfs(bytes, { oid: wrongOid, size: bytes.length });
    expect(batch.status).toBe(200);
    expect(batch.headers.get("content-type")).toMatch(/application\/vnd\.git-lfs\+json/);
    const { objects } = (await batch.json()) as {
      objects: { actions: { upload: { href: string }; verify: { href: string } } }[];
    };
    const href = objects[0].actions.upload.href;
    // The link works with no token, as the clients use it.
    const put = await fetch(href, { method: "PUT", body: bytes });
    expect(put.status).toBe(400);
    expect(((await put.json()) as { error: string }).error).toMatch(
      /sha256 is .* not the .* announced: nothing was stored/,
    );
    expect(await hub.repos.blobs.size(wrongOid)).toBeUndefined();
    expect(await hub.repos.blobs.size(sha256(bytes))).toBeUndefined();
    expect(readdirSync(path.join(hub.folder, "data", "blobs", "tmp"))).toEqual([]);
    // Naming the never-stored object in a commit is refused too.
    const named = await commit([
      { key: "lfsFile", value: { path: "w.bin", algo: "sha256", oid: wrongOid, size: bytes.length } },
    ]);
    expect(named.status).toBe(400);
    expect(((await named.json()) as { error: string }).error).toMatch(/was not uploaded to this hub/);
  });

  it("a tampered or reused-for-another-object upload link is refused", async () => {
    const bytes = randomBytes(50_000);
    const { objects } = (await (await uploadLfs(bytes)).json()) as {
      objects: { actions: { upload: { href: string } } }[];
    };
    const href = new URL(objects[0].actions.upload.href);
    const other = sha256(randomBytes(10));
    const tampered = href.toString().replace(sha256(bytes), other);
    expect((await fetch(tampered, { method: "PUT", body: bytes })).status).toBe(403);
    href.searchParams.set("size", "1");
    expect((await fetch(href, { method: "PUT", body: bytes })).status).toBe(403);
    // The untouched link works, and the object can then be committed.
    expect((await fetch(objects[0].actions.upload.href, { method: "PUT", body: bytes })).status).toBe(200);
    const stored = await commit([
      { key: "lfsFile", value: { path: "ok.bin", algo: "sha256", oid: sha256(bytes), size: bytes.length } },
    ]);
    expect(stored.status).toBe(200);
    // Asked again, the batch says the object is stored: no upload action.
    const again = (await (await uploadLfs(bytes)).json()) as { objects: { actions?: unknown }[] };
    expect(again.objects[0].actions).toBeUndefined();
  });

  it("files over the size limit get 413 at preupload, batch, upload and commit", async () => {
    const preupload = await api("POST", "/api/models/dana/box/preupload/main", {
      files: [{ path: "huge.bin", size: MAX_FILE + 1, sample: "" }],
    });
    expect(preupload.status).toBe(413);
    const batch = await uploadLfs(Buffer.alloc(0), { oid: "a".repeat(64), size: MAX_FILE + 1 });
    expect(batch.status).toBe(413);
    expect(((await batch.json()) as { error: string }).error).toMatch(/over this hub's file size limit/);
    const inline = await commit([file("big-inline.txt", "x".repeat(MAX_FILE + 1))]);
    expect(inline.status).toBe(413);
    expect(await files()).not.toContain("big-inline.txt");
  });

  it("a repo over its size limit gets 413 and keeps its previous commit", async () => {
    const head = ((await (await api("GET", "/api/models/dana/box")).json()) as { sha: string }).sha;
    const chunk = "y".repeat(MAX_FILE - 100);
    const reply = await commit([
      file("f1.txt", chunk),
      file("f2.txt", chunk),
      file("f3.txt", chunk),
      file("f4.txt", chunk),
    ]);
    expect(reply.status).toBe(413);
    expect(((await reply.json()) as { error: string }).error).toMatch(/over this hub's limit/);
    expect(((await (await api("GET", "/api/models/dana/box")).json()) as { sha: string }).sha).toBe(head);
  });

  it("deleting a missing file names it; a file cannot also be a folder", async () => {
    const missing = await commit([{ key: "deletedFile", value: { path: "not-there.txt" } }]);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-error-code")).toBe("EntryNotFound");
    expect(((await missing.json()) as { error: string }).error).toMatch(/not-there\.txt/);
    expect((await commit([file("ok.bin/inner.txt", "clash")])).status).toBe(400);
  });

  it("a commit of many files stored at once names its first bad line and lands nothing", async () => {
    const before = await files();
    const missing = (n: number) => ({
      key: "lfsFile",
      value: { path: `many/missing-${n}.bin`, algo: "sha256", oid: sha256(Buffer.from(`never ${n}`)) },
    });
    const lines = [
      ...Array.from({ length: 40 }, (_, i) => file(`many/${i}.txt`, `content ${i}`)),
      missing(1),
      ...Array.from({ length: 40 }, (_, i) => file(`many/later-${i}.txt`, `later ${i}`)),
      missing(2),
    ];
    const reply = await commit(lines);
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { error: string }).error).toMatch(/many\/missing-1\.bin/);
    expect(await files()).toEqual(before);
    const good = await commit(lines.filter((line) => line.key === "file"));
    expect(good.status).toBe(200);
    const listed = await files();
    expect(listed.filter((name) => name.startsWith("many/"))).toHaveLength(80);
    const content = await fetch(`${hub.url}/dana/box/resolve/main/many/later-39.txt`);
    expect(await content.text()).toBe("later 39");
  });
});

describe("downloads", () => {
  const content = randomBytes(300_000);
  let etag: string;

  beforeAll(async () => {
    const reply = await commit([file("data/blob.dat", content)]);
    expect(reply.status).toBe(200);
  });

  it("HEAD gives the size, ETag (git blob id) and commit; GET with a range gives 206", async () => {
    const head = await fetch(`${hub.url}/dana/box/resolve/main/data/blob.dat`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const bytes = content;
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
    etag = head.headers.get("etag")!;
    const gitOid = createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
    expect(etag).toBe(`"${gitOid}"`);
    expect(head.headers.get("x-repo-commit")).toMatch(/^[0-9a-f]{40}$/);
    const ranged = await fetch(`${hub.url}/dana/box/resolve/main/data/blob.dat`, {
      headers: { range: "bytes=1000-1999" },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await fetch(`${hub.url}/dana/box/resolve/main/data/blob.dat`, {
      headers: { range: "bytes=-10" },
    });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const beyond = await fetch(`${hub.url}/dana/box/resolve/main/data/blob.dat`, {
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(beyond.status).toBe(416);
    const cached = await fetch(`${hub.url}/dana/box/resolve/main/data/blob.dat`, {
      headers: { "if-none-match": etag },
    });
    expect(cached.status).toBe(304);
  });

  it("downloads at once are whole and carry the security headers; one dropped midway closes its file", async () => {
    const big = randomBytes(MAX_FILE);
    expect((await commit([file("data/two-mib.bin", big)])).status).toBe(200);
    const url = `${hub.url}/dana/box/resolve/main/data/two-mib.bin`;
    // Several at once: the first reads in 1 MiB chunks, the others in 256 KB ones, each through its
    // two reused buffers.
    const replies = await Promise.all(Array.from({ length: 4 }, () => fetch(url)));
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.headers.get("content-length")).toBe(String(MAX_FILE));
      expect(reply.headers.get("x-content-type-options")).toBe("nosniff");
      expect(reply.headers.get("content-type")).toBe("application/octet-stream");
    }
    const bodies = await Promise.all(replies.map(async (reply) => Buffer.from(await reply.arrayBuffer())));
    for (const body of bodies) expect(body.equals(big)).toBe(true);

    // A client that stops reading and goes away: the hub closes the blob file.
    const openBlobs = () =>
      readdirSync("/proc/self/fd").filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).includes(`${path.sep}objects${path.sep}`);
        } catch {
          return false;
        }
      }).length;
    const before = openBlobs();
    const dropped = await new Promise<http.ClientRequest>((resolve, reject) => {
      const request = http.get(url, (response) => {
        response.pause();
        resolve(request);
      });
      request.on("error", reject);
    });
    dropped.destroy();
    await expect.poll(openBlobs, { timeout: 5000 }).toBe(before);
    const again = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(again.equals(big)).toBe(true);
  });

  it("an LFS file answers with X-Linked-Size and X-Linked-Etag (its sha256); raw gives the pointer", async () => {
    const head = await fetch(`${hub.url}/dana/box/resolve/main/ok.bin`, { method: "HEAD" });
    const size = Number(head.headers.get("x-linked-size"));
    expect(size).toBe(50_000);
    expect(head.headers.get("x-linked-etag")).toMatch(/^"[0-9a-f]{64}"$/);
    const raw = await (await fetch(`${hub.url}/dana/box/raw/main/ok.bin`)).text();
    expect(raw).toMatch(
      /^version https:\/\/git-lfs\.github\.com\/spec\/v1\noid sha256:[0-9a-f]{64}\nsize 50000\n$/,
    );
  });

  it("missing files and revisions get EntryNotFound and RevisionNotFound", async () => {
    const missing = await fetch(`${hub.url}/dana/box/resolve/main/nope.txt`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-error-code")).toBe("EntryNotFound");
    const badRevision = await fetch(`${hub.url}/dana/box/resolve/v9/data/blob.dat`);
    expect(badRevision.status).toBe(404);
    expect(badRevision.headers.get("x-error-code")).toBe("RevisionNotFound");
  });
});

describe("concurrent commits", () => {
  it("ten commits at once on one branch all land, one after another", async () => {
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => commit([file(`parallel/${i}.txt`, `n${i}`)])),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
    const listed = await files();
    for (let i = 0; i < 10; i++) expect(listed).toContain(`parallel/${i}.txt`);
    const commits = (await (await api("GET", "/api/models/dana/box/commits/main?limit=100")).json()) as {
      id: string;
    }[];
    expect(new Set(commits.map((c) => c.id)).size).toBe(commits.length);
  });
});
