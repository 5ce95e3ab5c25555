// One upstream download per file, however many clients ask for it at once (single flight). The
// bytes go to a temporary file in the blob store's tmp/ folder as they arrive; every client reads
// that file from its own offset and follows it as it grows, so the first byte reaches the first
// client long before the file is complete (its last byte only once checked). At the end the size and sha256 are checked against what
// upstream's tree said, the file is synced and renamed into objects/: a download cut short, or
// bytes that do not match, leave nothing stored, and the clients reading it get an error.
import { randomUUID } from "node:crypto";
import { close, closeSync, fsync, openSync, read, unlink, writev } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { HttpError } from "../http/errors.js";
import type { BlobStore } from "../repos/blob-store.js";
import { fileHasher, type FileHasher } from "./file-hasher.js";

const readAsync = promisify(read);
const fsyncAsync = promisify(fsync);
const closeAsync = promisify(close);
const unlinkAsync = promisify(unlink);
const READ_CHUNK = 1024 * 1024;
/** Most bytes received and not yet written before the download waits for the disk. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
const writevAsync = promisify(writev);

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

/** A download under way: its temporary file, how much of it is written, and how it ended. */
export class Flight {
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

  /** Resolves at the next write, or at the end. */
  private progress(): Promise<void> {
    return new Promise((resolve) => this.wake.push(resolve));
  }

  private async run(open: () => Promise<AsyncIterable<Uint8Array>>): Promise<void> {
    const { sha256, size, label } = this.target;
    let closed = false;
    // Writes go out while the next chunks arrive: whatever came in meanwhile is written together.
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let writing: Promise<void> | undefined;
    let hasher: FileHasher | undefined;
    try {
      const body = await open();
      this.resolveStarted();
      hasher = fileHasher(this.tmpFile, size);
      const hashing = hasher;
      const flush = async () => {
        while (pending.length > 0) {
          const batch = pending;
          const bytes = pendingBytes;
          pending = [];
          pendingBytes = 0;
          await writeAll(this.fd, batch);
          this.written += bytes;
          hashing.written(this.written);
          this.notify();
        }
        writing = undefined;
      };
      let received = 0;
      for await (const chunk of body) {
        received += chunk.length;
        if (received > size)
          throw new HttpError(502, `The upstream hub sent more than the ${size} bytes of ${label}`);
        hashing.received(chunk);
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (!writing) {
          writing = flush();
          writing.catch(() => {});
        }
        if (pendingBytes >= MAX_PENDING_BYTES) await writing;
      }
      await writing;
      if (this.written !== size)
        throw new HttpError(502, `The upstream hub sent ${this.written} of the ${size} bytes of ${label}`);
      const digest = await hashing.digest(size);
      if (digest !== sha256)
        throw new HttpError(
          502,
          `The upstream hub sent ${label} with sha256 ${digest}, not the ${sha256} its tree names: nothing was stored`,
        );
      hasher.close();
      this.verified = true;
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
      this.rejectStarted(failure);
      this.notify();
      // A write under way finishes before the descriptor is closed (its number could be reused).
      await writing?.catch(() => {});
      hasher?.close();
      if (!closed) await closeAsync(this.fd).catch(() => {});
      await unlinkAsync(this.tmpFile).catch(() => {});
      throw failure;
    }
  }

  /**
   * Resolves once the byte at `start` is written (or the file is whole); rejects when the download
   * fails first, so that a client is answered with the error rather than an empty 200.
   */
  async ready(start: number): Promise<void> {
    for (;;) {
      if (this.state === "failed") throw this.error!;
      if (this.state === "done" || this.verified || this.written > start) return;
      await this.progress();
    }
  }

  /** The bytes from `start` to `end` inclusive, as they are written (a client's view of the flight). */
  reader(start: number, end: number): Readable {
    return Readable.from(this.follow(start, end), { objectMode: false });
  }

  private async *follow(start: number, end: number): AsyncGenerator<Buffer> {
    let fd: number;
    try {
      fd = openSync(this.tmpFile, "r");
    } catch {
      // Renamed between the check and the open: the stored blob is complete.
      fd = openSync(this.blobs.filePath(this.target.sha256), "r");
    }
    try {
      let position = start;
      while (position <= end) {
        if (this.state === "failed") throw this.error!;
        // The file's last byte waits for the check: no client gets a whole file that does not match.
        const { size } = this.target;
        const available = this.verified || this.state === "done" ? size : Math.min(this.written, size - 1);
        if (position >= available) {
          await this.progress();
          continue;
        }
        const length = Math.min(READ_CHUNK, available - position, end - position + 1);
        const buffer = Buffer.allocUnsafe(length);
        const { bytesRead } = await readAsync(fd, buffer, 0, length, position);
        if (bytesRead === 0) throw new HttpError(502, `${this.target.label} ended early while being read`);
        position += bytesRead;
        yield bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
      }
    } finally {
      closeSync(fd);
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
