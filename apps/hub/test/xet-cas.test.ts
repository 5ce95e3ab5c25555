// The hub's Xet CAS service spoken directly (HTTP on 127.0.0.1, xorbs and shards built here from the
// published formats): token shapes and scopes, xorb uploads checked against their hashes (a flipped
// byte is refused and nothing kept), shards refused when they name what the store lacks or prove it
// wrongly, an upload cut off mid-body leaves nothing and can be redone, reconstructions stay inside
// the token's repo.
import { createHash, randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkHash, fileHash, hashToHex, merkleRoot, verificationHash } from "../src/xet/hashing.js";
import { buildDedupShard } from "../src/xet/shard.js";
import { xetStoreOf } from "../src/xet/store.js";
import { startTestHub, type TestHub } from "./support/hub.js";

let hub: TestHub;
let alice: string;
let bob: string;

beforeAll(async () => {
  hub = await startTestHub("xet-cas", { dataSubdir: "data", seed: false });
  alice = await hub.repos.access.createToken("alice", { write: true });
  bob = await hub.repos.access.createToken("bob", { write: true });
  for (const [token, name, isPrivate] of [
    [alice, "cas", false],
    [alice, "secret", true],
    [bob, "other", false],
  ] as const) {
    const created = await fetch(`${hub.url}/api/repos/create`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name, private: isPrivate }),
    });
    expect(created.status).toBe(200);
  }
});

afterAll(() => hub?.close());

interface Xorb {
  hash: string;
  body: Buffer;
  chunks: Buffer[];
}

/** A xorb of uncompressed chunks (scheme 0), as the specification serializes it. */
function buildXorb(chunks: Buffer[]): Xorb {
  const parts = chunks.flatMap((data) => {
    const header = Buffer.alloc(8);
    header.writeUIntLE(data.length, 1, 3);
    header.writeUIntLE(data.length, 5, 3);
    return [header, data];
  });
  const hash = hashToHex(merkleRoot(chunks.map((data) => ({ hash: chunkHash(data), size: data.length }))));
  return { hash, body: Buffer.concat(parts), chunks };
}

const ENTRY = 48;
const BOOKEND = Buffer.concat([Buffer.alloc(32, 0xff), Buffer.alloc(16)]);

/** An upload shard (no footer) for one file made of all of `xorb`'s chunks; `tamper` edits it first. */
function buildShard(xorb: Xorb, tamper: { xorbHash?: Buffer; proof?: Buffer } = {}): Buffer {
  const hashes = xorb.chunks.map((data) => chunkHash(data));
  const leaves = xorb.chunks.map((data, i) => ({ hash: hashes[i], size: data.length }));
  const xorbRaw = tamper.xorbHash ?? merkleRoot(leaves);
  const header = Buffer.alloc(ENTRY);
  header.write("HFRepoMetaData", 0, "ascii");
  Buffer.from([
    0x55, 0x69, 0x67, 0x45, 0x6a, 0x7b, 0x81, 0x57, 0x83, 0xa5, 0xbd, 0xd9, 0x5c, 0xcd, 0xd1, 0x4a, 0xa9,
  ]).copy(header, 15);
  header.writeBigUInt64LE(2n, 32);
  const fileHeader = Buffer.alloc(ENTRY);
  fileHash(leaves).copy(fileHeader, 0);
  fileHeader.writeUInt32LE(0xc0000000, 32);
  fileHeader.writeUInt32LE(1, 36);
  const term = Buffer.alloc(ENTRY);
  xorbRaw.copy(term, 0);
  term.writeUInt32LE(
    xorb.chunks.reduce((sum, data) => sum + data.length, 0),
    36,
  );
  term.writeUInt32LE(0, 40);
  term.writeUInt32LE(xorb.chunks.length, 44);
  const proof = Buffer.alloc(ENTRY);
  (tamper.proof ?? verificationHash(hashes)).copy(proof, 0);
  const meta = Buffer.alloc(ENTRY);
  createHash("sha256").update(Buffer.concat(xorb.chunks)).digest().copy(meta, 0);
  return Buffer.concat([header, fileHeader, term, proof, meta, BOOKEND, BOOKEND]);
}

