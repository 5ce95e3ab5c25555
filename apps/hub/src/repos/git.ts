// The git-shaped ids the clients see: blob ids (sha1 of "blob <size>\0" + bytes, as git computes
// them, so an ETag matches what `git hash-object` says), LFS pointer files, and commit and folder ids
// (40 hex, derived from what they hold, so the same content gets the same id).
import { createHash } from "node:crypto";
import type { TreeEntry } from "./model.js";

export function gitBlobOid(bytes: Buffer): string {
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

export function lfsPointer(sha256: string, size: number): Buffer {
  return Buffer.from(`version https://git-lfs.github.com/spec/v1\noid sha256:${sha256}\nsize ${size}\n`);
}

export function treeSha(entries: TreeEntry[]): string {
  return createHash("sha256").update(JSON.stringify(entries)).digest("hex");
}

/** A folder's id: the sha1 of its entries' paths and ids, like a git tree's. */
export function folderOid(folder: string, entries: TreeEntry[]): string {
  const hash = createHash("sha1").update(`tree ${folder}\0`);
  const prefix = folder ? `${folder}/` : "";
  for (const entry of entries)
    if (entry.path.startsWith(prefix)) hash.update(`${entry.path}\0${entry.oid}\n`);
  return hash.digest("hex");
}

export function commitOid(parts: {
  tree: string;
  parent: string | null;
  author: string;
  date: string;
  title: string;
  message: string;
}): string {
  return createHash("sha1")
    .update(
      `tree ${parts.tree}\n${parts.parent ? `parent ${parts.parent}\n` : ""}author ${parts.author} ${parts.date}\n\n${parts.title}\n\n${parts.message}`,
    )
    .digest("hex");
}

/** The `.gitattributes` a new repo starts with: which files git stores through LFS. */
export const INITIAL_GITATTRIBUTES = `${[
  "*.7z",
  "*.arrow",
  "*.bin",
  "*.bz2",
  "*.ckpt",
  "*.ftz",
  "*.gguf",
  "*.gz",
  "*.h5",
  "*.joblib",
  "*.lfs.*",
  "*.mlmodel",
  "*.model",
  "*.msgpack",
  "*.npy",
  "*.npz",
  "*.onnx",
  "*.ot",
  "*.parquet",
  "*.pb",
  "*.pickle",
  "*.pkl",
  "*.pt",
  "*.pth",
  "*.rar",
  "*.safetensors",
  "saved_model/**/*",
  "*.tar.*",
  "*.tar",
  "*.tflite",
  "*.tgz",
  "*.wasm",
  "*.xz",
  "*.zip",
  "*.zst",
  "*tfevents*",
]
  .map((pattern) => `${pattern} filter=lfs diff=lfs merge=lfs -text`)
  .join("\n")}\n`;

const LFS_EXTENSIONS = new Set(
  INITIAL_GITATTRIBUTES.split("\n")
    .map((line) => /^\*\.([a-z0-9]+) /.exec(line)?.[1])
    .filter((ext): ext is string => ext !== undefined),
);
/** Files at least this large go through LFS whatever their name (the real hub's rule: 10 MB). */
export const LFS_SIZE_THRESHOLD = 10 * 1024 * 1024;

/** Whether a file should be uploaded through LFS: large, binary (a NUL in its first bytes), or by extension. */
export function wantsLfs(path: string, size: number, sample: Buffer): boolean {
  if (size === 0) return false;
  if (size >= LFS_SIZE_THRESHOLD) return true;
  const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  if (ext && LFS_EXTENSIONS.has(ext)) return true;
  return sample.includes(0);
}
