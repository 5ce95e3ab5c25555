// Decoding of the compressed chunks a xorb may hold: an LZ4 frame (the frame format, blocks linked
// or independent, optional checksums skipped), and the byte regrouping of scheme 2. Only decoding:
// the hub never compresses (clients choose a chunk's scheme; the hub stores what they send).

const FRAME_MAGIC = 0x184d2204;

export class Lz4Error extends Error {}

/** Decodes one LZ4 frame whose content is `size` bytes long. */
export function decodeLz4Frame(input: Uint8Array, size: number): Buffer {
  const view = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (view.length < 7 || view.readUInt32LE(0) !== FRAME_MAGIC) throw new Lz4Error("not an LZ4 frame");
  const flags = view[4];
  if (flags >> 6 !== 1) throw new Lz4Error("unknown LZ4 frame version");
  const blockChecksums = (flags & 0x10) !== 0;
  const contentSize = (flags & 0x08) !== 0;
  const dictionary = (flags & 0x01) !== 0;
  let at = 6 + (contentSize ? 8 : 0) + (dictionary ? 4 : 0) + 1;
  const out = Buffer.alloc(size);
  let written = 0;
  for (;;) {
    if (at + 4 > view.length) throw new Lz4Error("LZ4 frame cut short");
    const word = view.readUInt32LE(at);
    at += 4;
    if (word === 0) break;
    const length = word & 0x7fffffff;
    if (at + length > view.length) throw new Lz4Error("LZ4 block cut short");
    if (word & 0x80000000) {
      if (written + length > size) throw new Lz4Error("LZ4 frame holds more than announced");
      view.copy(out, written, at, at + length);
      written += length;
    } else {
      written = decodeBlock(view, at, at + length, out, written);
    }
    at += length + (blockChecksums ? 4 : 0);
  }
  if (written !== size) throw new Lz4Error(`LZ4 frame holds ${written} bytes, not ${size}`);
  return out;
}

/** One LZ4 block into `out` from `written` on; matches may reach back into earlier blocks. */
function decodeBlock(input: Buffer, start: number, end: number, out: Buffer, written: number): number {
  let at = start;
  let op = written;
  const readLength = (base: number) => {
    let length = base;
    if (base === 15) {
      let byte: number;
      do {
        if (at >= end) throw new Lz4Error("LZ4 length cut short");
        byte = input[at++];
        length += byte;
      } while (byte === 255);
    }
    return length;
  };
  while (at < end) {
    const token = input[at++];
    const literals = readLength(token >> 4);
    if (at + literals > end || op + literals > out.length) throw new Lz4Error("LZ4 literals out of bounds");
    input.copy(out, op, at, at + literals);
    at += literals;
    op += literals;
    if (at >= end) break; // the last sequence has literals only
    if (at + 2 > end) throw new Lz4Error("LZ4 match offset cut short");
    const offset = input[at] | (input[at + 1] << 8);
    at += 2;
    const length = readLength(token & 15) + 4;
    if (offset === 0 || offset > op || op + length > out.length)
      throw new Lz4Error("LZ4 match out of bounds");
    if (offset >= length) {
      out.copy(out, op, op - offset, op - offset + length);
      op += length;
    } else {
      // Overlapping copy: a run repeats the bytes just written.
      for (let i = 0; i < length; i++, op++) out[op] = out[op - offset];
    }
  }
  return op;
}

/** Undoes scheme 2's grouping: bytes were gathered by their position in each 4-byte word. */
export function ungroupBytes4(grouped: Buffer): Buffer {
  const n = grouped.length;
  const base = Math.floor(n / 4);
  const remainder = n % 4;
  const out = Buffer.alloc(n);
  let from = 0;
  for (let group = 0; group < 4; group++) {
    const count = base + (group < remainder ? 1 : 0);
    for (let j = 0; j < count; j++) out[j * 4 + group] = grouped[from + j];
    from += count;
  }
  return out;
}