async function xetToken(scope: "read" | "write", repo: string, hubToken?: string) {
  const response = await fetch(`${hub.url}/api/models/${repo}/xet-${scope}-token/main`, {
    headers: hubToken ? { authorization: `Bearer ${hubToken}` } : {},
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

async function cas(method: string, route: string, token: string | undefined, body?: Buffer) {
  const response = await fetch(`${hub.url}/xet-cas${route}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: body ? new Uint8Array(body) : undefined,
  });
  const text = Buffer.from(await response.arrayBuffer());
  return { status: response.status, text: text.toString("utf8"), bytes: text };
}

describe("the hub's Xet CAS service", () => {
  it("token routes answer casUrl, accessToken and exp (also as headers), short-lived and scoped", async () => {
    const write = await xetToken("write", "alice/cas", alice);
    expect(write.status).toBe(200);
    expect(write.body.casUrl).toBe(`${hub.url}/xet-cas`);
    expect(write.body.accessToken).toMatch(/^xet_/);
    const exp = write.body.exp as number;
    expect(exp).toBeGreaterThan(Date.now() / 1000);
    expect(exp).toBeLessThanOrEqual(Date.now() / 1000 + 3600);
    expect(write.headers.get("x-xet-access-token")).toBe(write.body.accessToken);
    expect(write.headers.get("x-xet-cas-url")).toBe(write.body.casUrl);
    expect(write.headers.get("x-xet-token-expiration")).toBe(String(exp));
    // Write needs write access; a private repo is hidden from others; an unknown revision is 404.
    expect((await xetToken("write", "alice/cas", bob)).status).toBe(403);
    expect((await xetToken("write", "alice/cas")).status).toBe(401);
    expect((await xetToken("read", "alice/secret", bob)).status).toBe(404);
    expect((await xetToken("read", "alice/cas")).status).toBe(200);
    const missing = await fetch(`${hub.url}/api/models/alice/cas/xet-read-token/nope`);
    expect(missing.status).toBe(404);
  });

  it("uploads need a write token; a xorb is stored once, checked against its hash", async () => {
    const xorb = buildXorb([randomBytes(40_000), randomBytes(70_000), randomBytes(9_000)]);
    const read = (await xetToken("read", "alice/cas")).body.accessToken as string;
    const write = (await xetToken("write", "alice/cas", alice)).body.accessToken as string;
    expect((await cas("POST", `/v1/xorbs/default/${xorb.hash}`, undefined, xorb.body)).status).toBe(401);
    expect((await cas("POST", `/v1/xorbs/default/${xorb.hash}`, `${write}x`, xorb.body)).status).toBe(401);
    expect((await cas("POST", `/v1/xorbs/default/${xorb.hash}`, read, xorb.body)).status).toBe(403);
    const first = await cas("POST", `/v1/xorbs/default/${xorb.hash}`, write, xorb.body);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ was_inserted: true });
    const again = await cas("POST", `/v1/xorbs/default/${xorb.hash}`, write, xorb.body);
    expect(JSON.parse(again.text)).toEqual({ was_inserted: false });
  });

  it("a xorb with one flipped byte is refused with its hash named, and nothing is kept", async () => {
    const xorb = buildXorb([randomBytes(50_000), randomBytes(50_000)]);
    const corrupted = Buffer.from(xorb.body);
    corrupted[8 + 50_000 + 8 + 1234] ^= 0x01;
    const write = (await xetToken("write", "alice/cas", alice)).body.accessToken as string;
    const refused = await cas("POST", `/v1/xorbs/default/${xorb.hash}`, write, corrupted);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).error).toContain(`Xorb ${xorb.hash} is refused`);
    const store = xetStoreOf(hub.repos.blobs);
    expect(await store.xorbChunks(xorb.hash)).toBeUndefined();
    expect(readdirSync(path.join(store.dir, "tmp"))).toEqual([]);
    // A truncated chunk is refused as malformed, naming the chunk.
    const cut = await cas("POST", `/v1/xorbs/default/${xorb.hash}`, write, xorb.body.subarray(0, 70_000));
    expect(cut.status).toBe(400);
    expect(JSON.parse(cut.text).error).toMatch(/chunk 1 is malformed/);
  });

  it("shards naming a xorb the store lacks, or with a wrong proof, are refused and register nothing", async () => {
    const write = (await xetToken("write", "alice/cas", alice)).body.accessToken as string;
    const stored = buildXorb([randomBytes(30_000), randomBytes(30_000)]);
    expect((await cas("POST", `/v1/xorbs/default/${stored.hash}`, write, stored.body)).status).toBe(200);
    const absent = buildXorb([randomBytes(20_000)]);
    const missing = await cas("POST", "/v1/shards", write, buildShard(absent));
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.text).error).toContain(
      `names xorb ${absent.hash}, which this hub does not hold`,
    );
    const wrongProof = await cas("POST", "/v1/shards", write, buildShard(stored, { proof: randomBytes(32) }));
    expect(wrongProof.status).toBe(400);
    expect(JSON.parse(wrongProof.text).error).toMatch(/verification hash does not match/);
    const garbage = await cas("POST", "/v1/shards", write, randomBytes(300));
    expect(garbage.status).toBe(400);
    const store = xetStoreOf(hub.repos.blobs);
    const sha = createHash("sha256").update(Buffer.concat(stored.chunks)).digest("hex");
    expect(await store.fileBySha(sha)).toBeUndefined();
    // The good shard registers the file; a commit can then name it by sha256 and resolve serves it.
    expect((await cas("POST", "/v1/shards", write, buildShard(stored))).status).toBe(200);
    expect((await store.fileBySha(sha))?.size).toBe(60_000);
    const commit = await fetch(`${hub.url}/api/models/alice/cas/commit/main`, {
      method: "POST",
      headers: { authorization: `Bearer ${alice}`, "content-type": "application/x-ndjson" },
      body: [
        JSON.stringify({ key: "header", value: { summary: "xet file" } }),
        JSON.stringify({
          key: "lfsFile",
          value: { path: "file.bin", algo: "sha256", oid: sha, size: 60_000 },
        }),
      ].join("\n"),
    });
    expect(commit.status).toBe(200);
    const served = await fetch(`${hub.url}/alice/cas/resolve/main/file.bin`);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.concat(stored.chunks))).toBe(true);
  });

  it("reconstructions answer ranges for files in the token's repo only; dedup answers a shard", async () => {
    const write = (await xetToken("write", "alice/cas", alice)).body.accessToken as string;
    const xorb = buildXorb([randomBytes(64_000), randomBytes(64_000), randomBytes(64_000)]);
    await cas("POST", `/v1/xorbs/default/${xorb.hash}`, write, xorb.body);
    expect((await cas("POST", "/v1/shards", write, buildShard(xorb))).status).toBe(200);
    const sha = createHash("sha256").update(Buffer.concat(xorb.chunks)).digest("hex");
    const record = (await xetStoreOf(hub.repos.blobs).fileBySha(sha))!;
    // Not committed anywhere yet: no repo's token reads it.
    const read = (await xetToken("read", "alice/cas")).body.accessToken as string;
    expect((await cas("GET", `/v1/reconstructions/${record.fileHash}`, read)).status).toBe(404);
    await fetch(`${hub.url}/api/models/alice/cas/commit/main`, {
      method: "POST",
      headers: { authorization: `Bearer ${alice}`, "content-type": "application/x-ndjson" },
      body: [
        JSON.stringify({ key: "header", value: { summary: "three chunks" } }),
        JSON.stringify({
          key: "lfsFile",
          value: { path: "three.bin", algo: "sha256", oid: sha, size: 192_000 },
        }),
      ].join("\n"),
    });
    const fresh = (await xetToken("read", "alice/cas")).body.accessToken as string;
    const response = await fetch(`${hub.url}/xet-cas/v1/reconstructions/${record.fileHash}`, {
      headers: { authorization: `Bearer ${fresh}`, range: "bytes=70000-130000" },
    });
    const answer = (await response.json()) as {
      offset_into_first_range: number;
      terms: { hash: string; range: { start: number; end: number } }[];
      fetch_info: Record<string, { url: string; url_range: { start: number; end: number } }[]>;
    };
    expect(answer.offset_into_first_range).toBe(70_000 - 64_000);
    expect(answer.terms).toEqual([
      { hash: xorb.hash, unpacked_length: 128_000, range: { start: 1, end: 3 } },
    ]);
    const fetchInfo = answer.fetch_info[xorb.hash][0];
    const bytes = await fetch(fetchInfo.url, {
      headers: { range: `bytes=${fetchInfo.url_range.start}-${fetchInfo.url_range.end}` },
    });
    expect(bytes.status).toBe(206);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(xorb.body.subarray(64_008))).toBe(true);
    // The link grants its own range only.
    const wider = await fetch(fetchInfo.url, { headers: { range: "bytes=0-100" } });
    expect(wider.status).toBe(403);
    // Another repo's token does not read it; past the end is 416.
    const other = (await xetToken("read", "bob/other")).body.accessToken as string;
    expect((await cas("GET", `/v1/reconstructions/${record.fileHash}`, other)).status).toBe(404);
    const past = await fetch(`${hub.url}/xet-cas/v1/reconstructions/${record.fileHash}`, {
      headers: { authorization: `Bearer ${fresh}`, range: "bytes=192000-192100" },
    });
    expect(past.status).toBe(416);
    // The first chunk of a file is offered for dedup: the answer is a shard naming the xorb.
    const dedup = await cas(
      "GET",
      `/v1/chunks/default-merkledb/${hashToHex(chunkHash(xorb.chunks[0]))}`,
      fresh,
    );
    expect(dedup.status).toBe(200);
    expect(dedup.bytes.subarray(15, 32).toString("hex")).toBe("556967456a7b815783a5bdd95ccdd14aa9");
    expect(dedup.bytes.includes(Buffer.from(xorb.hash.slice(0, 16), "hex").reverse())).toBe(true);
    expect((await cas("GET", `/v1/chunks/default-merkledb/${"0".repeat(64)}`, fresh)).status).toBe(404);
  });

  it("an upload cut off mid-body leaves nothing, and the same upload then succeeds", async () => {
    const write = (await xetToken("write", "alice/cas", alice)).body.accessToken as string;
    const xorb = buildXorb([randomBytes(100_000), randomBytes(100_000)]);
    const url = new URL(`${hub.url}/xet-cas/v1/xorbs/default/${xorb.hash}`);
    await new Promise<void>((resolve) => {
      const request = httpRequest(url, {
        method: "POST",
        headers: { authorization: `Bearer ${write}`, "content-length": String(xorb.body.length) },
      });
      request.on("error", () => resolve());
      request.on("close", () => resolve());
      request.write(xorb.body.subarray(0, 60_000), () => request.destroy());
    });
    const store = xetStoreOf(hub.repos.blobs);
    expect(await store.xorbChunks(xorb.hash)).toBeUndefined();
    const redone = await cas("POST", `/v1/xorbs/default/${xorb.hash}`, write, xorb.body);
    expect(JSON.parse(redone.text)).toEqual({ was_inserted: true });
  });

  it("a dedup answer naming several xorbs: its lookup tables seek to each chunk's entry", () => {
    const xorbs = [3, 2].map((count) => ({
      hash: randomBytes(32),
      keyedChunks: Array.from({ length: count }, () => randomBytes(32)),
      chunkSizes: Array.from({ length: count }, (_, i) => 1000 + i),
      bytesOnDisk: 5000,
    }));
    const shard = buildDedupShard(xorbs, randomBytes(32), 2_000_000_000);
    const footer = shard.subarray(shard.length - 200);
    const casInfo = Number(footer.readBigUInt64LE(16));
    const chunkTable = Number(footer.readBigUInt64LE(56));
    const entries = Number(footer.readBigUInt64LE(64));
    expect(entries).toBe(5);
    for (let i = 0; i < entries; i++) {
      const at = chunkTable + i * 16;
      const casEntry = shard.readUInt32LE(at + 8);
      const chunkIndex = shard.readUInt32LE(at + 12);
      const stored = shard.subarray(
        casInfo + (casEntry + 1 + chunkIndex) * 48,
        casInfo + (casEntry + 2 + chunkIndex) * 48,
      );
      expect(stored.readBigUInt64LE(0)).toBe(shard.readBigUInt64LE(at));
    }
    const casTable = Number(footer.readBigUInt64LE(40));
    for (let i = 0; i < 2; i++) {
      const casEntry = shard.readUInt32LE(casTable + i * 12 + 8);
      expect(shard.readBigUInt64LE(casInfo + casEntry * 48)).toBe(shard.readBigUInt64LE(casTable + i * 12));
    }
  });
});
