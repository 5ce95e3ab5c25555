// `hubkit cache ls|rm|prune` over the shared cache (cache-layout.ts): what each repo holds, removing a
// repo or one revision, and pruning what no ref points at (and unfinished downloads).
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parseRepoFolder } from "./cache-layout.js";

export interface CachedRepo {
  repo: string;
  type: string;
  folder: string;
  size: number;
  files: number;
  revisions: { commit: string; refs: string[]; files: number }[];
  lastModified: string;
}

function walkFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function refsOf(folder: string): Map<string, string[]> {
  const refs = new Map<string, string[]>();
  const root = path.join(folder, "refs");
  for (const file of walkFiles(root)) {
    const commit = readFileSync(file, "utf8").trim();
    const name = path.relative(root, file).split(path.sep).join("/");
    refs.set(commit, [...(refs.get(commit) ?? []), name]);
  }
  return refs;
}

export function scanCache(cacheDir: string): CachedRepo[] {
  if (!existsSync(cacheDir)) return [];
  const repos: CachedRepo[] = [];
  for (const name of readdirSync(cacheDir).sort()) {
    const parsed = parseRepoFolder(name);
    const folder = path.join(cacheDir, name);
    if (!parsed || !statSync(folder).isDirectory()) continue;
    const blobs = walkFiles(path.join(folder, "blobs")).filter((file) => !file.endsWith(".incomplete"));
    const refs = refsOf(folder);
    const snapshots = path.join(folder, "snapshots");
    const revisions = existsSync(snapshots)
      ? readdirSync(snapshots).map((commit) => ({
          commit,
          refs: refs.get(commit) ?? [],
          files: walkFiles(path.join(snapshots, commit)).length,
        }))
      : [];
    const times = blobs.map((file) => statSync(file).mtimeMs);
    repos.push({
      ...parsed,
      folder,
      size: blobs.reduce((sum, file) => sum + statSync(file).size, 0),
      files: blobs.length,
      revisions,
      lastModified: new Date(times.length ? Math.max(...times) : statSync(folder).mtimeMs).toISOString(),
    });
  }
  return repos;
}

/** Removes blobs no snapshot links to, and unfinished downloads; returns the bytes freed. */
function removeUnlinkedBlobs(folder: string): number {
  const linked = new Set<string>();
  for (const file of walkFiles(path.join(folder, "snapshots"))) {
    if (lstatSync(file).isSymbolicLink()) linked.add(path.resolve(path.dirname(file), readlinkSync(file)));
  }
  let freed = 0;
  for (const blob of walkFiles(path.join(folder, "blobs"))) {
    if (linked.has(blob)) continue;
    freed += statSync(blob).size;
    rmSync(blob);
  }
  return freed;
}

/** Removes a whole repo, or one revision (a commit or a ref name) and the blobs only it used. */
export function removeFromCache(repo: CachedRepo, revision?: string): number {
  if (!revision) {
    rmSync(repo.folder, { recursive: true, force: true });
    return repo.size;
  }
  const match = repo.revisions.find((r) => r.commit === revision || r.refs.includes(revision));
  if (!match) return -1;
  rmSync(path.join(repo.folder, "snapshots", match.commit), { recursive: true, force: true });
  for (const ref of match.refs) rmSync(path.join(repo.folder, "refs", ...ref.split("/")), { force: true });
  return removeUnlinkedBlobs(repo.folder);
}

/** Removes revisions no ref points at, then unlinked blobs and unfinished downloads. */
export function pruneCache(cacheDir: string): { revisions: number; bytes: number } {
  let revisions = 0;
  let bytes = 0;
  for (const repo of scanCache(cacheDir)) {
    for (const revision of repo.revisions) {
      if (revision.refs.length > 0) continue;
      rmSync(path.join(repo.folder, "snapshots", revision.commit), { recursive: true, force: true });
      revisions++;
    }
    bytes += removeUnlinkedBlobs(repo.folder);
  }
  return { revisions, bytes };
}
