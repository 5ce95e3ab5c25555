// Xet content in the blob store's folder (<blob dir>/xet): xorbs by their hash with an index of
// their chunks, file reconstructions by Xet file hash and by sha256 (how commits name files), and a
// dedup index from a chunk to a xorb holding it. Every write goes tmp → fsync → rename, the record a
// commit can name last, so a killed upload leaves nothing visible. The blob store reads through it
// (`BlobStore.reconstructions`): a file stored as chunks is served, sized and collected like a blob.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, utimes } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { HttpError } from "../http/errors.js";
import type { BlobStore, ReconstructedFiles } from "../repos/blob-store.js";
import {
  fileHash,
  HASH_HEX_RE,
  hashToHex,
  hexToHash,
  keyedHash,
  verificationHash,
  type HashedSize,
} from "./hashing.js";
import { buildDedupShard, CHUNK_FLAG_GLOBAL_DEDUP, parseShard, type ShardFile } from "./shard.js";
import {
  CHUNK_HEADER_BYTES,
  decodeChunk,
  decodeIndex,
  encodeIndex,
  readChunkHeader,
  sizeOf,
  startOf,
  verifyXorb,
  type XorbChunk,
} from "./xorb.js";

/** One term of a stored reconstruction: chunks [start, end) of a xorb, `bytes` once decoded. */
export interface StoredTerm {
  xorb: string;
  start: number;
  end: number;
  bytes: number;
}

export interface XetFileRecord {
  fileHash: string;
  sha256: string;
  size: number;
  terms: StoredTerm[];
}

/** How long a dedup answer's chunk key is good for (the client then asks again). */
const DEDUP_ANSWER_SECONDS = 24 * 3600;
/** A chunk is offered for global dedup when its hash's last word is a multiple of this (or it starts a file). */
const GLOBAL_DEDUP_MODULUS = 1024n;
const READ_SPAN_BYTES = 4 * 1024 * 1024;
/** Most xorbs one dedup answer names (a file's first chunk names the file's xorbs). */
const DEDUP_ANSWER_XORBS = 64;
const INDEX_CACHE = 256;
/** Records kept for download headers (fileForHeaders), and how long a miss is believed. */
const HEADER_RECORDS = 4096;
const HEADER_MISS_MS = 1000;
const SHA256_RE = /^[0-9a-f]{64}$/;

const stores = new WeakMap<BlobStore, XetStore>();

/** Opens the Xet store inside a blob store's folder and lets the blob store read through it. */
export async function attachXetStore(blobs: BlobStore): Promise<XetStore> {
  const store = new XetStore(path.join(blobs.dir, "xet"));
  await store.open();
  blobs.reconstructions = store;
  stores.set(blobs, store);
  return store;
}

export function xetStoreOf(blobs: BlobStore): XetStore {
  const store = stores.get(blobs);
  if (!store) throw new Error("this blob store has no Xet store attached");
  return store;
}

export class XetStore implements ReconstructedFiles {
  private readonly indexCache = new Map<string, XorbChunk[]>();
  private readonly headerRecords = new Map<string, { record: XetFileRecord | undefined; until: number }>();
  /** Keys the chunk hashes of dedup answers: only a client holding a chunk can match it. */
  private readonly dedupKey = randomBytes(32);

  constructor(readonly dir: string) {}

  async open(): Promise<void> {
    for (const sub of ["tmp", "xorbs", "files", "sha256", "chunks"])
      await mkdir(path.join(this.dir, sub), { recursive: true });
  }

  private place(kind: string, name: string): string {
    return path.join(this.dir, kind, name.slice(0, 2), name);
  }
  xorbPath(hash: string): string {
    return this.place("xorbs", hash);
  }
  private indexPath(hash: string): string {
    return `${this.xorbPath(hash)}.idx`;
  }

