// One file from a hub into a local path: resumed from `<target>.incomplete` with an HTTP Range, hashed
// as it arrives (sha256 for LFS files, the git blob id otherwise) and renamed into place only when
// the hash matches, so an interrupted or corrupted download never leaves a wrong file behind.
import { createHash, type Hash } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { CliError } from "../errors.js";
import type { HubClient } from "../hub-api.js";

export interface RemoteFile {
  path: string;
  size: number;
  /** the etag: sha256 for an LFS file, the git blob id (sha1) otherwise */
  etag: string;
  lfs: boolean;
}

export interface TransferOptions {
  /** shared by the files of one command, so that together they stay under `--limit-rate` */
  limiter?: RateLimiter;
  onBytes?: (bytes: number) => void;
}

/** The hash the etag is: sha256 of the bytes (LFS) or sha1 of "blob {size}\0" + bytes (git). */
function startHash(file: RemoteFile): Hash {
  if (file.lfs) return createHash("sha256");
  return createHash("sha1").update(`blob ${file.size}\0`);
}

async function hashExisting(hash: Hash, file: string): Promise<void> {
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
}

/** At most `bytesPerSecond` over everything passed through `take`, since the first byte. */
export class RateLimiter {
  private started = 0;
  private bytes = 0;

  constructor(private readonly bytesPerSecond: number) {}

  async take(bytes: number): Promise<void> {
    this.started ||= Date.now();
    this.bytes += bytes;
    const ahead = (this.bytes / this.bytesPerSecond) * 1000 - (Date.now() - this.started);
    if (ahead > 0) await sleep(ahead);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes `<target>.incomplete.lock` (it holds the owner's pid): two downloads of one file, in this
 * process or another, would append to the same .incomplete file. A lock whose process is gone is stale.
 */
async function lock(file: string): Promise<() => void> {
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let owner: number;
    try {
      // Empty for the moment between its owner creating and writing it: then it is waited on too.
      owner = Number(readFileSync(file, "utf8").trim() || 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    if (owner && owner !== process.pid && !alive(owner)) {
      rmSync(file, { force: true });
      continue;
    }
    await sleep(100);
  }
}

/**
 * Downloads `url` into `target` (unless another download finished it meanwhile); returns the bytes
 * that were already there (resumed from).
 */
export async function downloadTo(
  client: HubClient,
  url: string,
  file: RemoteFile,
  target: string,
  options: TransferOptions = {},
): Promise<{ resumedFrom: number }> {
  mkdirSync(path.dirname(target), { recursive: true });
  const unlock = await lock(`${target}.incomplete.lock`);
  try {
    if (existsSync(target)) {
      options.onBytes?.(file.size);
      return { resumedFrom: 0 };
    }
    return await downloadLocked(client, url, file, target, options);
  } finally {
    unlock();
  }
}

async function downloadLocked(
  client: HubClient,
  url: string,
  file: RemoteFile,
  target: string,
  options: TransferOptions,
): Promise<{ resumedFrom: number }> {
  const partial = `${target}.incomplete`;
  let have = existsSync(partial) ? statSync(partial).size : 0;
  if (have > file.size) {
    rmSync(partial);
    have = 0;
  }
  let hash = startHash(file);
  if (have > 0) await hashExisting(hash, partial);
  options.onBytes?.(have);
  let resumedFrom = have;
  if (have < file.size || file.size === 0) {
    const headers: Record<string, string> = have > 0 ? { range: `bytes=${have}-` } : {};
    const response = await client.request(url, { headers });
    if (response.status === 200 && have > 0) {
      // The server ignored the range and sends the whole file: start again from it.
      options.onBytes?.(-have);
      resumedFrom = 0;
      have = 0;
      hash = startHash(file);
    }
    if (!response.ok || !response.body)
      throw new CliError(`download of ${file.path} failed: HTTP ${response.status}`);
    const out = createWriteStream(partial, { flags: have > 0 ? "a" : "w" });
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, "drain");
        options.onBytes?.(chunk.length);
        await options.limiter?.take(chunk.length);
      }
    } finally {
      out.end();
      await once(out, "close");
    }
  }
  const digest = hash.digest("hex");
  if (digest !== file.etag) {
    rmSync(partial, { force: true });
    throw new CliError(
      `${file.path}: the bytes received do not match ${file.etag} (got ${digest}); run again`,
    );
  }
  renameSync(partial, target);
  return { resumedFrom };
}
