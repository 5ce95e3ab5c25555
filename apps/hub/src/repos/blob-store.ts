// File contents by sha256 in a folder (HUBKIT_BLOB_DIR, or <data dir>/blobs), shared by every replica.
// A blob is written to tmp/ under a random name, hashed while it is written, flushed to disk, checked
// against what the client said it would be, and only then renamed into objects/: a killed upload
// leaves at most a file in tmp/, never a partial blob. A blob becomes visible to clients only when a
// commit names it; collect() removes the ones no commit names. Files uploaded as Xet chunks are
// the second way in (`reconstructions`): sized, claimed, read and collected through the same calls.
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, unlink, utimes, type FileHandle } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import path from "node:path";
import type { Readable } from "node:stream";
import { HttpError } from "../http/errors.js";

const SHA256_RE = /^[0-9a-f]{64}$/;
/** Downloads at once that read in large chunks (see read()). */
const LARGE_CHUNK_READERS = 1;
const LARGE_CHUNK = 1024 * 1024;
/** sendRange's chunks when several download at once (two buffers each, reused). */
const SMALL_CHUNK = 512 * 1024;
/** read()'s chunks when several read at once (a fresh buffer each: smaller keeps memory flat). */
const STREAM_CHUNK = 256 * 1024;
/** Download buffers kept for reuse, per size (16 MiB of 512 KB ones at most). */
const SPARE_BUFFERS = 32;
/** Bytes gathered before one write to the temporary file. */
const WRITE_BATCH_BYTES = 1024 * 1024;
/** A blob or temporary file younger than this is never collected: an upload or commit may be using it. */
export const COLLECT_GRACE_MS = 60 * 60 * 1000;

export interface StoredBlob {
  sha256: string;
  size: number;
}

export interface WriteExpectation {
  sha256?: string;
  size?: number;
  /** refuse (413) once more than this many bytes arrived */
  maxSize?: number;
}

/** Files kept in another form (Xet chunks) that the blob store serves by sha256 as if they were blobs. */
export interface ReconstructedFiles {
  size(sha256: string): Promise<number | undefined>;
  claim(sha256: string): Promise<number | undefined>;
  read(sha256: string, start?: number, end?: number): Readable;
  collect(live: Set<string>, graceMs: number): Promise<{ blobs: number; bytes: number }>;
}

export class BlobStore {
  /** Xet-stored files, attached by the Xet store when the repository side opens. */
  reconstructions?: ReconstructedFiles;
  private readonly objects: string;
  private readonly tmp: string;
  /** downloads under way (read streams not yet closed) */
  private reading = 0;
  /** download buffers free for reuse, by size (see sendRange) */
  private readonly spareBuffers = new Map<number, Buffer[]>();

  constructor(readonly dir: string) {
    this.objects = path.join(dir, "objects");
    this.tmp = path.join(dir, "tmp");
  }

  async open(): Promise<void> {
    await mkdir(this.objects, { recursive: true });
    await mkdir(this.tmp, { recursive: true });
  }

