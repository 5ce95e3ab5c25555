// One upstream download per file, however many clients ask for it at once (single flight). The
// bytes go to a temporary file in the blob store's tmp/ folder as they arrive; every client reads
// that file from its own offset and follows it as it grows, so the first byte reaches the first
// client long before the file is complete (its last byte only once checked). At the end the size and sha256 are checked against what
// upstream's tree said, the file is synced and renamed into objects/: a download cut short, or
// bytes that do not match, leave nothing stored, and the clients reading it get an error.
import { createHash, randomUUID } from "node:crypto";
import { close, closeSync, fsync, openSync, read, unlink, write } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { HttpError } from "../http/errors.js";
import type { BlobStore } from "../repos/blob-store.js";

const writeAsync = promisify(write);
const readAsync = promisify(read);
const fsyncAsync = promisify(fsync);
const closeAsync = promisify(close);
const unlinkAsync = promisify(unlink);
const READ_CHUNK = 256 * 1024;

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
    open: () => Promise<Response>,
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

  private async run(open: () => Promise<Response>): Promise<void> {
    const { sha256, size, label } = this.target;
    let closed = false;
    try {
      const response = await open();
      this.resolveStarted();
      const hash = createHash("sha256");
      if (response.body) {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          if (this.written + chunk.length > size)
            throw new HttpError(502, `The upstream hub sent more than the ${size} bytes of ${label}`);
          hash.update(chunk);
          let offset = 0;
          while (offset < chunk.length) {
            const { bytesWritten } = await writeAsync(this.fd, chunk, offset, chunk.length - offset, null);
            offset += bytesWritten;
          }
          this.written += chunk.length;
          this.notify();
        }
      }
      if (this.written !== size)
        throw new HttpError(502, `The upstream hub sent ${this.written} of the ${size} bytes of ${label}`);
      const digest = hash.digest("hex");
      if (digest !== sha256)
        throw new HttpError(
          502,
          `The upstream hub sent ${label} with sha256 ${digest}, not the ${sha256} its tree names: nothing was stored`,
        );
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
      if (!closed) await closeAsync(this.fd).catch(() => {});
      await unlinkAsync(this.tmpFile).catch(() => {});
      throw failure;
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

  join(target: FlightTarget, open: () => Promise<Response>): Flight {
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
