// RepoMetadata.putCommit (what the mirror records upstream's commits with) on both stores, SQLite
// and PostgreSQL: the commit and its tree are stored and read back, no ref moves, storing the
// same commit again changes nothing, the history follows its parent (pages too), and the tree's
// blobs count as live for garbage collection.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RepoMetadata } from "../src/repos/metadata.js";
import type { CommitRecord, TreeEntry } from "../src/repos/model.js";
import { PostgresRepoMetadata } from "../src/repos/postgres-metadata.js";
import { SqliteRepoMetadata } from "../src/repos/sqlite-metadata.js";
import { freshPostgres } from "./support/postgres.js";

let work: string;
let postgres: Awaited<ReturnType<typeof freshPostgres>>;
const stores: [string, RepoMetadata][] = [];

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-put-commit-"));
  postgres = await freshPostgres();
  stores.push(["SQLite", new SqliteRepoMetadata(path.join(work, "repos.sqlite"))]);
  stores.push(["PostgreSQL", await PostgresRepoMetadata.open(postgres.db.url, 2)]);
}, 120_000);

afterAll(async () => {
  for (const [, store] of stores) await store.close();
  await postgres?.cleanup();
  rmSync(work, { recursive: true, force: true });
});

function commitOf(id: string, tree: string, parent: string | null): CommitRecord {
  return {
    id,
    parent,
    tree,
    author: "up",
    title: `commit ${id.slice(0, 4)}`,
    message: "",
    date: "2026-12-01T00:00:00.000Z",
  };
}

const firstTree: TreeEntry[] = [
  { path: "a.txt", size: 1, sha256: "1".repeat(64), oid: "a".repeat(40), lfs: false },
];
const nextTree: TreeEntry[] = [
  { path: "a.txt", size: 1, sha256: "1".repeat(64), oid: "a".repeat(40), lfs: false },
  { path: "big.bin", size: 9, sha256: "2".repeat(64), oid: "b".repeat(40), lfs: true },
];

describe("putCommit stores a commit without moving a ref", () => {
  it.each([["SQLite"], ["PostgreSQL"]])("%s", async (name) => {
    const store = stores.find(([label]) => label === name)![1];
    const first = commitOf("1".repeat(40), "f".repeat(40), null);
    const repo = await store.createRepo(
      {
        type: "model",
        id: "up/model",
        private: false,
        gated: false,
        createdAt: first.date,
        lastModified: first.date,
      },
      { commit: first, tree: firstTree },
    );
    expect(repo).toBeDefined();
    const next = commitOf("2".repeat(40), "e".repeat(40), first.id);
    await store.putCommit(repo!.rid, { commit: next, tree: nextTree });
    // Again: nothing changes, nothing fails (a second request or replica records the same commit).
    await store.putCommit(repo!.rid, { commit: next, tree: nextTree });

    expect(await store.getCommit(repo!.rid, next.id)).toMatchObject(next);
    expect(await store.getTree(next.tree)).toEqual(nextTree);
    const refs = await store.refs(repo!.rid);
    expect(refs.map((ref) => [ref.kind, ref.name, ref.commit])).toEqual([["branch", "main", first.id]]);
    const history = await store.history(repo!.rid, next.id, 0, 10);
    expect(history.map((commit) => commit.id)).toEqual([next.id, first.id]);
    // A page of the history (PostgreSQL's recursive query once failed on its skip + limit).
    expect((await store.history(repo!.rid, next.id, 1, 1)).map((commit) => commit.id)).toEqual([first.id]);
    const live = await store.liveBlobs();
    expect(live.has("2".repeat(64))).toBe(true);
    expect(live.has("1".repeat(64))).toBe(true);
  });
});
