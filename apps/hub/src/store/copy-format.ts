// Models as rows of PostgreSQL's binary COPY format: what the import workers produce (see importer.ts)
// and the PostgreSQL store streams into COPY. Binary rows need no escaping on our side and no text
// parsing on the server's (about a third less server CPU than the text format for a catalogue).
// Kept apart from postgres-store.ts so the workers load neither pg nor the store.
import { filterTags, trendingOf } from "../catalogue/derived.js";
import type { HubModel } from "../catalogue/model-record.js";

/** The columns of every import COPY, in this order (the ordinal is the rowid, or the staging order). */
export const COPY_COLUMNS = [
  "ordinal",
  "id",
  "pipeline_tag",
  "library_name",
  "downloads",
  "likes",
  "created_at",
  "last_modified",
  "mapped",
  "tags",
  "doc",
  "trending",
] as const;

/** The binary COPY stream's header (signature, flags, no extension) and trailer. */
export const COPY_BINARY_HEADER = Buffer.from([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);
export const COPY_BINARY_TRAILER = Buffer.from([0xff, 0xff]);

/** Where a row's ordinal (an int8) starts, from the row's first byte: after the field count and its length. */
const ORDINAL_AT = 6;
const TEXT_OID = 25;
const TWO_32 = 4_294_967_296;

/** Sets the ordinal of the row starting at `rowStart` (rows are encoded with 0 there). */
export function setOrdinal(buffer: Buffer, rowStart: number, ordinal: number): void {
  buffer.writeUInt32BE(Math.floor(ordinal / TWO_32), rowStart + ORDINAL_AT);
  buffer.writeUInt32BE(ordinal >>> 0, rowStart + ORDINAL_AT + 4);
}

/** Appends binary COPY rows to a buffer that grows as needed. */
export class CopyRowWriter {
  buffer: Buffer;
  length = 0;

  constructor(capacity = 65_536) {
    this.buffer = Buffer.allocUnsafeSlow(capacity);
  }

  private reserve(bytes: number): void {
    if (this.buffer.length - this.length >= bytes) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  private int8(value: number, column: string, id: string): void {
    if (!Number.isSafeInteger(value))
      throw new Error(`model "${id}": ${column} is not an integer (${value}), cannot store it`);
    const high = Math.floor(value / TWO_32);
    this.buffer.writeInt32BE(8, this.length);
    this.buffer.writeInt32BE(high, this.length + 4);
    this.buffer.writeUInt32BE(value - high * TWO_32, this.length + 8);
    this.length += 12;
  }

  /** A text value (or NULL): its byte length, then its UTF-8 bytes. */
  private text(value: string | null | undefined): void {
    if (value === null || value === undefined) {
      this.reserve(4);
      this.buffer.writeInt32BE(-1, this.length);
      this.length += 4;
      return;
    }
    this.reserve(4 + value.length * 3);
    let bytes = value.length;
    if (bytes <= 64) {
      // Short strings (ids, tags) byte by byte while they are ASCII: cheaper than a call into the encoder.
      const buffer = this.buffer;
      const at = this.length + 4;
      for (let i = 0; i < bytes; i++) {
        const code = value.charCodeAt(i);
        if (code >= 0x80) {
          bytes = buffer.write(value, at);
          break;
        }
        buffer[at + i] = code;
      }
    } else {
      bytes = this.buffer.write(value, this.length + 4);
    }
    this.buffer.writeInt32BE(bytes, this.length);
    this.length += 4 + bytes;
  }

  /**
   * One model's row, with the ordinal `ordinal` (0 when set later by setOrdinal), and the times of its
   * dates when the caller has them (parseModelRecord's). Returns the row's start.
   */
  row(
    model: HubModel,
    ordinal = 0,
    created = Date.parse(model.createdAt),
    modified = Date.parse(model.lastModified),
  ): number {
    const start = this.length;
    this.reserve(2 + 12 * 7 + 5 + 4);
    this.buffer.writeInt16BE(COPY_COLUMNS.length, this.length);
    this.length += 2;
    this.int8(ordinal, "the ordinal", model.id);
    this.text(model.id);
    this.text(model.pipeline_tag);
    this.text(model.library_name);
    this.reserve(12 * 4 + 5);
    this.int8(model.downloads, "downloads", model.id);
    this.int8(model.likes, "likes", model.id);
    this.int8(created, "createdAt", model.id);
    this.int8(modified, "lastModified", model.id);
    const mapping = model.inferenceProviderMapping;
    this.buffer.writeInt32BE(1, this.length);
    this.buffer[this.length + 4] =
      mapping !== undefined && mapping !== null && Object.keys(mapping).length > 0 ? 1 : 0;
    this.length += 5;
    // A one-dimensional text[] (no NULLs, lower bound 1), or an empty array.
    const tags = filterTags(model);
    this.reserve(24);
    const arrayAt = this.length;
    this.buffer.writeInt32BE(tags.length === 0 ? 0 : 1, arrayAt + 4);
    this.buffer.writeInt32BE(0, arrayAt + 8);
    this.buffer.writeInt32BE(TEXT_OID, arrayAt + 12);
    this.length += 16;
    if (tags.length > 0) {
      this.buffer.writeInt32BE(tags.length, arrayAt + 16);
      this.buffer.writeInt32BE(1, arrayAt + 20);
      this.length += 8;
      for (const tag of tags) this.text(tag);
    }
    this.buffer.writeInt32BE(this.length - arrayAt - 4, arrayAt);
    this.text(JSON.stringify(model));
    this.reserve(12);
    // trendingScore(model), with the creation time parsed once
    this.int8(trendingOf(model.downloads, model.likes, created), "trending", model.id);
    return start;
  }
}
