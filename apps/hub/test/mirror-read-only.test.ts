// Mirrored repos are read-only: every write route (commit, preupload, the LFS upload batch and
// verify, the Xet write token, branches, tags, settings, delete, move) answers 403 "mirrored from
// <upstream>: read-only here" to everyone, the upstream owner's name and anonymous callers
// included, and the repo stays as upstream has it. A hosted repo of the same owner takes writes.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../src/index.js";
import { commitFiles, sha256 } from "./support/mirror.js";

const COMMIT = "d".repeat(40);
const weights = randomBytes(4096);

let work: string;
let fake: http.Server;
let upstreamUrl: string;
let hub: HubServer;
let ownerToken: string;

/** The fake upstream: one public model, x/model, with one small LFS file. */
function answer(request: http.IncomingMessage, response: http.ServerResponse): void {
  const url = request.url ?? "";
  if (/^\/api\/models\/x\/model\/revision\/main/.test(url)) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        id: "x/model",
        sha: COMMIT,
        private: false,
        siblings: [
          {
            rfilename: "weights.bin",
            size: weights.length,
            blobId: "b".repeat(40),
            lfs: { sha256: sha256(weights), size: weights.length, pointerSize: 132 },
          },
        ],
      }),
    );
    return;
  }
  if (/^\/x\/model\/resolve\/[0-9a-f]{40}\/weights\.bin$/.test(url)) {
    response.writeHead(200, { "content-length": String(weights.length) });
    response.end(weights);
    return;
  }
  response.writeHead(404, { "content-type": "application/json", "x-error-code": "RepoNotFound" });
  response.end(JSON.stringify({ error: "Repository not found" }));
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-mirror-read-only-"));
  fake = http.createServer(answer);
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  hub = await startHubServer({
    port: 0,
    dataDir: path.join(work, "hub"),
    hfToken: "",
    seed: false,
    mirror: { upstreamUrl, ttlSeconds: 60, readers: [] },
  });
  // A local account named as the upstream owner, with a write token.
  ownerToken = await hub.repos.access.createToken("x", { write: true });
});

afterAll(async () => {
  await hub?.close();
  fake?.closeAllConnections();
  await new Promise((resolve) => fake?.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

describe("a mirrored repo is read-only", { timeout: 30_000 }, () => {
  it("refuses every write with 403, for its owner's name and anonymous callers alike", async () => {
    const info = await fetch(`${hub.url}/api/models/x/model`);
    expect(info.status).toBe(200);
    expect(((await info.json()) as { sha: string }).sha).toBe(COMMIT);

    const json = { "content-type": "application/json" };
    const commitBody = [
      JSON.stringify({ key: "header", value: { summary: "local change" } }),
      JSON.stringify({ key: "file", value: { path: "x.txt", content: "aGk=", encoding: "base64" } }),
    ].join("\n");
    const writes: [string, string, string, Record<string, string>, string?][] = [
      [
        "commit",
        "POST",
        "/api/models/x/model/commit/main",
        { "content-type": "application/x-ndjson" },
        commitBody,
      ],
      ["preupload", "POST", "/api/models/x/model/preupload/main", json, JSON.stringify({ files: [] })],
      [
        "LFS upload batch",
        "POST",
        "/x/model.git/info/lfs/objects/batch",
        { "content-type": "application/vnd.git-lfs+json" },
        JSON.stringify({ operation: "upload", objects: [{ oid: "e".repeat(64), size: 3 }] }),
      ],
      [
        "LFS verify",
        "POST",
        "/api/hubkit/lfs-verify/model/x/model",
        json,
        JSON.stringify({ oid: "e".repeat(64), size: 3 }),
      ],
      ["Xet write token", "GET", "/api/models/x/model/xet-write-token/main", {}],
      ["branch create", "POST", "/api/models/x/model/branch/dev", json, "{}"],
      ["branch delete", "DELETE", "/api/models/x/model/branch/main", {}],
      ["tag create", "POST", "/api/models/x/model/tag/main", json, JSON.stringify({ tag: "v1" })],
      ["tag delete", "DELETE", "/api/models/x/model/tag/v1", {}],
      ["settings", "PUT", "/api/models/x/model/settings", json, JSON.stringify({ private: true })],
      [
        "delete",
        "DELETE",
        "/api/repos/delete",
        json,
        JSON.stringify({ type: "model", name: "model", organization: "x" }),
      ],
      ["move", "POST", "/api/repos/move", json, JSON.stringify({ fromRepo: "x/model", toRepo: "x/moved" })],
    ];
    for (const [what, method, route, headers, body] of writes) {
      for (const auth of [{ authorization: `Bearer ${ownerToken}` }, {}] as Record<string, string>[]) {
        const response = await fetch(`${hub.url}${route}`, {
          method,
          headers: { ...headers, ...auth },
          body,
        });
        const answer = (await response.json()) as { error?: string };
        const who = "authorization" in auth ? "owner" : "anonymous";
        expect(response.status, `${what} (${who})`).toBe(403);
        expect(answer.error, `${what} (${who})`).toContain(`mirrored from ${upstreamUrl}: read-only here`);
        expect(JSON.stringify(answer)).not.toContain(ownerToken);
      }
    }

    // Unchanged: the same commit, one branch, no tag, public, and no moved copy.
    const after = (await (await fetch(`${hub.url}/api/models/x/model`)).json()) as {
      sha: string;
      private: boolean;
      siblings: { rfilename: string }[];
    };
    expect(after).toMatchObject({ sha: COMMIT, private: false, siblings: [{ rfilename: "weights.bin" }] });
    const refs = (await (await fetch(`${hub.url}/api/models/x/model/refs`)).json()) as {
      branches: { name: string }[];
      tags: unknown[];
    };
    expect(refs.branches.map((branch) => branch.name)).toEqual(["main"]);
    expect(refs.tags).toEqual([]);
    expect(await hub.repos.meta.getRepo("model", "x/moved")).toBeUndefined();
    const file = await fetch(`${hub.url}/x/model/resolve/main/weights.bin`);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(weights));

    // The same owner's hosted repo takes writes: the refusal is about the mirror, not the caller.
    const own = await commitFiles(hub.url, ownerToken, "x/own", [{ path: "a.txt", bytes: Buffer.from("a") }]);
    expect(own).toMatch(/^[0-9a-f]{40}$/);
  });
});
