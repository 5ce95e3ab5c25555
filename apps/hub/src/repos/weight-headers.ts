// Parameter counts read from the headers of weight files, as huggingface.co reports them:
// `*.safetensors` (an 8-byte little-endian header length, then a JSON header naming each tensor's
// dtype and shape) and `.gguf` (GGUF v2/v3: metadata key/values, then each tensor's dimensions).
// Only the header bytes are read, from the file at `path`, never the weights.
import { open, type FileHandle } from "node:fs/promises";

/** safetensors refuses headers over 100 MB; so do we. */
export const MAX_SAFETENSORS_HEADER_BYTES = 100 * 1024 * 1024;
/** Most bytes of a GGUF header read (metadata with a large vocabulary is a few MB). */
export const MAX_GGUF_HEADER_BYTES = 64 * 1024 * 1024;

export interface SafetensorsCount {
  /** parameters per dtype, e.g. { F16: 1234 } */
  parameters: Record<string, number>;
  total: number;
}

export class WeightHeaderError extends Error {}

/** The parameters of one safetensors file, by dtype, from its header. */
export async function safetensorsParameters(path: string): Promise<SafetensorsCount> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    if (size < 8) throw new WeightHeaderError("shorter than the 8-byte header length");
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    const length = head.readBigUInt64LE(0);
    if (length > BigInt(Math.min(MAX_SAFETENSORS_HEADER_BYTES, size - 8)))
      throw new WeightHeaderError(`header length ${length} is past the end of the file or over 100 MB`);
    const json = Buffer.alloc(Number(length));
    await handle.read(json, 0, json.length, 8);
    let header: unknown;
    try {
      header = JSON.parse(json.toString("utf8"));
    } catch {
      throw new WeightHeaderError("the header is not JSON");
    }
    if (typeof header !== "object" || header === null || Array.isArray(header))
      throw new WeightHeaderError("the header is not a JSON object");
    const parameters: Record<string, number> = {};
    let total = 0;
    for (const [name, tensor] of Object.entries(header as Record<string, unknown>)) {
      if (name === "__metadata__") continue;
      const { dtype, shape } = (tensor ?? {}) as { dtype?: unknown; shape?: unknown };
      if (typeof dtype !== "string" || !/^[A-Z0-9_]{1,16}$/.test(dtype))
        throw new WeightHeaderError(`tensor ${name.slice(0, 80)} has no valid dtype`);
      if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && (d as number) >= 0))
        throw new WeightHeaderError(`tensor ${name.slice(0, 80)} has no valid shape`);
      const count = (shape as number[]).reduce((product, d) => product * d, 1);
      parameters[dtype] = (parameters[dtype] ?? 0) + count;
      total += count;
    }
    return { parameters, total };
  } finally {
    await handle.close();
  }
}

/** Reads a file front to back in chunks, never past `limit` bytes. */
class ChunkReader {
  private buffer = Buffer.alloc(0);
  private bufferStart = 0;
  position = 0;

  constructor(
    private readonly handle: FileHandle,
    private readonly size: number,
    private readonly limit: number,
  ) {}

  private async ensure(bytes: number): Promise<void> {
    const end = this.position + bytes;
    if (end > this.size) throw new WeightHeaderError("the GGUF header runs past the end of the file");
    if (end > this.limit) throw new WeightHeaderError(`the GGUF header is over ${this.limit} bytes`);
    if (end <= this.bufferStart + this.buffer.length) return;
    const want = Math.min(this.size - this.position, Math.max(bytes, 1024 * 1024));
    const next = Buffer.alloc(want);
    const { bytesRead } = await this.handle.read(next, 0, want, this.position);
    this.buffer = next.subarray(0, bytesRead);
    this.bufferStart = this.position;
    if (bytesRead < bytes) throw new WeightHeaderError("the GGUF header runs past the end of the file");
  }

  async bytes(count: number): Promise<Buffer> {
    await this.ensure(count);
    const at = this.position - this.bufferStart;
    this.position += count;
    return this.buffer.subarray(at, at + count);
  }

