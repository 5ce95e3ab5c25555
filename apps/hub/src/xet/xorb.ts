// Xorbs (published specification, "Xorb Format"): chunks one after the other, each an 8-byte header
// (version 0, compressed size u24, scheme, uncompressed size u24) and its bytes, optionally followed
// by a metadata footer ("XETBLOB" … info length u32). The hub checks every chunk's bytes against the
// xorb's hash before keeping it, and keeps an index of each chunk's hash and where it ends.
import { HttpError } from "../http/errors.js";
import { chunkHash, hashToHex, merkleRoot, type XetHash } from "./hashing.js";
import { decodeLz4Frame, ungroupBytes4 } from "./lz4.js";

export const CHUNK_HEADER_BYTES = 8;
export const MAX_CHUNK_BYTES = 128 * 1024;
/** A xorb holds at most 64 MiB of chunk bytes (clients count the headers apart) in at most 8192 chunks. */
export const MAX_XORB_BYTES = 64 * 1024 * 1024;
export const MAX_XORB_CHUNKS = 8192;
const FOOTER_IDENT = Buffer.from("XETBLOB", "ascii");
const INDEX_ENTRY_BYTES = 40;

export interface XorbChunk {
  hash: XetHash;
  /** end of the chunk (header included) in the serialized xorb */
  byteEnd: number;
  /** end of the chunk in the xorb's uncompressed bytes */
  unpackedEnd: number;
}

export interface ChunkHeader {
  compressedSize: number;
  scheme: number;
  size: number;
}

export function readChunkHeader(bytes: Buffer, at: number): ChunkHeader {
  if (bytes[at] !== 0) throw new Error(`chunk header version ${bytes[at]} is not 0`);
  const compressedSize = bytes.readUIntLE(at + 1, 3);
  const scheme = bytes[at + 4];
  const size = bytes.readUIntLE(at + 5, 3);
  if (size === 0 || size > MAX_CHUNK_BYTES) throw new Error(`a chunk of ${size} bytes is out of bounds`);
  if (compressedSize === 0 || compressedSize > MAX_CHUNK_BYTES)
    throw new Error(`a compressed chunk of ${compressedSize} bytes is out of bounds`);
  if (scheme > 2) throw new Error(`compression scheme ${scheme} is unknown`);
  return { compressedSize, scheme, size };
}

/** A chunk's original bytes from its stored form. */
export function decodeChunk(data: Buffer, header: ChunkHeader): Buffer {
  if (header.scheme === 0) {
    if (data.length !== header.size) throw new Error("an uncompressed chunk's sizes differ");
    return data;
  }
  const decoded = decodeLz4Frame(data, header.size);
  return header.scheme === 2 ? ungroupBytes4(decoded) : decoded;
}

/** Where the chunks end: before the metadata footer when the xorb carries one. */
function chunkRegionEnd(body: Buffer): number {
  if (body.length < 4 + FOOTER_IDENT.length) return body.length;
  const infoLength = body.readUInt32LE(body.length - 4);
  const start = body.length - 4 - infoLength;
  if (start < 0) return body.length;
  return body.subarray(start, start + FOOTER_IDENT.length).equals(FOOTER_IDENT) ? start : body.length;
}

/**
 * Reads and checks a serialized xorb: every chunk decodes to its announced size, and the chunks'
 * hashes make `expected` (hex). Refuses (400, naming the hash) anything else.
 */
export function verifyXorb(expected: string, body: Buffer): XorbChunk[] {
  const refuse = (why: string) =>
    new HttpError(400, `Xorb ${expected} is refused: ${why}; nothing was stored`);
  const end = chunkRegionEnd(body);
  if (end > MAX_XORB_BYTES + MAX_XORB_CHUNKS * CHUNK_HEADER_BYTES)
    throw refuse(`its chunks are over the ${MAX_XORB_BYTES}-byte limit`);
  const chunks: XorbChunk[] = [];
  let at = 0;
  let unpacked = 0;
  while (at < end) {
    const index = chunks.length;
    if (index === MAX_XORB_CHUNKS) throw refuse(`it holds more than ${MAX_XORB_CHUNKS} chunks`);
    if (at + CHUNK_HEADER_BYTES > end) throw refuse(`chunk ${index}'s header is cut short`);
    let data: Buffer;
    try {
      const header = readChunkHeader(body, at);
      const dataEnd = at + CHUNK_HEADER_BYTES + header.compressedSize;
      if (dataEnd > end) throw new Error("its bytes are cut short");
      data = decodeChunk(body.subarray(at + CHUNK_HEADER_BYTES, dataEnd), header);
      at = dataEnd;
    } catch (error) {
      throw refuse(`chunk ${index} is malformed (${(error as Error).message})`);
    }
    unpacked += data.length;
    chunks.push({ hash: chunkHash(data), byteEnd: at, unpackedEnd: unpacked });
  }
  if (chunks.length === 0) throw refuse("it holds no chunk");
  const actual = hashToHex(
    merkleRoot(chunks.map((chunk, i) => ({ hash: chunk.hash, size: sizeOf(chunks, i) }))),
  );
  if (actual !== expected) throw refuse(`its chunks hash to ${actual}, not to the hash it was sent under`);
  return chunks;
}

/** The uncompressed size of chunk `i`. */
export function sizeOf(chunks: XorbChunk[], i: number): number {
  return chunks[i].unpackedEnd - (i === 0 ? 0 : chunks[i - 1].unpackedEnd);
}

/** The byte offset where chunk `i` starts in the serialized xorb. */
export function startOf(chunks: XorbChunk[], i: number): number {
  return i === 0 ? 0 : chunks[i - 1].byteEnd;
}

export function encodeIndex(chunks: XorbChunk[]): Buffer {
  const out = Buffer.alloc(chunks.length * INDEX_ENTRY_BYTES);
  chunks.forEach((chunk, i) => {
    chunk.hash.copy(out, i * INDEX_ENTRY_BYTES);
    out.writeUInt32LE(chunk.byteEnd, i * INDEX_ENTRY_BYTES + 32);
    out.writeUInt32LE(chunk.unpackedEnd, i * INDEX_ENTRY_BYTES + 36);
  });
  return out;
}

export function decodeIndex(bytes: Buffer): XorbChunk[] {
  const chunks: XorbChunk[] = [];
  for (let at = 0; at + INDEX_ENTRY_BYTES <= bytes.length; at += INDEX_ENTRY_BYTES)
    chunks.push({
      hash: Buffer.from(bytes.subarray(at, at + 32)),
      byteEnd: bytes.readUInt32LE(at + 32),
      unpackedEnd: bytes.readUInt32LE(at + 36),
    });
  return chunks;
}
