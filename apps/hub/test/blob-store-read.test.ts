// The blob store's read chunks: a lone download reads 1 MiB chunks (fewer waits on the event loop),
// any download beside it 256 KB ones (memory stays flat with many); a download counts as running
// until its last bytes are read, so the next download on a keep-alive connection is a lone one again.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobStore } from "../src/repos/blob-store.js";

let dir: string;
let store: BlobStore;
let sha256: string;
const content = randomBytes(3 * 1024 * 1024 + 17);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "hubkit-blob-read-"));
  store = new BlobStore(dir);
  await store.open();
  ({ sha256 } = await store.writeBuffer(content));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("blob store reads", () => {
  it("a lone read uses 1 MiB chunks, one beside it 256 KB, and the next lone read 1 MiB again", async () => {
    const first = store.read(sha256);
    const second = store.read(sha256);
    expect(first.readableHighWaterMark).toBe(1024 * 1024);
    expect(second.readableHighWaterMark).toBe(256 * 1024);
    expect((await readAll(first)).equals(content)).toBe(true);
    expect((await readAll(second)).equals(content)).toBe(true);
    const next = store.read(sha256, 10, 2 * 1024 * 1024);
    expect(next.readableHighWaterMark).toBe(1024 * 1024);
    expect((await readAll(next)).equals(content.subarray(10, 2 * 1024 * 1024 + 1))).toBe(true);
  });

  it("a read abandoned midway stops counting", async () => {
    const abandoned = store.read(sha256);
    abandoned.destroy();
    await new Promise((resolve) => abandoned.once("close", resolve));
    const after = store.read(sha256);
    expect(after.readableHighWaterMark).toBe(1024 * 1024);
    after.destroy();
    await new Promise((resolve) => after.once("close", resolve));
  });
});