  filePath(sha256: string): string {
    if (!SHA256_RE.test(sha256)) throw new Error(`not a sha256: ${sha256.slice(0, 80)}`);
    return path.join(this.objects, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  /** The blob's size, or undefined when it is not stored. */
  async size(sha256: string): Promise<number | undefined> {
    try {
      return (await stat(this.filePath(sha256))).size;
    } catch {
      return this.reconstructions?.size(sha256);
    }
  }

  /**
   * Stores bytes from a stream; refuses (and keeps nothing) when they differ from `expect`. Chunks
   * are gathered into writes of about a megabyte, and one write is under way while the next chunks
   * arrive and are hashed (a wait on the disk per 64 KB network chunk halved an upload's speed).
   */
  async write(
    source: Readable | AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer>,
    expect: WriteExpectation = {},
  ): Promise<StoredBlob> {
    const tmpFile = path.join(this.tmp, `${randomUUID()}.part`);
    const handle = await open(tmpFile, "wx");
    const hash = createHash("sha256");
    let size = 0;
    let closed = false;
    let batch: Buffer[] = [];
    let batchBytes = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const flush = async () => {
      await writing;
      if (batchBytes === 0) return;
      const buffers = batch;
      const bytes = batchBytes;
      batch = [];
      batchBytes = 0;
      writing = handle.writev(buffers).then(({ bytesWritten }) => {
        if (bytesWritten !== bytes) throw new Error(`short write: ${bytesWritten} of ${bytes} bytes`);
      });
      writing.catch(() => {}); // seen at the next flush; not an unhandled rejection meanwhile
    };
    try {
      for await (const chunk of source) {
        const bytes = chunk instanceof Buffer ? chunk : Buffer.from(chunk);
        size += bytes.length;
        if (expect.maxSize !== undefined && size > expect.maxSize)
          throw new HttpError(413, `The file is larger than this hub's limit of ${expect.maxSize} bytes`);
        if (expect.size !== undefined && size > expect.size)
          throw new HttpError(400, `Received more than the ${expect.size} bytes announced for this object`);
        hash.update(bytes);
        batch.push(bytes);
        batchBytes += bytes.length;
        if (batchBytes >= WRITE_BATCH_BYTES) await flush();
      }
      await flush();
      await writing;
      const sha256 = hash.digest("hex");
      if (expect.size !== undefined && size !== expect.size)
        throw new HttpError(
          400,
          `Received ${size} bytes where ${expect.size} were announced for this object`,
        );
      if (expect.sha256 !== undefined && sha256 !== expect.sha256)
        throw new HttpError(
          400,
          `The content's sha256 is ${sha256}, not the ${expect.sha256} announced: nothing was stored`,
        );
      await handle.sync();
      await handle.close();
      closed = true;
      await this.place(tmpFile, sha256);
      return { sha256, size };
    } catch (error) {
      await writing.catch(() => {});
      if (!closed) await handle.close().catch(() => {});
      await rm(tmpFile, { force: true });
      throw error;
    }
  }

  /**
   * The size of a stored blob that a commit is about to name (undefined when absent). Its time is
   * set to now, so that a collection running meanwhile leaves it alone.
   */
  async claim(sha256: string): Promise<number | undefined> {
    const file = this.filePath(sha256);
    try {
      const now = new Date();
      await utimes(file, now, now);
      return (await stat(file)).size;
    } catch {
      return this.reconstructions?.claim(sha256);
    }
  }

  async writeBuffer(bytes: Buffer): Promise<StoredBlob> {
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    if ((await this.claim(sha256)) === bytes.length) return { sha256, size: bytes.length };
    return this.write([bytes], { sha256, size: bytes.length });
  }

  private async place(tmpFile: string, sha256: string): Promise<void> {
    const target = this.filePath(sha256);
    await mkdir(path.dirname(target), { recursive: true });
    // Same content, same name: a blob already there is identical, and rename replaces it atomically.
    await rename(tmpFile, target);
  }

  /**
   * A stream of the blob's bytes from `start` to `end` inclusive. A lone download reads in 1 MiB
   * chunks (in 256 KB ones it ran at 0.35–0.91× nginx's speed on a busy 2-core machine, in 1 MiB
   * ones at 0.63–1.6×: every chunk waits for the event loop); the others read 256 KB chunks, which
   * keep the memory of many downloads flat (32 at 1 MiB grew the hub's RSS by 90–125 MB, and mixing
   * several 1 MiB readers among 32 halved the throughput).
   */
  read(sha256: string, start?: number, end?: number): Readable {
    if (this.reconstructions && !existsSync(this.filePath(sha256)))
      return this.reconstructions.read(sha256, start, end);
    const large = this.reading < LARGE_CHUNK_READERS;
    const stream = createReadStream(this.filePath(sha256), {
      start,
      end,
      highWaterMark: large ? LARGE_CHUNK : STREAM_CHUNK,
    });
    // Counted until its last bytes are read (not until the reply is done): a client's next download
    // on the same connection starts before this stream closes, and is still a lone one.
    this.reading++;
    let counted = true;
    const done = () => {
      if (counted) this.reading--;
      counted = false;
    };
    stream.once("end", done);
    stream.once("close", done);
    return stream;
  }

  /** The stored blob's file, open for sendRange; undefined when it is stored as Xet chunks instead. */
  async openStored(sha256: string): Promise<FileHandle | undefined> {
    try {
      return await open(this.filePath(sha256), "r");
    } catch (error) {
      if (this.reconstructions && (error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  /**
   * Writes bytes `start`..`end` (inclusive) of an open blob file to `res`, whose head the caller has
   * written, then ends it; closes the file. Two buffers serve the whole download: each is read into
   * again only once the socket has taken its previous contents. A read stream allocates a buffer
   * per chunk, and at disk speed that churned gigabytes of memory a second: garbage collection took
   * a third of the hub's busy time in the files bench (download 0.62× nginx's rate; from reused
   * buffers 1.1–1.3×, and 32 at once 0.63× → 0.84× with 512 KB chunks). A lone download reads 1 MiB
   * chunks, as in read(). A client that goes away ends it early; a read error cuts the reply.
   */
  async sendRange(file: FileHandle, res: ServerResponse, start: number, end: number): Promise<void> {
    const size = this.reading < LARGE_CHUNK_READERS ? LARGE_CHUNK : SMALL_CHUNK;
    this.reading++;
    let reading = true;
    const doneReading = () => {
      if (reading) this.reading--;
      reading = false;
    };
    let gone = false;
    const closed = new Promise<void>((resolve) =>
      res.once("close", () => {
        gone = true;
        resolve();
      }),
    );
    const buffers = [this.takeBuffer(size), this.takeBuffer(size)];
    const written: (Promise<void> | undefined)[] = [undefined, undefined];
    try {
      let position = start;
      for (let i = 0; position <= end; i ^= 1) {
        if (written[i]) await Promise.race([written[i], closed]);
        if (gone) return;
        const { bytesRead } = await file.read(buffers[i], 0, Math.min(size, end - position + 1), position);
        if (bytesRead === 0) throw new Error(`blob file ended at byte ${position}, before byte ${end}`);
        position += bytesRead;
        const chunk = buffers[i].subarray(0, bytesRead);
        written[i] = new Promise<void>((resolve) => res.write(chunk, () => resolve()));
      }
      doneReading();
      await Promise.race([Promise.all(written), closed]);
      if (gone) return;
      res.end();
      // Both writes are done: the buffers are free for the next download.
      for (const buffer of buffers) this.giveBuffer(buffer);
    } catch {
      res.destroy();
    } finally {
      doneReading();
      await file.close().catch(() => {});
    }
  }

  /** A download buffer of `size` bytes: a spare one, or a new one. */
  private takeBuffer(size: number): Buffer {
    const spare = this.spareBuffers.get(size);
    return spare?.pop() ?? Buffer.allocUnsafeSlow(size);
  }

  /** Keeps a download's buffer for the next one (up to SPARE_BUFFERS of each size). */
  private giveBuffer(buffer: Buffer): void {
    let spare = this.spareBuffers.get(buffer.length);
    if (!spare) this.spareBuffers.set(buffer.length, (spare = []));
    if (spare.length < SPARE_BUFFERS) spare.push(buffer);
  }

  /**
   * Removes blobs that `live` does not hold and temporary files, when older than `graceMs` (uploads
   * under way and blobs waiting for their commit are younger). Returns what was removed.
   */
  async collect(live: Set<string>, graceMs = COLLECT_GRACE_MS): Promise<{ blobs: number; bytes: number }> {
    const cutoff = Date.now() - graceMs;
    let blobs = 0;
    let bytes = 0;
    for (const name of await readdir(this.tmp).catch(() => [] as string[])) {
      const file = path.join(this.tmp, name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < cutoff) await unlink(file).catch(() => {});
    }
    for (const a of await readdir(this.objects).catch(() => [] as string[])) {
      for (const b of await readdir(path.join(this.objects, a)).catch(() => [] as string[])) {
        for (const sha of await readdir(path.join(this.objects, a, b)).catch(() => [] as string[])) {
          if (live.has(sha)) continue;
          const file = path.join(this.objects, a, b, sha);
          const info = await stat(file).catch(() => undefined);
          if (!info || info.mtimeMs >= cutoff) continue;
          await unlink(file).catch(() => {});
          blobs++;
          bytes += info.size;
        }
      }
    }
    if (this.reconstructions) {
      const chunked = await this.reconstructions.collect(live, graceMs);
      blobs += chunked.blobs;
      bytes += chunked.bytes;
    }
    return { blobs, bytes };
  }
}
