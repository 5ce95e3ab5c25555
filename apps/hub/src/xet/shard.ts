// Shards (published specification, "MDB Shard File Format"): a 48-byte header, file reconstructions
// (a header per file, its terms, one verification entry per term, its sha256), the xorbs' chunk
// lists, each section closed by a bookend, and a 200-byte footer (left out on upload). The hub reads
// the shards clients upload and writes the ones its dedup query answers with.
import { HttpError } from "../http/errors.js";
import type { XetHash } from "./hashing.js";

const ENTRY = 48;
const HEADER_VERSION = 2n;
const FOOTER_VERSION = 1n;
const FOOTER_BYTES = 200;
const FLAG_WITH_VERIFICATION = 0x80000000;
const FLAG_WITH_METADATA_EXT = 0x40000000;
export const CHUNK_FLAG_GLOBAL_DEDUP = 0x80000000;
const MAGIC_SEQUENCE = Buffer.from([
  0x55, 0x69, 0x67, 0x45, 0x6a, 0x7b, 0x81, 0x57, 0x83, 0xa5, 0xbd, 0xd9, 0x5c, 0xcd, 0xd1, 0x4a, 0xa9,
]);
const APPLICATION_ID = Buffer.from("HFRepoMetaData", "ascii");
const BOOKEND = Buffer.concat([Buffer.alloc(32, 0xff), Buffer.alloc(16)]);

export interface ShardTerm {
  xorb: XetHash;
  unpackedBytes: number;
  chunkStart: number;
  chunkEnd: number;
  verification?: XetHash;
}

export interface ShardFile {
  hash: XetHash;
  terms: ShardTerm[];
  /** the 32 bytes of the metadata extension, as sent */
  sha256?: Buffer;
}

export interface ShardXorbChunk {
  hash: XetHash;
  flags: number;
}

export interface ShardXorb {
  hash: XetHash;
  chunks: ShardXorbChunk[];
}

/** Reads an uploaded shard; a 400 names what is malformed. */
export function parseShard(body: Buffer): { files: ShardFile[]; xorbs: ShardXorb[] } {
  const refuse = (why: string) => new HttpError(400, `The shard is malformed: ${why}; nothing was stored`);
  if (body.length < ENTRY) throw refuse("it is shorter than its header");
  if (!body.subarray(15, 32).equals(MAGIC_SEQUENCE)) throw refuse("its header tag is not a shard's");
  if (body.readBigUInt64LE(32) !== HEADER_VERSION) throw refuse("its header version is not 2");
  let at = ENTRY;
  const entry = () => {
    if (at + ENTRY > body.length) throw refuse("it ends before its bookends");
    const bytes = body.subarray(at, at + ENTRY);
    at += ENTRY;
    return bytes;
  };
  const isBookend = (bytes: Buffer) => bytes.subarray(0, 32).every((byte) => byte === 0xff);
  const files: ShardFile[] = [];
  for (let header = entry(); !isBookend(header); header = entry()) {
    const flags = header.readUInt32LE(32);
    const count = header.readUInt32LE(36);
    const file: ShardFile = { hash: Buffer.from(header.subarray(0, 32)), terms: [] };
    for (let i = 0; i < count; i++) {
      const term = entry();
      file.terms.push({
        xorb: Buffer.from(term.subarray(0, 32)),
        unpackedBytes: term.readUInt32LE(36),
        chunkStart: term.readUInt32LE(40),
        chunkEnd: term.readUInt32LE(44),
      });
    }
    if (flags & FLAG_WITH_VERIFICATION)
      for (const term of file.terms) term.verification = Buffer.from(entry().subarray(0, 32));
    if (flags & FLAG_WITH_METADATA_EXT) file.sha256 = Buffer.from(entry().subarray(0, 32));
    files.push(file);
  }
  const xorbs: ShardXorb[] = [];
  for (let header = entry(); !isBookend(header); header = entry()) {
    const xorb: ShardXorb = { hash: Buffer.from(header.subarray(0, 32)), chunks: [] };
    const count = header.readUInt32LE(36);
    for (let i = 0; i < count; i++) {
      const chunk = entry();
      xorb.chunks.push({ hash: Buffer.from(chunk.subarray(0, 32)), flags: chunk.readUInt32LE(40) });
    }
    xorbs.push(xorb);
  }
  return { files, xorbs };
}

