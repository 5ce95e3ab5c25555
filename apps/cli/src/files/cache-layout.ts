// The cache layout huggingface_hub shares: {cache}/{models|datasets}--{owner}--{name}/ with blobs/
// (contents named by their etag: sha256 for LFS files, the git blob id otherwise), snapshots/<commit>/
// (the repo's paths as relative links into blobs/) and refs/<revision> (the commit it pointed at).
import path from "node:path";
import type { RepoType } from "../hub-api.js";

export function repoFolderName(type: RepoType, repo: string): string {
  return `${type === "dataset" ? "datasets" : "models"}--${repo.split("/").join("--")}`;
}

export function parseRepoFolder(name: string): { type: string; repo: string } | undefined {
  const match = /^(models|datasets|spaces)--(.+)$/.exec(name);
  if (!match) return undefined;
  return { type: match[1].slice(0, -1), repo: match[2].split("--").join("/") };
}

export interface RepoCachePaths {
  root: string;
  blob(etag: string): string;
  snapshot(commit: string, file?: string): string;
  ref(revision: string): string;
}

export function repoCache(cacheDir: string, type: RepoType, repo: string): RepoCachePaths {
  const root = path.join(cacheDir, repoFolderName(type, repo));
  return {
    root,
    blob: (etag) => path.join(root, "blobs", etag),
    snapshot: (commit, file) => path.join(root, "snapshots", commit, ...(file ? file.split("/") : [])),
    ref: (revision) => path.join(root, "refs", ...revision.split("/")),
  };
}
