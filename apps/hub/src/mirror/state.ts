// What the mirror remembers beside the repositories themselves (which are ordinary hosted repos in
// the repository store): which repos came from upstream, from where and when, and the sha256 of
// each small file by its git blob id (so a new commit does not fetch unchanged files again). An
// SQLite file in the data dir (<data dir>/mirror.sqlite); the times a branch was last checked live
// in memory (after a restart each branch is checked once more).
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { RepoType } from "../repos/model.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS mirrored (
  type TEXT NOT NULL, id TEXT NOT NULL COLLATE NOCASE, upstream TEXT NOT NULL, fetched_at TEXT NOT NULL,
  PRIMARY KEY (type, id));
CREATE TABLE IF NOT EXISTS blob_oids (oid TEXT PRIMARY KEY, sha256 TEXT NOT NULL, size INTEGER NOT NULL);
`;

export interface MirroredRepo {
  type: RepoType;
  id: string;
  upstream: string;
  /** ISO 8601: when upstream was last read for this repo */
  fetchedAt: string;
}

const keyOf = (type: RepoType, id: string) => `${type}:${id.toLowerCase()}`;

export class MirrorState {
  private readonly db: Database.Database;
  /** every mirrored repo by type:id, read once at start (access rules are synchronous) */
  private readonly repos = new Map<string, MirroredRepo>();

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.exec(SCHEMA);
    for (const row of this.db.prepare("SELECT type, id, upstream, fetched_at FROM mirrored").all() as {
      type: RepoType;
      id: string;
      upstream: string;
      fetched_at: string;
    }[])
      this.repos.set(keyOf(row.type, row.id), {
        type: row.type,
        id: row.id,
        upstream: row.upstream,
        fetchedAt: row.fetched_at,
      });
  }

  get(type: RepoType, id: string): MirroredRepo | undefined {
    return this.repos.get(keyOf(type, id));
  }

  list(): MirroredRepo[] {
    return [...this.repos.values()];
  }

  record(repo: MirroredRepo): void {
    this.db
      .prepare(
        "INSERT INTO mirrored (type, id, upstream, fetched_at) VALUES (?, ?, ?, ?) ON CONFLICT (type, id) DO UPDATE SET upstream = excluded.upstream, fetched_at = excluded.fetched_at",
      )
      .run(repo.type, repo.id, repo.upstream, repo.fetchedAt);
    this.repos.set(keyOf(repo.type, repo.id), repo);
  }

  shaOfOid(oid: string): { sha256: string; size: number } | undefined {
    return this.db.prepare("SELECT sha256, size FROM blob_oids WHERE oid = ?").get(oid) as
      { sha256: string; size: number } | undefined;
  }

  rememberOid(oid: string, sha256: string, size: number): void {
    this.db
      .prepare("INSERT OR REPLACE INTO blob_oids (oid, sha256, size) VALUES (?, ?, ?)")
      .run(oid, sha256, size);
  }

  close(): void {
    this.db.close();
  }
}