export interface DedupXorb {
  hash: XetHash;
  /** chunk hashes as the client will match them (keyed with `key`) */
  keyedChunks: XetHash[];
  chunkSizes: number[];
  bytesOnDisk: number;
}

/**
 * The dedup query's answer: a shard with no files and the xorbs holding the asked chunk, chunk
 * hashes keyed with `key` (the client keys its own to match), with lookup tables and footer.
 */
export function buildDedupShard(xorbs: DedupXorb[], key: Buffer, expiresAt: number): Buffer {
  const parts: Buffer[] = [];
  const header = Buffer.alloc(ENTRY);
  APPLICATION_ID.copy(header, 0);
  MAGIC_SEQUENCE.copy(header, 15);
  header.writeBigUInt64LE(HEADER_VERSION, 32);
  header.writeBigUInt64LE(BigInt(FOOTER_BYTES), 40);
  parts.push(header, BOOKEND);
  const fileInfoOffset = ENTRY;
  const casInfoOffset = ENTRY * 2;
  let materialized = 0;
  let onDisk = 0;
  const casLookup: [bigint, number][] = [];
  const chunkLookup: [bigint, number, number][] = [];
  // Lookup tables point at a CAS block by its position in the section, in 48-byte entries.
  let casEntry = 0;
  xorbs.forEach((xorb) => {
    const casIndex = casEntry;
    casEntry += 1 + xorb.keyedChunks.length;
    const block = Buffer.alloc(ENTRY * (1 + xorb.keyedChunks.length));
    xorb.hash.copy(block, 0);
    const total = xorb.chunkSizes.reduce((sum, size) => sum + size, 0);
    block.writeUInt32LE(xorb.keyedChunks.length, 36);
    block.writeUInt32LE(total, 40);
    block.writeUInt32LE(xorb.bytesOnDisk, 44);
    let start = 0;
    xorb.keyedChunks.forEach((hash, i) => {
      const at = ENTRY * (1 + i);
      hash.copy(block, at);
      block.writeUInt32LE(start, at + 32);
      block.writeUInt32LE(xorb.chunkSizes[i], at + 36);
      start += xorb.chunkSizes[i];
      chunkLookup.push([hash.readBigUInt64LE(0), casIndex, i]);
    });
    casLookup.push([xorb.hash.readBigUInt64LE(0), casIndex]);
    materialized += total;
    onDisk += xorb.bytesOnDisk;
    parts.push(block);
  });
  parts.push(BOOKEND);
  const byKey = <T extends [bigint, ...number[]]>(a: T, b: T) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  casLookup.sort(byKey);
  chunkLookup.sort(byKey);
  let offset = parts.reduce((sum, part) => sum + part.length, 0);
  const fileLookupOffset = offset;
  const casLookupOffset = offset;
  const casTable = Buffer.alloc(12 * casLookup.length);
  casLookup.forEach(([key, index], i) => {
    casTable.writeBigUInt64LE(key, i * 12);
    casTable.writeUInt32LE(index, i * 12 + 8);
  });
  offset += casTable.length;
  const chunkLookupOffset = offset;
  const chunkTable = Buffer.alloc(16 * chunkLookup.length);
  chunkLookup.forEach(([key, casIndex, chunkIndex], i) => {
    chunkTable.writeBigUInt64LE(key, i * 16);
    chunkTable.writeUInt32LE(casIndex, i * 16 + 8);
    chunkTable.writeUInt32LE(chunkIndex, i * 16 + 12);
  });
  offset += chunkTable.length;
  parts.push(casTable, chunkTable);
  const footer = Buffer.alloc(FOOTER_BYTES);
  const u64 = (value: number | bigint, at: number) => footer.writeBigUInt64LE(BigInt(value), at);
  u64(FOOTER_VERSION, 0);
  u64(fileInfoOffset, 8);
  u64(casInfoOffset, 16);
  u64(fileLookupOffset, 24);
  u64(0, 32);
  u64(casLookupOffset, 40);
  u64(casLookup.length, 48);
  u64(chunkLookupOffset, 56);
  u64(chunkLookup.length, 64);
  key.copy(footer, 72);
  u64(Math.floor(Date.now() / 1000), 104);
  u64(expiresAt, 112);
  u64(onDisk, 168);
  u64(materialized, 176);
  u64(onDisk, 184);
  u64(offset, 192);
  parts.push(footer);
  return Buffer.concat(parts);
}
