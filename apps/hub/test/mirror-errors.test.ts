// The mirror when upstream fails: a loopback fake upstream (a real HTTP server) answers 404, 401,
// 500 and 503, cuts a file's connection part-way, and sends a file whose bytes are not the ones its
// tree names. The client of the mirror gets the matching error (RepoNotFound 404/401, 502), the
// file is never stored nor served whole, and the upstream token appears in no answer.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHubServer, type HubServer } from "../src/index.js";
import { sha256, waitFor } from "./support/mirror.js";

const FILE_BYTES = 2 * 1024 * 1024 + 5;
const COMMIT = "c".repeat(40);
const UPSTREAM_TOKEN = `hf_${"Q".repeat(34)}`;
const good = randomBytes(FILE_BYTES);
const liar = randomBytes(FILE_BYTES);

let work: string;
let fake: http.Server;
let hub: HubServer;
const tokensSeen: string[] = [];

/** The fake upstream: one behaviour per repo name under x/. */
function answer(request: http.IncomingMessage, response: http.ServerResponse): void {
  tokensSeen.push(String(request.headers.authorization ?? ""));
  const url = request.url ?? "";
  const info = /^\/api\/models\/x\/([a-z]+)\/revision\/main/.exec(url);
  const refuse = (status: number, code?: string) => {
    response.writeHead(status, {
      "content-type": "application/json",
      ...(code ? { "x-error-code": code, "x-error-message": "Repository not found" } : {}),
    });
    response.end(JSON.stringify({ error: "Repository not found" }));
  };
  if (info) {
    const name = info[1];
    if (name === "missing") return refuse(404, "RepoNotFound");
    if (name === "locked") return refuse(401, "RepoNotFound");
    if (name === "down") return refuse(500);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        id: `x/${name}`,
        sha: COMMIT,
        private: false,
        siblings: [
          {
            rfilename: "big.bin",
            size: FILE_BYTES,
            blobId: "b".repeat(40),
            lfs: { sha256: sha256(good), size: FILE_BYTES, pointerSize: 134 },
          },
        ],
      }),
    );
    return;
  }
  const file = /^\/x\/([a-z]+)\/resolve\/[0-9a-f]{40}\/big\.bin$/.exec(url);
  if (!file) return refuse(404, "EntryNotFound");
  if (file[1] === "flaky") return refuse(503);
  response.writeHead(200, {
    "content-length": String(FILE_BYTES),
    "content-type": "application/octet-stream",
  });
  if (file[1] === "liar") {
    response.end(liar);
    return;
  }
  // "cut": a quarter of the file, then the connection is dropped.
  response.write(good.subarray(0, FILE_BYTES >> 2), () => response.destroy());
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-mirror-errors-"));
  fake = http.createServer(answer);
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  const upstreamUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  hub = await startHubServer({
    port: 0,
    dataDir: path.join(work, "hub"),
    hfToken: "",
    seed: false,
    mirror: { upstreamUrl, upstreamToken: UPSTREAM_TOKEN, ttlSeconds: 60, readers: [] },
  });
});

afterAll(async () => {
  await hub?.close();
  fake?.closeAllConnections();
  await new Promise((resolve) => fake?.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

async function expectNothingStored(name: string) {
  await waitFor(async () => (hub.mirror!.flights.size === 0 ? true : undefined), "the download to end");
  expect(await hub.repos.blobs.size(sha256(good))).toBeUndefined();
  expect(await hub.repos.blobs.size(sha256(liar))).toBeUndefined();
  expect(readdirSync(path.join(hub.repos.blobs.dir, "tmp"))).toEqual([]);
  expect((await hub.repos.meta.getRepo("model", `x/${name}`))?.id).toBe(`x/${name}`);
}

/** Reads a whole body; resolves with what arrived and whether it ended in an error. */
async function readAll(response: Response): Promise<{ bytes: number; failed: boolean }> {
  let bytes = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    return { bytes, failed: false };
  } catch {
    return { bytes, failed: true };
  }
}

describe("the mirror when upstream fails", { timeout: 60_000 }, () => {
  it("upstream 404 and 401 are RepoNotFound, a 5xx is 502; nothing is recorded", async () => {
    for (const [name, status] of [
      ["missing", 404],
      ["locked", 401],
      ["down", 502],
    ] as const) {
      const response = await fetch(`${hub.url}/api/models/x/${name}`);
      const body = (await response.json()) as { error: string };
      expect(response.status, name).toBe(status);
      if (status !== 502) expect(response.headers.get("x-error-code")).toBe("RepoNotFound");
      else expect(body.error).toMatch(/upstream hub .* answered 500/);
      expect(JSON.stringify(body)).not.toContain(UPSTREAM_TOKEN);
      expect(await hub.repos.meta.getRepo("model", `x/${name}`)).toBeUndefined();
      const file = await fetch(`${hub.url}/x/${name}/resolve/main/big.bin`);
      expect(file.status, `${name} file`).toBe(status);
      await file.arrayBuffer();
    }
    // The token went to upstream, and only there.
    expect(tokensSeen.every((header) => header === `Bearer ${UPSTREAM_TOKEN}`)).toBe(true);
  });

  it("a file whose connection is cut part-way fails for the client and is not kept", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      // Cut before any byte was stored: a 502; after: the response breaks off.
      const response = await fetch(`${hub.url}/x/cut/resolve/main/big.bin`);
      const read = await readAll(response);
      if (response.status === 200) expect(read.failed).toBe(true);
      else expect(response.status).toBe(502);
      expect(read.bytes).toBeLessThan(FILE_BYTES);
      await expectNothingStored("cut");
    }
  });

  it("a file whose bytes are not the ones its tree names is never served whole nor kept", async () => {
    const response = await fetch(`${hub.url}/x/liar/resolve/main/big.bin`);
    const read = await readAll(response);
    if (response.status === 200) expect(read.failed).toBe(true);
    else expect(response.status).toBe(502);
    expect(read.bytes).toBeLessThan(FILE_BYTES);
    await expectNothingStored("liar");
  });

  it("a 5xx for the file is a 502 with a clear error; HEAD is answered from the tree", async () => {
    const head = await fetch(`${hub.url}/x/flaky/resolve/main/big.bin`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-linked-size")).toBe(String(FILE_BYTES));
    const response = await fetch(`${hub.url}/x/flaky/resolve/main/big.bin`);
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: string };
    expect(body.error).toMatch(/x\/flaky\/big\.bin.*answered 503/);
    expect(JSON.stringify(body)).not.toContain(UPSTREAM_TOKEN);
    await expectNothingStored("flaky");
  });
});
