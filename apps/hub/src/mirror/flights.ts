// One upstream download per file, however many clients ask for it at once (single flight). The
// bytes arriving from upstream are handed straight to the clients that are waiting for them (no
// read back from disk), written to a temporary file in the blob store's tmp/ folder in large
// batches, and hashed as they pass. A client that joins late, or falls behind, reads that file from
// its own offset and follows it as it grows until it catches up. The file's last byte reaches no
// client until the size and sha256 match what upstream's tree said; then the file is synced and
// renamed into objects/. A download cut short, or bytes that do not match, leave nothing stored,
// and the clients reading it get an error: no partial file is ever stored or served whole.
import { createHash, randomUUID } from "node:crypto";
import { close, closeSync, fsync, openSync, read, unlink, writev } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { HttpError } from "../http/errors.js";
import type { BlobStore } from "../repos/blob-store.js";

const readAsync = promisify(read);
const fsyncAsync = promisify(fsync);
const closeAsync = promisify(close);
const unlinkAsync = promisify(unlink);
const READ_CHUNK = 1024 * 1024;
/** Most bytes received and not yet written before the download waits for the disk. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/**
 * Most bytes handed to a client and not yet taken by it: past this, the client is left to read the
 * file at its own pace (a slow client neither holds memory nor slows the download).
 */
const MAX_HANDED_BYTES = 16 * 1024 * 1024;
const writevAsync = promisify(writev);
/** Bytes handed to a client at the head are sent in batches of this size. */
const HAND_BATCH = 1024 * 1024;

/** Writes every buffer at the file's position, however the system call splits them. */
async function writeAll(fd: number, buffers: Uint8Array[]): Promise<void> {
  let rest = buffers;
  while (rest.length > 0) {
    // promisify(writev) resolves with { bytesWritten, buffers }, as promisify(write) does
    let { bytesWritten: written } = (await writevAsync(fd, rest)) as unknown as { bytesWritten: number };
    const left: Uint8Array[] = [];
    for (const buffer of rest) {
      if (written >= buffer.length) written -= buffer.length;
      else {
        left.push(buffer.subarray(written));
        written = 0;
      }
    }
    rest = left;
  }
}

export interface FlightTarget {
  sha256: string;
  size: number;
  /** what the clients are told when the download fails, e.g. "acme/m/model.bin" */
  label: string;
}

/** One client's view of a flight: its next byte, its last, and the bytes handed to it meanwhile. */
interface Follower {
  /** the next byte this client gets (past the handed bytes) */
  position: number;
  end: number;
  /** bytes handed over as they arrived, not yet taken */
  handed: Buffer[];
  handedBytes: number;
  /** in the flight's live set: arriving bytes go to `handed` */
  live: boolean;
  /** has sent bytes already (the first go out at once) */
  yielded: boolean;
}

/** A download under way: its temporary file, how much of it is written, and how it ended. */
export class Flight {
  /** bytes arrived from upstream */
  received = 0;
  /** bytes in the temporary file */
  written = 0;
  /** the bytes matched upstream's size and sha256 (the last byte is held back until then) */
  verified = false;
  state: "running" | "done" | "failed" = "running";
  error?: Error;
  /** resolves once upstream has answered with the file (its headers); rejects with its refusal */
  readonly started: Promise<void>;
  /** resolves once the file is stored; rejects when it could not be */
  readonly finished: Promise<void>;
  private readonly tmpFile: string;
  private readonly fd: number;
  private wake: (() => void)[] = [];
  /** clients at the head of the download: arriving bytes are handed to them directly */
  private readonly live = new Set<Follower>();
  private resolveStarted!: () => void;
  private rejectStarted!: (error: Error) => void;

  constructor(
    private readonly blobs: BlobStore,
    readonly target: FlightTarget,
    open: () => Promise<AsyncIterable<Uint8Array>>,
  ) {
    this.tmpFile = path.join(blobs.dir, "tmp", `${randomUUID()}.mirror`);
    // Opened at once (synchronously), so a client joining right away finds the file.
    this.fd = openSync(this.tmpFile, "wx");
    this.started = new Promise<void>((resolve, reject) => {
      this.resolveStarted = resolve;
      this.rejectStarted = reject;
    });
    this.started.catch(() => {});
    this.finished = this.run(open);
    this.finished.catch(() => {});
  }

