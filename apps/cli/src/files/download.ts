// `hubkit download`: a repo's files into the shared cache (or --local-dir), several at once, resumed
// and verified (transfer.ts), with a bar per file and one for the total.
import { existsSync, mkdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hubCacheDir } from "../config.js";
import { CliError } from "../errors.js";
import { filePrefix, hubClient, typeSegment, type RepoType } from "../hub-api.js";
import { byteBars } from "../ui/progress.js";
import { repoCache } from "./cache-layout.js";
import { pathFilter } from "./globs.js";
import { downloadTo, RateLimiter, type RemoteFile } from "./transfer.js";

export interface DownloadOptions {
  repoType: RepoType;
  revision: string;
  include?: string[];
  exclude?: string[];
  localDir?: string;
  cacheDir?: string;
  maxWorkers: number;
  limitRate?: number;
}

export interface DownloadResult {
  repo: string;
  commit: string;
  /** the snapshot folder (or --local-dir) */
  path: string;
  files: { path: string; size: number; resumedFrom: number; cached: boolean }[];
}

interface Sibling {
  rfilename: string;
  size?: number;
  blobId?: string;
  lfs?: { sha256: string; size: number };
}

const encodePath = (file: string) => file.split("/").map(encodeURIComponent).join("/");

/** Runs `work` over `items` with at most `limit` at a time. */
export async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(runners);
}

function linkInto(snapshotFile: string, blob: string): void {
  mkdirSync(path.dirname(snapshotFile), { recursive: true });
  const relative = path.relative(path.dirname(snapshotFile), blob);
  if (existsSync(snapshotFile) || isLink(snapshotFile)) {
    if (isLink(snapshotFile) && readlinkSync(snapshotFile) === relative) return;
    rmSync(snapshotFile, { force: true });
  }
  symlinkSync(relative, snapshotFile);
}

function isLink(file: string): boolean {
  try {
    readlinkSync(file);
    return true;
  } catch {
    return false;
  }
}

export async function download(
  repo: string,
  wanted: string[],
  options: DownloadOptions,
): Promise<DownloadResult> {
  const client = hubClient();
  const info = await client.json<{ sha: string; siblings: Sibling[] }>(
    `/api/${typeSegment(options.repoType)}/${repo}/revision/${encodeURIComponent(options.revision)}?blobs=true`,
  );
  const listed = new Map(info.siblings.map((sibling) => [sibling.rfilename, sibling]));
  for (const file of wanted)
    if (!listed.has(file)) throw new CliError(`${repo} has no file "${file}" at ${options.revision}`);
  const keep = pathFilter(options.include, options.exclude);
  const files: RemoteFile[] = info.siblings
    .filter((sibling) => (wanted.length ? wanted.includes(sibling.rfilename) : keep(sibling.rfilename)))
    .map((sibling) => ({
      path: sibling.rfilename,
      size: sibling.lfs?.size ?? sibling.size ?? 0,
      etag: sibling.lfs?.sha256 ?? sibling.blobId ?? "",
      lfs: Boolean(sibling.lfs),
    }));
  if (files.some((file) => !file.etag))
    throw new CliError(
      `${client.endpoint} did not give the files' ids (blobs=true): cannot verify downloads`,
    );

  const cache = repoCache(options.cacheDir ?? hubCacheDir(), options.repoType, repo);
  const commit = info.sha;
  const result: DownloadResult = {
    repo,
    commit,
    path: options.localDir ?? cache.snapshot(commit),
    files: [],
  };
  const limiter = options.limitRate ? new RateLimiter(options.limitRate) : undefined;
  const bars = byteBars();
  const total =
    files.length > 1
      ? bars.add(
          `total (${files.length} files)`,
          files.reduce((s, f) => s + f.size, 0),
        )
      : undefined;
  try {
    await pool(files, options.maxWorkers, async (file) => {
      const url = `${client.endpoint}/${filePrefix(options.repoType)}${repo}/resolve/${commit}/${encodePath(file.path)}`;
      const blob = cache.blob(file.etag);
      const target = options.localDir ? path.join(options.localDir, ...file.path.split("/")) : blob;
      const cached = existsSync(target);
      let resumedFrom = 0;
      if (!cached) {
        const bar = bars.add(file.path, file.size);
        try {
          ({ resumedFrom } = await downloadTo(client, url, file, target, {
            limiter,
            onBytes: (bytes) => {
              bar.increment(bytes);
              total?.increment(bytes);
            },
          }));
        } finally {
          bar.stop();
        }
      } else total?.increment(file.size);
      if (!options.localDir) linkInto(cache.snapshot(commit, file.path), blob);
      result.files.push({ path: file.path, size: file.size, resumedFrom, cached });
    });
  } finally {
    total?.stop();
    bars.stop();
  }
  if (!options.localDir && options.revision !== commit) {
    mkdirSync(path.dirname(cache.ref(options.revision)), { recursive: true });
    writeFileSync(cache.ref(options.revision), commit);
  }
  if (!options.localDir) mkdirSync(cache.snapshot(commit), { recursive: true });
  return result;
}
