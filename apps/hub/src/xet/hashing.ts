// The Xet protocol's hashes (published specification, "Hashing"): BLAKE3 keyed hashes of chunks,
// an aggregated Merkle tree over (hash, size) pairs for xorbs and files, term verification hashes,
// and the byte-swapped hex form hashes take in URLs and shards' text.
import { createBLAKE3, type IHasher } from "hash-wasm";

/** A hash as raw bytes (32). */
export type XetHash = Buffer;

const DATA_KEY = Buffer.from([
  102, 151, 245, 119, 91, 149, 80, 222, 49, 53, 203, 172, 165, 151, 24, 28, 157, 228, 33, 16, 155, 235, 43,
  88, 180, 208, 176, 75, 147, 173, 242, 41,
]);
const INTERNAL_NODE_KEY = Buffer.from([
  1, 126, 197, 199, 165, 71, 41, 150, 253, 148, 102, 102, 180, 138, 2, 230, 93, 221, 83, 111, 55, 199, 109,
  210, 248, 99, 82, 230, 74, 83, 113, 63,
]);
const VERIFICATION_KEY = Buffer.from([
  127, 24, 87, 214, 206, 86, 237, 102, 18, 127, 249, 19, 231, 165, 195, 243, 164, 205, 38, 213, 181, 219, 73,
  230, 65, 36, 152, 127, 40, 251, 148, 195,
]);
const ZERO_KEY = Buffer.alloc(32);

const MEAN_BRANCHING_FACTOR = 4n;
const MAX_CHILDREN = 9;

// One WebAssembly hasher per key, reused: each use runs init → update → digest with no await
// in between, so concurrent requests never interleave on one.
const [dataHasher, nodeHasher, verificationHasher, zeroKeyHasher] = await Promise.all(
  [DATA_KEY, INTERNAL_NODE_KEY, VERIFICATION_KEY, ZERO_KEY].map((key) => createBLAKE3(256, key)),
);

function keyed(hasher: IHasher, data: Uint8Array): XetHash {
  hasher.init();
  hasher.update(data);
  return Buffer.from(hasher.digest("binary"));
}

const keyedHashers = new Map<string, Promise<IHasher>>();

/** BLAKE3 keyed with `key` (32 bytes) over `data`: how dedup answers hide chunk hashes. */
export async function keyedHash(key: Uint8Array, data: Uint8Array): Promise<XetHash> {
  const name = Buffer.from(key).toString("hex");
  let hasher = keyedHashers.get(name);
  if (!hasher) {
    if (keyedHashers.size > 16) keyedHashers.clear();
    hasher = createBLAKE3(256, key);
    keyedHashers.set(name, hasher);
  }
  return keyed(await hasher, data);
}

export function chunkHash(data: Uint8Array): XetHash {
  return keyed(dataHasher, data);
}

/** The hex form of a hash: each 8-byte word read as a little-endian u64, printed as 16 hex digits. */
export function hashToHex(hash: Uint8Array): string {
  let out = "";
  for (let word = 0; word < 4; word++)
    out += Buffer.from(hash.subarray(word * 8, word * 8 + 8))
      .reverse()
      .toString("hex");
  return out;
}

export const HASH_HEX_RE = /^[0-9a-f]{64}$/;

export function hexToHash(hex: string): XetHash {
  if (!HASH_HEX_RE.test(hex)) throw new Error(`not a Xet hash: ${hex.slice(0, 80)}`);
  const out = Buffer.alloc(32);
  for (let word = 0; word < 4; word++)
    Buffer.from(hex.slice(word * 16, word * 16 + 16), "hex")
      .reverse()
      .copy(out, word * 8);
  return out;
}

export interface HashedSize {
  hash: XetHash;
  size: number;
}

/** How many of `entries` (from the front) the next internal node takes: the tree's shape follows the hashes. */
function nextCut(entries: HashedSize[], from: number): number {
  const n = entries.length - from;
  if (n <= 2) return n;
  const end = Math.min(MAX_CHILDREN, n);
  for (let i = 2; i < end; i++) {
    if (entries[from + i].hash.readBigUInt64LE(24) % MEAN_BRANCHING_FACTOR === 0n) return i + 1;
  }
  return end;
}

function mergeNode(entries: HashedSize[]): HashedSize {
  let text = "";
  let size = 0;
  for (const entry of entries) {
    text += `${hashToHex(entry.hash)} : ${entry.size}\n`;
    size += entry.size;
  }
  return { hash: keyed(nodeHasher, Buffer.from(text, "utf8")), size };
}

/** The root of the aggregated hash tree: a xorb's hash when the leaves are its chunks. */
export function merkleRoot(leaves: HashedSize[]): XetHash {
  if (leaves.length === 0) return Buffer.alloc(32);
  let level = leaves;
  while (level.length > 1) {
    const next: HashedSize[] = [];
    for (let at = 0; at < level.length;) {
      const cut = nextCut(level, at);
      next.push(mergeNode(level.slice(at, at + cut)));
      at += cut;
    }
    level = next;
  }
  return level[0].hash;
}

/** A file's hash: the tree's root over all its chunks, hashed once more with the all-zero key. */
export function fileHash(chunks: HashedSize[]): XetHash {
  return keyed(zeroKeyHasher, merkleRoot(chunks));
}

/** The proof a shard gives for a term: the term's raw chunk hashes, concatenated, keyed-hashed. */
export function verificationHash(chunkHashes: XetHash[]): XetHash {
  return keyed(verificationHasher, Buffer.concat(chunkHashes));
}
