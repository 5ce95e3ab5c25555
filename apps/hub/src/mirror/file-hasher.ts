// The sha256 of a file being written, computed beside the download: on a worker thread for a large
// file (hashing takes as long as the transfer itself on a busy core, so on the main thread it
// halved a first fetch's speed), in line for a small one (a worker costs a few milliseconds to
// start). The worker reads what has been written from the file (the page cache), so what is
// checked is what is stored.
import { createHash, type Hash } from "node:crypto";
import { Worker } from "node:worker_threads";

/** Files from this size up are hashed on a worker. */
const WORKER_BYTES = 16 * 1024 * 1024;

// Plain JavaScript, run with `eval`: the same in the sources (tests) and the build.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { closeSync, openSync, readSync } = require("node:fs");
const { createHash } = require("node:crypto");
const fd = openSync(workerData.file, "r");
const hash = createHash("sha256");
const buffer = Buffer.allocUnsafe(1 << 20);
let position = 0;
parentPort.on("message", ({ upTo, end }) => {
  try {
    while (position < upTo) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, upTo - position), position);
      if (read === 0) throw new Error("the file is shorter than what was written to it");
      hash.update(buffer.subarray(0, read));
      position += read;
    }
    if (end) {
      closeSync(fd);
      parentPort.postMessage({ digest: hash.digest("hex") });
    }
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
});
`;

export interface FileHasher {
  /** bytes arrived from upstream (in order) */
  received(chunk: Uint8Array): void;
  /** the file holds every byte up to `upTo` */
  written(upTo: number): void;
  /** the digest once every byte up to `size` is written */
  digest(size: number): Promise<string>;
  close(): void;
}

class InlineHasher implements FileHasher {
  private readonly hash: Hash = createHash("sha256");
  received(chunk: Uint8Array): void {
    this.hash.update(chunk);
  }
  written(): void {}
  async digest(): Promise<string> {
    return this.hash.digest("hex");
  }
  close(): void {}
}

class WorkerHasher implements FileHasher {
  private readonly worker: Worker;
  private readonly result: Promise<string>;

  constructor(file: string) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file } });
    this.result = new Promise((resolve, reject) => {
      this.worker.on("message", (message: { digest?: string; error?: string }) => {
        if (message.digest) resolve(message.digest);
        else reject(new Error(`hashing failed: ${message.error}`));
      });
      this.worker.on("error", reject);
      this.worker.on("exit", () => reject(new Error("the hashing worker stopped")));
    });
    this.result.catch(() => {});
  }

  received(): void {}
  written(upTo: number): void {
    this.worker.postMessage({ upTo });
  }

  async digest(size: number): Promise<string> {
    this.worker.postMessage({ upTo: size, end: true });
    return this.result;
  }

  close(): void {
    void this.worker.terminate();
  }
}

export function fileHasher(file: string, size: number): FileHasher {
  return size >= WORKER_BYTES ? new WorkerHasher(file) : new InlineHasher();
}
