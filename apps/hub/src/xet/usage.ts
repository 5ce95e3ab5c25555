// Storage use for the operator: per repo, the bytes of every distinct file its commits name (what it
// would cost stored alone); in total, what the blob folder holds (whole blobs and Xet xorbs) and the
// saving chunk dedup and shared contents bring. `hubkit-hub storage` prints it.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import { onCommandRepos } from "../command-line.js";
import type { StorageReply } from "../contract/api.js";
import { REPO_TYPES } from "../repos/model.js";
import type { RepoService } from "../repos/service.js";
import { xetStoreOf } from "./store.js";

/** The report is the API's reply (contract/api.ts): one definition for the hub, the web app and the CLI. */
export type StorageReport = StorageReply;
export type RepoUsage = StorageReply["repos"][number];

async function filesUnder(dir: string, depth: number): Promise<string[]> {
  if (depth === 0) return [dir];
  const out: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[]))
    out.push(...(await filesUnder(path.join(dir, name), depth - 1)));
  return out;
}

async function totalSize(files: string[]): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += (await stat(file).catch(() => undefined))?.size ?? 0;
  return bytes;
}

export async function storageReport(service: RepoService): Promise<StorageReport> {
  const repos: RepoUsage[] = [];
  for (const type of REPO_TYPES)
    for (const repo of await service.meta.listRepos(type)) {
      const sizes = new Map<string, number>();
      const seen = new Set<string>();
      for (const ref of await service.meta.refs(repo.rid))
        for (const commit of await service.meta.history(repo.rid, ref.commit, 0, 1_000_000)) {
          if (seen.has(commit.tree)) continue;
          seen.add(commit.tree);
          for (const entry of (await service.meta.getTree(commit.tree)) ?? [])
            sizes.set(entry.sha256, entry.size);
        }
      const bytes = [...sizes.values()].reduce((sum, size) => sum + size, 0);
      repos.push({ type, id: repo.id, files: sizes.size, bytes });
    }
  const blobFiles = await filesUnder(path.join(service.blobs.dir, "objects"), 3);
  const xorbFiles = (await xetStoreOf(service.blobs).listAll("xorbs")).filter(
    (file) => !file.endsWith(".idx"),
  );
  const blobBytes = await totalSize(blobFiles);
  const xorbBytes = await totalSize(xorbFiles);
  const logicalBytes = repos.reduce((sum, repo) => sum + repo.bytes, 0);
  const storedBytes = blobBytes + xorbBytes;
  return {
    repos,
    logicalBytes,
    blobBytes,
    blobs: blobFiles.length,
    xorbBytes,
    xorbs: xorbFiles.length,
    storedBytes,
    savedBytes: Math.max(0, logicalBytes - storedBytes),
  };
}

export const STORAGE_USAGE = `  hubkit-hub storage [--data-dir DIR]
      Storage per repo (bytes of the distinct files its commits name) and in total: whole blobs,
      Xet xorbs, and what dedup saves.`;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** `hubkit-hub storage`: prints the report as a table. */
export async function storageCommand(
  argv: string[],
  io: { stdout: Writable; env: Record<string, string | undefined> },
): Promise<number> {
  return onCommandRepos("storage", argv, io.env, async (service) => {
    const report = await storageReport(service);
    for (const repo of report.repos)
      io.stdout.write(
        `${repo.type}\t${repo.id}\t${repo.files} files\t${repo.bytes} bytes\t${mib(repo.bytes)}\n`,
      );
    const share = report.logicalBytes ? Math.round((100 * report.savedBytes) / report.logicalBytes) : 0;
    io.stdout.write(
      [
        `repos: ${report.repos.length}, ${report.logicalBytes} bytes of files (${mib(report.logicalBytes)})`,
        `stored: ${report.storedBytes} bytes (${mib(report.storedBytes)}): ${report.blobs} whole blobs ${report.blobBytes} bytes, ${report.xorbs} xorbs ${report.xorbBytes} bytes`,
        `dedup saving: ${report.savedBytes} bytes (${mib(report.savedBytes)}, ${share}%)`,
        "",
      ].join("\n"),
    );
  });
}