  async u32(): Promise<number> {
    return (await this.bytes(4)).readUInt32LE(0);
  }

  async u64(): Promise<number> {
    const value = (await this.bytes(8)).readBigUInt64LE(0);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new WeightHeaderError("a GGUF count is too large");
    return Number(value);
  }

  async string(): Promise<string> {
    const length = await this.u64();
    return (await this.bytes(length)).toString("utf8");
  }
}

/** Byte widths of GGUF's fixed-size metadata value types (8: string, 9: array). */
const GGUF_SCALAR_BYTES: Record<number, number> = {
  0: 1,
  1: 1,
  2: 2,
  3: 2,
  4: 4,
  5: 4,
  6: 4,
  7: 1,
  10: 8,
  11: 8,
  12: 8,
};

async function ggufValue(reader: ChunkReader, type: number, depth = 0): Promise<unknown> {
  if (type === 8) return reader.string();
  if (type === 9) {
    if (depth > 2) throw new WeightHeaderError("GGUF arrays nested too deep");
    const itemType = await reader.u32();
    const count = await reader.u64();
    // Arrays (a tokenizer's vocabulary) are skipped: only their length is kept.
    for (let i = 0; i < count; i++) await ggufValue(reader, itemType, depth + 1);
    return { length: count };
  }
  const width = GGUF_SCALAR_BYTES[type];
  if (width === undefined) throw new WeightHeaderError(`unknown GGUF value type ${type}`);
  const bytes = await reader.bytes(width);
  switch (type) {
    case 0:
      return bytes.readUInt8(0);
    case 1:
      return bytes.readInt8(0);
    case 2:
      return bytes.readUInt16LE(0);
    case 3:
      return bytes.readInt16LE(0);
    case 4:
      return bytes.readUInt32LE(0);
    case 5:
      return bytes.readInt32LE(0);
    case 6:
      return bytes.readFloatLE(0);
    case 7:
      return bytes.readUInt8(0) !== 0;
    case 10:
      return Number(bytes.readBigUInt64LE(0));
    case 11:
      return Number(bytes.readBigInt64LE(0));
    default:
      return bytes.readDoubleLE(0);
  }
}

export interface GgufFacts {
  total: number;
  architecture?: string;
  context_length?: number;
  chat_template?: string;
}

/** The parameter count, architecture and context length of a GGUF file, from its header. */
export async function ggufFacts(path: string, limit = MAX_GGUF_HEADER_BYTES): Promise<GgufFacts> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    const reader = new ChunkReader(handle, size, limit);
    if ((await reader.bytes(4)).toString("latin1") !== "GGUF") throw new WeightHeaderError("not a GGUF file");
    const version = await reader.u32();
    if (version < 2 || version > 3) throw new WeightHeaderError(`GGUF version ${version} is not read here`);
    const tensorCount = await reader.u64();
    const kvCount = await reader.u64();
    const metadata = new Map<string, unknown>();
    for (let i = 0; i < kvCount; i++) {
      const key = await reader.string();
      const type = await reader.u32();
      metadata.set(key, await ggufValue(reader, type));
    }
    let total = 0;
    for (let i = 0; i < tensorCount; i++) {
      await reader.string();
      const dims = await reader.u32();
      if (dims > 8) throw new WeightHeaderError(`a GGUF tensor has ${dims} dimensions`);
      let count = 1;
      for (let d = 0; d < dims; d++) count *= await reader.u64();
      await reader.bytes(12); // type (u32) and offset (u64)
      total += count;
    }
    const facts: GgufFacts = { total };
    const architecture = metadata.get("general.architecture");
    if (typeof architecture === "string") {
      facts.architecture = architecture;
      const context = metadata.get(`${architecture}.context_length`);
      if (typeof context === "number") facts.context_length = context;
    }
    const template = metadata.get("tokenizer.chat_template");
    if (typeof template === "string") facts.chat_template = template;
    return facts;
  } finally {
    await handle.close();
  }
}