  private notify(): void {
    const waiting = this.wake;
    this.wake = [];
    for (const resolve of waiting) resolve();
  }

  /** Resolves at the next arrival or write, or at the end. */
  private progress(): Promise<void> {
    return new Promise((resolve) => this.wake.push(resolve));
  }

  /** The last byte a client may get before the check: all but the file's last. */
  private get lastUnchecked(): number {
    return this.target.size - 2;
  }

  /** Hands a chunk that arrived at `offset` to the clients waiting at the head. */
  private hand(chunk: Buffer, offset: number): void {
    for (const follower of this.live) {
      const last = Math.min(follower.end, this.lastUnchecked);
      let part = chunk;
      if (follower.position !== offset || offset > last) part = part.subarray(0, 0);
      else if (offset + part.length - 1 > last) part = part.subarray(0, last - offset + 1);
      if (part.length > 0) {
        follower.handed.push(part);
        follower.handedBytes += part.length;
        follower.position += part.length;
      }
      // Done with the head (its range is handed, or the held last byte is next), or too far behind.
      if (part.length < chunk.length || follower.handedBytes > MAX_HANDED_BYTES) {
        follower.live = false;
        this.live.delete(follower);
      }
    }
  }

  private async run(open: () => Promise<AsyncIterable<Uint8Array>>): Promise<void> {
    const { sha256, size, label } = this.target;
    let closed = false;
    // Writes go out while the next chunks arrive: whatever came in meanwhile is written together.
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let writing: Promise<void> | undefined;
    const hash = createHash("sha256");
    try {
      const body = await open();
      this.resolveStarted();
      const flush = async () => {
        while (pending.length > 0) {
          const batch = pending;
          const bytes = pendingBytes;
          pending = [];
          pendingBytes = 0;
          await writeAll(this.fd, batch);
          this.written += bytes;
          this.notify();
        }
        writing = undefined;
      };
      for await (const data of body) {
        const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.length);
        const offset = this.received;
        this.received += chunk.length;
        if (this.received > size)
          throw new HttpError(502, `The upstream hub sent more than the ${size} bytes of ${label}`);
        // Hashed as it passes (no second read of the file), handed to the clients at the head.
        hash.update(chunk);
        if (this.live.size > 0) this.hand(chunk, offset);
        pending.push(chunk);
        pendingBytes += chunk.length;
        this.notify();
        if (!writing) {
          writing = flush();
          writing.catch(() => {});
        }
        if (pendingBytes >= MAX_PENDING_BYTES) await writing;
      }
      await writing;
      if (this.written !== size)
        throw new HttpError(502, `The upstream hub sent ${this.written} of the ${size} bytes of ${label}`);
      const digest = hash.digest("hex");
      if (digest !== sha256)
        throw new HttpError(
          502,
          `The upstream hub sent ${label} with sha256 ${digest}, not the ${sha256} its tree names: nothing was stored`,
        );
      this.verified = true;
      this.live.clear();
      this.notify();
      await fsyncAsync(this.fd);
      await closeAsync(this.fd);
      closed = true;
      const final = this.blobs.filePath(sha256);
      await mkdir(path.dirname(final), { recursive: true });
      await rename(this.tmpFile, final);
      this.state = "done";
      this.notify();
    } catch (error) {
      const failure =
        error instanceof HttpError
          ? error
          : new HttpError(
              502,
              `The upstream hub's connection broke while sending ${label}: nothing was stored`,
            );
      this.error = failure;
      this.state = "failed";
      this.live.clear();
      this.rejectStarted(failure);
      this.notify();
      // A write under way finishes before the descriptor is closed (its number could be reused).
      await writing?.catch(() => {});
      if (!closed) await closeAsync(this.fd).catch(() => {});
      await unlinkAsync(this.tmpFile).catch(() => {});
      throw failure;
    }
  }

  /**
   * Resolves once the byte at `start` has arrived (or the file is whole); rejects when the download
   * fails first, so that a client is answered with the error rather than an empty 200.
   */
  async ready(start: number): Promise<void> {
    for (;;) {
      if (this.state === "failed") throw this.error!;
      if (this.state === "done" || this.verified || this.received > start) return;
      await this.progress();
    }
  }

  /**
   * The bytes from `start` to `end` inclusive, as they arrive (a client's view of the flight). Made
   * before waiting for the first byte: a client at the head then gets every byte handed over.
   */
  reader(start: number, end: number): Readable {
    const follower: Follower = {
      position: start,
      end,
      handed: [],
      handedBytes: 0,
      live: false,
      yielded: false,
    };
    this.join(follower);
    const stream = Readable.from(this.follow(follower), { objectMode: false });
    stream.once("close", () => this.leave(follower));
    return stream;
  }

  /** At the head (nothing arrived past its next byte): arriving bytes are handed to it. */
  private join(follower: Follower): void {
    if (
      this.state === "running" &&
      !this.verified &&
      follower.position === this.received &&
      follower.position <= Math.min(follower.end, this.lastUnchecked)
    ) {
      follower.live = true;
      this.live.add(follower);
    }
  }

  private leave(follower: Follower): void {
    follower.live = false;
    this.live.delete(follower);
    follower.handed = [];
    follower.handedBytes = 0;
  }

  private async *follow(follower: Follower): AsyncGenerator<Buffer> {
    let fd: number | undefined;
    try {
      for (;;) {
        if (this.state === "failed") throw this.error!;
        // Handed bytes go out a MiB at a time, as a file read would (a send per 64 KiB chunk cost
        // more than reading the file back); the first at once, so the first byte does not wait.
        const gathering =
          follower.live && follower.yielded && follower.handedBytes < HAND_BATCH && this.state === "running";
        if (follower.handed.length > 0 && !gathering) {
          follower.yielded = true;
          const handed = follower.handed;
          follower.handed = [];
          follower.handedBytes = 0;
          yield handed.length === 1 ? handed[0] : Buffer.concat(handed);
          continue;
        }
        const { position, end } = follower;
        if (position > end) return;
        // The file's last byte waits for the check: no client gets a whole file that does not match.
        const { size } = this.target;
        const available = this.verified || this.state === "done" ? size : Math.min(this.written, size - 1);
        if (position < available) {
          fd ??= this.open();
          const length = Math.min(READ_CHUNK, available - position, end - position + 1);
          const buffer = Buffer.allocUnsafe(length);
          const { bytesRead } = await readAsync(fd, buffer, 0, length, position);
          if (bytesRead === 0) throw new HttpError(502, `${this.target.label} ended early while being read`);
          follower.position += bytesRead;
          follower.yielded = true;
          yield bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
          continue;
        }
        if (!follower.live) this.join(follower);
        await this.progress();
      }
    } finally {
      this.leave(follower);
      if (fd !== undefined) closeSync(fd);
    }
  }

  private open(): number {
    try {
      return openSync(this.tmpFile, "r");
    } catch {
      // Renamed between the check and the open: the stored blob is complete.
      return openSync(this.blobs.filePath(this.target.sha256), "r");
    }
  }
}

/** The downloads under way, by sha256: a second request for the same content joins the first. */
export class Flights {
  private readonly active = new Map<string, Flight>();

  constructor(private readonly blobs: BlobStore) {}

  get size(): number {
    return this.active.size;
  }

  join(target: FlightTarget, open: () => Promise<AsyncIterable<Uint8Array>>): Flight {
    const running = this.active.get(target.sha256);
    if (running) return running;
    const flight = new Flight(this.blobs, target, open);
    this.active.set(target.sha256, flight);
    const leave = () => {
      if (this.active.get(target.sha256) === flight) this.active.delete(target.sha256);
    };
    flight.finished.then(leave, leave);
    return flight;
  }
}