  /** Writes a file whole or not at all (a crash leaves at most a file in tmp/). */
  private async writeAtomic(target: string, bytes: Buffer | string): Promise<void> {
    const tmpFile = path.join(this.dir, "tmp", `${randomUUID()}.part`);
    const handle = await open(tmpFile, "wx");
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmpFile, target);
    } catch (error) {
      await rm(tmpFile, { force: true });
      throw error;
    }
  }

  /** The chunks of a stored xorb (undefined when it is not stored). */
  async xorbChunks(hash: string): Promise<XorbChunk[] | undefined> {
    const cached = this.indexCache.get(hash);
    if (cached) return cached;
    try {
      await stat(this.xorbPath(hash));
      const chunks = decodeIndex(await readFile(this.indexPath(hash)));
      if (this.indexCache.size >= INDEX_CACHE) this.indexCache.clear();
      this.indexCache.set(hash, chunks);
      return chunks;
    } catch {
      return undefined;
    }
  }

  /** Checks a xorb against its hash and keeps it; `inserted` is false when it was already here. */
  async putXorb(hash: string, body: Buffer): Promise<{ inserted: boolean }> {
    if (await this.xorbChunks(hash)) {
      const now = new Date();
      await utimes(this.xorbPath(hash), now, now).catch(() => {});
      return { inserted: false };
    }
    const chunks = verifyXorb(hash, body);
    // The index first, then the xorb: a xorb is stored once both are there.
    await this.writeAtomic(this.indexPath(hash), encodeIndex(chunks));
    await this.writeAtomic(this.xorbPath(hash), body);
    // Offered for dedup from the xorb itself: clients need not list their xorbs in the shard.
    for (const chunk of chunks)
      if (chunk.hash.readBigUInt64LE(24) % GLOBAL_DEDUP_MODULUS === 0n)
        await this.offerForDedup(hashToHex(chunk.hash), hash);
    return { inserted: true };
  }

  async fileByHash(hash: string): Promise<XetFileRecord | undefined> {
    return this.readRecord(this.place("files", hash));
  }

  async fileBySha(sha256: string): Promise<XetFileRecord | undefined> {
    if (!SHA256_RE.test(sha256)) return undefined;
    return this.readRecord(this.place("sha256", sha256));
  }

  /**
   * fileBySha for a download's headers, without a file read per request (it was the largest part of a
   * `HEAD resolve`): a found record is kept (a file a commit names is never collected), a miss for
   * a second (another replica may store the file as chunks meanwhile; this one forgets on register).
   */
  async fileForHeaders(sha256: string): Promise<XetFileRecord | undefined> {
    const now = performance.now();
    const known = this.headerRecords.get(sha256);
    if (known && (known.record || known.until > now)) return known.record;
    const record = await this.fileBySha(sha256);
    if (this.headerRecords.size >= HEADER_RECORDS) this.headerRecords.clear();
    this.headerRecords.set(sha256, { record, until: now + HEADER_MISS_MS });
    return record;
  }

  private async readRecord(file: string): Promise<XetFileRecord | undefined> {
    try {
      return JSON.parse(await readFile(file, "utf8")) as XetFileRecord;
    } catch {
      return undefined;
    }
  }

  /**
   * Registers the files a shard describes. Everything is checked before anything is written: the
   * xorbs and chunks it names are stored, each term's proof matches their chunk hashes, the chunks
   * make the file hash, and the reconstructed bytes make the sha256 it announces.
   */
  async putShard(body: Buffer): Promise<XetFileRecord[]> {
    const { files, xorbs } = parseShard(body);
    for (const xorb of xorbs) {
      const hash = hashToHex(xorb.hash);
      const chunks = await this.xorbChunks(hash);
      if (!chunks)
        throw new HttpError(
          400,
          `The shard lists xorb ${hash}, which was not uploaded to this hub: upload it first`,
        );
      if (chunks.length !== xorb.chunks.length || xorb.chunks.some((c, i) => !c.hash.equals(chunks[i].hash)))
        throw new HttpError(400, `The shard's chunk list for xorb ${hash} differs from the xorb's chunks`);
    }
    const records: XetFileRecord[] = [];
    for (const file of files) records.push(await this.checkFile(file));
    // Fresh times keep the xorbs these files use from a collection running meanwhile (as claim does).
    const now = new Date();
    for (const xorb of new Set(records.flatMap((record) => record.terms.map((term) => term.xorb))))
      await utimes(this.xorbPath(xorb), now, now).catch(() => {});
    for (const record of records) {
      await this.writeAtomic(this.place("files", record.fileHash), JSON.stringify(record));
      // Last: from here on a commit may name the file by its sha256.
      await this.writeAtomic(this.place("sha256", record.sha256), JSON.stringify(record));
      this.headerRecords.delete(record.sha256);
      if (record.terms.length) {
        const first = record.terms[0];
        const chunks = (await this.xorbChunks(first.xorb))!;
        await this.offerForDedup(hashToHex(chunks[first.start].hash), first.xorb, record.fileHash);
      }
    }
    for (const xorb of xorbs) {
      const hash = hashToHex(xorb.hash);
      for (const chunk of xorb.chunks)
        if (
          chunk.flags & CHUNK_FLAG_GLOBAL_DEDUP ||
          chunk.hash.readBigUInt64LE(24) % GLOBAL_DEDUP_MODULUS === 0n
        )
          await this.offerForDedup(hashToHex(chunk.hash), hash);
    }
    return records;
  }

  /**
   * Lists a chunk in the dedup index: the xorb holding it and, for a file's first chunk, the file,
   * whose other xorbs the answer then names too (a client re-uploading a file finds them all).
   */
  private async offerForDedup(chunk: string, xorb: string, fileHash?: string): Promise<void> {
    const entry = this.place("chunks", chunk);
    if (fileHash || !(await stat(entry).catch(() => undefined)))
      await this.writeAtomic(entry, fileHash ? `${xorb}\n${fileHash}` : xorb);
  }

  /** One file of a shard, checked (400 naming what is wrong), as the record to keep. */
  private async checkFile(file: ShardFile): Promise<XetFileRecord> {
    const name = hashToHex(file.hash);
    const refuse = (why: string) =>
      new HttpError(400, `The shard's file ${name} is refused: ${why}; nothing was stored`);
    const leaves: HashedSize[] = [];
    const terms: StoredTerm[] = [];
    for (const [n, term] of file.terms.entries()) {
      const xorb = hashToHex(term.xorb);
      const chunks = await this.xorbChunks(xorb);
      if (!chunks) throw refuse(`term ${n} names xorb ${xorb}, which this hub does not hold`);
      if (term.chunkStart >= term.chunkEnd || term.chunkEnd > chunks.length)
        throw refuse(
          `term ${n} names chunks [${term.chunkStart}, ${term.chunkEnd}) of xorb ${xorb}, which holds ${chunks.length} chunks`,
        );
      let bytes = 0;
      const hashes = [];
      for (let i = term.chunkStart; i < term.chunkEnd; i++) {
        leaves.push({ hash: chunks[i].hash, size: sizeOf(chunks, i) });
        hashes.push(chunks[i].hash);
        bytes += sizeOf(chunks, i);
      }
      if (bytes !== term.unpackedBytes)
        throw refuse(`term ${n} announces ${term.unpackedBytes} bytes where its chunks hold ${bytes}`);
      if (!term.verification) throw refuse(`term ${n} has no verification entry`);
      if (!verificationHash(hashes).equals(term.verification))
        throw refuse(`term ${n}'s verification hash does not match the chunks of xorb ${xorb}`);
      terms.push({ xorb, start: term.chunkStart, end: term.chunkEnd, bytes });
    }
    const actual = hashToHex(fileHash(leaves));
    if (actual !== name) throw refuse(`its chunks make the file hash ${actual}`);
    if (!file.sha256) throw refuse("it has no sha256 (metadata extension)");
    const record: XetFileRecord = {
      fileHash: name,
      sha256: "",
      size: terms.reduce((sum, term) => sum + term.bytes, 0),
      terms,
    };
    // The sha256 is how commits and LFS name the file: it must be the bytes' own.
    const digest = createHash("sha256");
    for await (const bytes of this.bytes(record, 0, record.size - 1)) digest.update(bytes);
    const sha256 = digest.digest("hex");
    if (sha256 !== file.sha256.toString("hex") && sha256 !== hashToHex(file.sha256))
      throw refuse(`its bytes have the sha256 ${sha256}, not the one announced`);
    record.sha256 = sha256;
    return record;
  }

  /**
   * The dedup answer for a chunk: a shard of the xorb holding it (and, for a file's first chunk,
   * the file's other xorbs, up to DEDUP_ANSWER_XORBS), chunk hashes keyed.
   */
  async dedup(chunk: string): Promise<Buffer | undefined> {
    if (!HASH_HEX_RE.test(chunk)) throw new HttpError(400, `"${chunk.slice(0, 80)}" is not a chunk hash`);
    let entry: string[];
    try {
      entry = (await readFile(this.place("chunks", chunk), "utf8")).trim().split("\n");
    } catch {
      return undefined;
    }
    const names = new Set([entry[0]]);
    const record = entry[1] ? await this.fileByHash(entry[1]) : undefined;
    for (const term of record?.terms ?? []) if (names.size < DEDUP_ANSWER_XORBS) names.add(term.xorb);
    const xorbs = [];
    for (const xorb of names) {
      const chunks = await this.xorbChunks(xorb);
      const onDisk = (await stat(this.xorbPath(xorb)).catch(() => undefined))?.size;
      if (!chunks || onDisk === undefined) continue;
      const keyedChunks = [];
      for (const c of chunks) keyedChunks.push(await keyedHash(this.chunkKey(), c.hash));
      xorbs.push({
        hash: hexToHash(xorb),
        keyedChunks,
        chunkSizes: chunks.map((_, i) => sizeOf(chunks, i)),
        bytesOnDisk: onDisk,
      });
    }
    if (!xorbs.length) return undefined;
    return buildDedupShard(xorbs, this.chunkKey(), Math.floor(Date.now() / 1000) + DEDUP_ANSWER_SECONDS);
  }

  private chunkKey(): Buffer {
    return this.dedupKey;
  }

  /** The file's bytes from `start` to `end` inclusive, decoded chunk by chunk (never the whole file). */
  async *bytes(record: XetFileRecord, start: number, end: number): AsyncGenerator<Buffer> {
    let termStart = 0;
    for (const term of record.terms) {
      const termEnd = termStart + term.bytes;
      if (termEnd <= start) {
        termStart = termEnd;
        continue;
      }
      if (termStart > end) return;
      const chunks = await this.xorbChunks(term.xorb);
      if (!chunks) throw new Error(`xorb ${term.xorb} of file ${record.fileHash} is missing from the store`);
      yield* this.termBytes(term, chunks, start - termStart, end - termStart);
      termStart = termEnd;
    }
  }

  /** Bytes [from, to] (inclusive, relative to the term, may reach past it) of one term. */
  private async *termBytes(term: StoredTerm, chunks: XorbChunk[], from: number, to: number) {
    const base = term.start === 0 ? 0 : chunks[term.start - 1].unpackedEnd;
    let first = term.start;
    while (first < term.end && chunks[first].unpackedEnd - base <= from) first++;
    const handle = await open(this.xorbPath(term.xorb), "r");
    try {
      let i = first;
      while (i < term.end) {
        const chunkBase = (i === 0 ? 0 : chunks[i - 1].unpackedEnd) - base;
        if (chunkBase > to) return;
        // Read a run of whole chunks at once, then decode them one by one.
        let last = i;
        while (last + 1 < term.end && chunks[last + 1].byteEnd - startOf(chunks, i) <= READ_SPAN_BYTES)
          last++;
        const spanStart = startOf(chunks, i);
        const span = Buffer.alloc(chunks[last].byteEnd - spanStart);
        const { bytesRead } = await handle.read(span, 0, span.length, spanStart);
        if (bytesRead !== span.length) throw new Error(`xorb ${term.xorb} is shorter than its index`);
        for (let j = i; j <= last; j++) {
          const at = startOf(chunks, j) - spanStart;
          const header = readChunkHeader(span, at);
          const data = decodeChunk(
            span.subarray(at + CHUNK_HEADER_BYTES, at + CHUNK_HEADER_BYTES + header.compressedSize),
            header,
          );
          const offset = (j === 0 ? 0 : chunks[j - 1].unpackedEnd) - base;
          if (offset > to) return;
          const sliceStart = Math.max(0, from - offset);
          const sliceEnd = Math.min(data.length, to - offset + 1);
          if (sliceEnd > sliceStart) yield data.subarray(sliceStart, sliceEnd);
        }
        i = last + 1;
      }
    } finally {
      await handle.close();
    }
  }

  // The blob store's view: a file stored as chunks, by sha256.
  async size(sha256: string): Promise<number | undefined> {
    return (await this.fileBySha(sha256))?.size;
  }

  async claim(sha256: string): Promise<number | undefined> {
    const record = await this.fileBySha(sha256);
    if (!record) return undefined;
    // Fresh records are roots for collection: a commit about to name this file keeps its xorbs.
    const now = new Date();
    await utimes(this.place("sha256", sha256), now, now).catch(() => {});
    return record.size;
  }

  read(sha256: string, start?: number, end?: number): Readable {
    const bytes = async function* (this: XetStore) {
      const record = await this.fileBySha(sha256);
      if (!record) throw new Error(`file ${sha256} is not stored`);
      if (record.size === 0) return;
      yield* this.bytes(record, start ?? 0, end ?? record.size - 1);
    };
    return Readable.from(bytes.call(this), { objectMode: false });
  }

  /**
   * Removes what no live file needs, when older than `graceMs`: reconstructions of files no commit
   * names, then xorbs no kept reconstruction uses, their dedup entries and temporary files.
   */
  async collect(live: Set<string>, graceMs: number): Promise<{ blobs: number; bytes: number }> {
    const cutoff = Date.now() - graceMs;
    this.headerRecords.clear();
    let blobs = 0;
    let bytes = 0;
    const liveXorbs = new Set<string>();
    const liveFiles = new Set<string>();
    for (const file of await this.listAll("sha256")) {
      const sha = path.basename(file);
      const info = await stat(file).catch(() => undefined);
      const record = await this.readRecord(file);
      if (!info || !record) continue;
      if (live.has(sha) || info.mtimeMs >= cutoff) {
        for (const term of record.terms) liveXorbs.add(term.xorb);
        liveFiles.add(record.fileHash);
        continue;
      }
      await unlink(file).catch(() => {});
      blobs++;
    }
    for (const file of await this.listAll("files")) {
      const info = await stat(file).catch(() => undefined);
      if (!info || liveFiles.has(path.basename(file)) || info.mtimeMs >= cutoff) continue;
      await unlink(file).catch(() => {});
    }
    for (const file of await this.listAll("xorbs")) {
      if (file.endsWith(".idx")) continue;
      const hash = path.basename(file);
      const info = await stat(file).catch(() => undefined);
      if (!info || liveXorbs.has(hash) || info.mtimeMs >= cutoff) continue;
      await unlink(file).catch(() => {});
      await unlink(this.indexPath(hash)).catch(() => {});
      this.indexCache.delete(hash);
      blobs++;
      bytes += info.size;
    }
    for (const file of await this.listAll("chunks")) {
      const xorb = (await readFile(file, "utf8").catch(() => "")).trim().split("\n")[0];
      if (!HASH_HEX_RE.test(xorb) || !(await stat(this.xorbPath(xorb)).catch(() => undefined)))
        await unlink(file).catch(() => {});
    }
    for (const name of await readdir(path.join(this.dir, "tmp")).catch(() => [] as string[])) {
      const file = path.join(this.dir, "tmp", name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < cutoff) await unlink(file).catch(() => {});
    }
    return { blobs, bytes };
  }

  async listAll(kind: "sha256" | "files" | "xorbs" | "chunks"): Promise<string[]> {
    const out: string[] = [];
    const root = path.join(this.dir, kind);
    for (const prefix of await readdir(root).catch(() => [] as string[]))
      for (const name of await readdir(path.join(root, prefix)).catch(() => [] as string[]))
        out.push(path.join(root, prefix, name));
    return out;
  }
}
