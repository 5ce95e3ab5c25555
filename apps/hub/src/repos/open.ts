// Opens the repository side of the hub: metadata (SQLite in the data dir, or PostgreSQL with
// HUBKIT_DATABASE_URL so replicas agree), the blob folder (HUBKIT_BLOB_DIR, shared by replicas), the
// size limits, and the catalogue following the public model repos.
import path from "node:path";
import type { HubStore } from "../store/hub-store.js";
import { attachXetStore } from "../xet/store.js";
import { BlobStore } from "./blob-store.js";
import type { RepoMetadata } from "./metadata.js";
import { hostedModelRecord } from "./model-facts.js";
import { DEFAULT_LIMITS, RepoService, type RepoLimits, type RepoListener } from "./service.js";
import { SqliteRepoMetadata } from "./sqlite-metadata.js";

export interface RepoStorageOptions {
  dataDir: string;
  databaseUrl?: string;
  blobDir?: string;
  limits?: Partial<RepoLimits>;
}

/** A byte count from the environment: a positive integer, else the default (a bad value is an error). */
export function byteLimit(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive whole number of bytes, not "${value.slice(0, 40)}"`);
  return parsed;
}

export async function openRepoService(options: RepoStorageOptions): Promise<RepoService> {
  // PostgreSQL's modules load only when a database is named (as the catalogue's store does).
  const meta: RepoMetadata = options.databaseUrl
    ? await (await import("./postgres-metadata.js")).PostgresRepoMetadata.open(options.databaseUrl)
    : new SqliteRepoMetadata(path.join(options.dataDir, "repos.sqlite"));
  const blobs = new BlobStore(options.blobDir ?? path.join(options.dataDir, "blobs"));
  await blobs.open();
  await attachXetStore(blobs);
  return new RepoService(meta, blobs, { ...DEFAULT_LIMITS, ...options.limits });
}

/**
 * Keeps the catalogue in step with the public model repos: each change to a repo's main branch
 * re-reads its facts; a deleted, moved or private repo leaves the catalogue. Changes are applied one
 * at a time (an import session is one transaction per store connection).
 */
export function followInCatalogue(
  store: HubStore,
  service: RepoService,
  warn: (message: string) => void,
): RepoListener {
  let queue: Promise<void> = Promise.resolve();
  const apply: RepoListener = async ({ repo, previousId, deleted }) => {
    if (repo.type !== "model") return;
    if (previousId && previousId !== repo.id) await store.deleteModels([previousId]);
    if (deleted || repo.private) {
      await store.deleteModels([repo.id]);
      return;
    }
    const resolved = await service.resolve(repo, "main");
    const record = await hostedModelRecord(service.blobs, repo, resolved.commit, resolved.tree);
    const session = await store.beginImport();
    try {
      await session.write([record]);
      await session.commit();
    } catch (error) {
      await session.abort();
      throw error;
    }
  };
  return (event) => {
    const next = queue.then(() => apply(event));
    // A failure is reported and does not stop later changes; the commit itself is already stored,
    // and the next start re-reads every repo (syncCatalogue).
    queue = next.catch((error: unknown) =>
      warn(`catalogue not updated for ${event.repo.id}: ${(error as Error).message}`),
    );
    return queue;
  };
}

/** Brings the catalogue in line with every hosted model repo (at start: a change may have been cut short). */
export async function syncCatalogue(
  store: HubStore,
  service: RepoService,
  listener: RepoListener,
): Promise<void> {
  for (const repo of await service.meta.listRepos("model")) await listener({ repo });
}
