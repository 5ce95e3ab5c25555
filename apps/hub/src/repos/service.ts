// Hosted repositories: creating, moving and deleting them, reading any file at any revision, and
// committing changes with git's semantics (every change a commit with a parent; a branch moves only
// from the head the commit was built on). Metadata in SQLite or PostgreSQL, contents in the blob store.
import { HttpError } from "../http/errors.js";
import { Access, ownerOf, type Principal } from "./access.js";
import type { BlobStore } from "./blob-store.js";
import { commitOid, gitBlobOid, INITIAL_GITATTRIBUTES, lfsPointer, treeSha } from "./git.js";
import type { RepoMetadata } from "./metadata.js";
import type { CommitRecord, RefRecord, RepoRecord, RepoType, TreeEntry } from "./model.js";
import { refNameProblem, repoIdProblem, repoPathProblem } from "./names.js";

export interface RepoLimits {
  /** largest file, in bytes */
  maxFileBytes: number;
  /** largest repo (the files of a branch's head), in bytes */
  maxRepoBytes: number;
}

export const DEFAULT_LIMITS: RepoLimits = {
  maxFileBytes: 50 * 1024 ** 3,
  maxRepoBytes: 1024 ** 4,
};

/** One line of a commit request (`application/x-ndjson`), after checking. */
export type CommitOperation =
  | { key: "file"; path: string; content: Buffer }
  | { key: "lfsFile"; path: string; oid: string; size?: number }
  | { key: "deletedFile"; path: string }
  | { key: "deletedFolder"; path: string };

export interface CommitHeader {
  summary: string;
  description: string;
  parentCommit?: string;
}

export interface Resolved {
  repo: RepoRecord;
  commit: CommitRecord;
  tree: TreeEntry[];
}

/** Told after every change to a repo, so the catalogue can follow (added, changed, deleted, moved). */
export type RepoListener = (event: {
  repo: RepoRecord;
  previousId?: string;
  deleted?: boolean;
}) => void | Promise<void>;

const COMMIT_RETRIES = 5;
/** Most tree entries kept parsed in memory (about 150 bytes each). */
const TREE_CACHE_ENTRIES = 200_000;
/** Inline files of one commit stored at once: their flushes to disk overlap (Node's 4 I/O threads). */
const STORE_CONCURRENCY = 16;

/**
 * Parsed trees by id, least recently used first out. A tree never changes once written (its id is
 * the hash of its content), and every file request reads its commit's tree: a parse per request
 * cost more than the rest of a HEAD. The arrays are frozen: callers share them.
 */
class TreeCache {
  private readonly trees = new Map<string, readonly TreeEntry[]>();
  private entries = 0;

  get(sha: string): TreeEntry[] | undefined {
    const tree = this.trees.get(sha);
    if (tree) {
      this.trees.delete(sha);
      this.trees.set(sha, tree);
    }
    return tree as TreeEntry[] | undefined;
  }

  set(sha: string, tree: TreeEntry[]): TreeEntry[] {
    if (tree.length > TREE_CACHE_ENTRIES || this.trees.has(sha)) return tree;
    Object.freeze(tree);
    this.trees.set(sha, tree);
    this.entries += tree.length;
    for (const [oldest, old] of this.trees) {
      if (this.entries <= TREE_CACHE_ENTRIES) break;
      this.trees.delete(oldest);
      this.entries -= old.length;
    }
    return tree;
  }
}
const SHA256_RE = /^[0-9a-f]{64}$/;

export class RepoService {
  readonly access: Access;
  private readonly listeners: RepoListener[] = [];
  private readonly trees = new TreeCache();

  constructor(
    readonly meta: RepoMetadata,
    readonly blobs: BlobStore,
    readonly limits: RepoLimits = DEFAULT_LIMITS,
  ) {
    this.access = new Access(meta);
  }

  onChange(listener: RepoListener): void {
    this.listeners.push(listener);
  }

  private async changed(event: Parameters<RepoListener>[0]): Promise<void> {
    for (const listener of this.listeners) await listener(event);
  }

  /** The repo, if the caller may read it; the same 401/404 RepoNotFound whether it is missing or hidden. */
  async readable(principal: Principal | undefined, type: RepoType, id: string): Promise<RepoRecord> {
    const repo = await this.meta.getRepo(type, id);
    if (!repo || !this.access.canRead(principal, repo)) throw this.access.notFound(principal, type, id);
    return repo;
  }

  /** The repo, if the caller may write to it (a caller who cannot read it learns nothing more). */
  async writable(
    principal: Principal | undefined,
    type: RepoType,
    id: string,
    what: string,
  ): Promise<RepoRecord> {
    const repo = await this.readable(principal, type, id);
    // A read-only repo refuses everyone alike, its owner's name included (403, not 401).
    for (const refusal of this.access.writeRefusals) {
      const reason = refusal(repo);
      if (reason) throw new HttpError(403, `You cannot ${what}: ${reason}`);
    }
    this.access.checkWrite(principal, ownerOf(repo.id), what);
    return repo;
  }

  async createRepo(
    principal: Principal | undefined,
    type: RepoType,
    id: string,
    isPrivate: boolean,
  ): Promise<{ repo?: RepoRecord; existing?: RepoRecord }> {
    const problem = repoIdProblem(id);
    if (problem) throw new HttpError(400, problem);
    const owner = ownerOf(id);
    this.access.checkWrite(principal, owner, "create a repo");
    const account = await this.meta.getAccount(owner);
    if (!account) throw new HttpError(404, `No user or organisation named "${owner}" on this hub`);
    const existing = await this.meta.getRepo(type, id);
    if (existing) return { existing };
    const now = new Date().toISOString();
    const attributes = Buffer.from(INITIAL_GITATTRIBUTES);
    const blob = await this.blobs.writeBuffer(attributes);
    const tree: TreeEntry[] = [
      {
        path: ".gitattributes",
        size: blob.size,
        sha256: blob.sha256,
        oid: gitBlobOid(attributes),
        lfs: false,
      },
    ];
    const treeId = treeSha(tree);
    const commit: CommitRecord = {
      id: "",
      parent: null,
      tree: treeId,
      author: principal.user,
      title: "initial commit",
      message: "",
      date: now,
    };
    commit.id = commitOid(commit);
    const repo = await this.meta.createRepo(
      {
        type,
        id: `${account.name}/${id.split("/")[1]}`,
        private: isPrivate,
        gated: false,
        createdAt: now,
        lastModified: now,
      },
      { commit, tree },
    );
    if (!repo) return { existing: await this.meta.getRepo(type, id) };
    await this.changed({ repo });
    return { repo };
  }

  async deleteRepo(principal: Principal | undefined, type: RepoType, id: string): Promise<void> {
    const repo = await this.writable(principal, type, id, "delete this repo");
    await this.meta.deleteRepo(type, repo.id);
    await this.changed({ repo, deleted: true });
  }

  async moveRepo(
    principal: Principal | undefined,
    type: RepoType,
    from: string,
    to: string,
  ): Promise<RepoRecord> {
    const problem = repoIdProblem(to);
    if (problem) throw new HttpError(400, problem);
    const repo = await this.writable(principal, type, from, "move this repo");
    this.access.checkWrite(principal, ownerOf(to), "move a repo");
    if (!(await this.meta.getAccount(ownerOf(to))))
      throw new HttpError(404, `No user or organisation named "${ownerOf(to)}" on this hub`);
    if (!(await this.meta.moveRepo(type, repo.id, to)))
      throw new HttpError(409, `You already have a ${type} repo named ${to}`);
    const moved = (await this.meta.getRepo(type, to))!;
    await this.changed({ repo: moved, previousId: repo.id });
    return moved;
  }

  async updateSettings(
    principal: Principal | undefined,
    type: RepoType,
    id: string,
    changes: { private?: boolean; gated?: RepoRecord["gated"] },
  ): Promise<RepoRecord> {
    const repo = await this.writable(principal, type, id, "change this repo's settings");
    await this.meta.updateRepo(repo.rid, changes);
    const updated = (await this.meta.getRepo(type, repo.id))!;
    await this.changed({ repo: updated });
    return updated;
  }

  /** The tree with this id (parsed once, then from memory); undefined when it is not stored. */
  async tree(sha: string): Promise<TreeEntry[] | undefined> {
    const cached = this.trees.get(sha);
    if (cached) return cached;
    const tree = await this.meta.getTree(sha);
    return tree && this.trees.set(sha, tree);
  }

  /** A branch, a tag (or refs/heads/…, refs/tags/…) or a full commit id, as the clients send them. */
  async resolve(repo: RepoRecord, revision: string): Promise<Resolved> {
    const commitId = await this.commitOf(repo, revision);
    const commit = commitId ? await this.meta.getCommit(repo.rid, commitId) : undefined;
    if (!commit)
      throw new HttpError(
        404,
        `Revision not found: ${repo.id} has no revision "${revision.slice(0, 200)}"`,
        "RevisionNotFound",
      );
    const tree = await this.tree(commit.tree);
    if (!tree) throw new Error(`the tree ${commit.tree} of commit ${commit.id} is missing`);
    return { repo, commit, tree };
  }

  private async commitOf(repo: RepoRecord, revision: string): Promise<string | undefined> {
    if (/^[0-9a-f]{40}$/.test(revision)) return revision;
    const name = revision === "HEAD" ? "main" : revision;
    if (name.startsWith("refs/heads/"))
      return (await this.meta.getRef(repo.rid, "branch", name.slice(11)))?.commit;
    if (name.startsWith("refs/tags/"))
      return (await this.meta.getRef(repo.rid, "tag", name.slice(10)))?.commit;
    return (
      (await this.meta.getRef(repo.rid, "branch", name)) ?? (await this.meta.getRef(repo.rid, "tag", name))
    )?.commit;
  }

  /** The branch a write names (a commit id or a tag cannot be written to). */
  private async branchHead(repo: RepoRecord, revision: string): Promise<RefRecord> {
    const name = revision.startsWith("refs/heads/")
      ? revision.slice(11)
      : revision === "HEAD"
        ? "main"
        : revision;
    const ref = await this.meta.getRef(repo.rid, "branch", name);
    if (!ref)
      throw new HttpError(
        404,
        `Revision not found: ${repo.id} has no branch "${revision.slice(0, 200)}" to commit to`,
        "RevisionNotFound",
      );
    return ref;
  }

  /**
   * Applies the operations on top of the branch's head and moves the branch, as one commit. The
   * contents of inline files are stored first (invisible until the commit names them); an LFS file
   * must already be stored. Another commit landing meanwhile rebuilds this one on it, unless the
   * client named the parent it built on (then 412).
   */
  async commit(
    principal: Principal | undefined,
    type: RepoType,
    id: string,
    revision: string,
    header: CommitHeader,
    operations: CommitOperation[],
  ): Promise<CommitRecord & { repo: RepoRecord }> {
    const repo = await this.writable(principal, type, id, "commit to this repo");
    if (!header.summary.trim()) throw new HttpError(400, "The commit needs a summary (its title)");
    const changes = await this.storeOperations(operations);
    for (let attempt = 0; attempt < COMMIT_RETRIES; attempt++) {
      const head = await this.branchHead(repo, revision);
      if (header.parentCommit !== undefined && header.parentCommit !== head.commit)
        throw new HttpError(
          412,
          `The parent commit ${header.parentCommit.slice(0, 40)} is not the head of ${head.name} (${head.commit}): a commit has happened since. Fetch the new head and try again`,
        );
      const parent = (await this.meta.getCommit(repo.rid, head.commit))!;
      const tree = applyChanges((await this.tree(parent.tree))!, changes);
      const total = tree.reduce((sum, entry) => sum + entry.size, 0);
      if (total > this.limits.maxRepoBytes)
        throw new HttpError(
          413,
          `This commit would make the repo ${total} bytes, over this hub's limit of ${this.limits.maxRepoBytes} bytes`,
        );
      const commit: CommitRecord = {
        id: "",
        parent: parent.id,
        tree: treeSha(tree),
        author: principal!.user,
        title: header.summary.trim().slice(0, 1000),
        message: header.description ?? "",
        date: new Date().toISOString(),
      };
      commit.id = commitOid(commit);
      const outcome = await this.meta.addCommit(repo.rid, head.name, head.commit, { commit, tree });
      if (outcome.ok) {
        const updated = (await this.meta.getRepo(type, repo.id)) ?? repo;
        if (head.name === "main") await this.changed({ repo: updated });
        return { ...commit, repo: updated };
      }
      if (outcome.reason === "missing-repo") throw this.access.notFound(principal, type, id);
      if (outcome.reason === "missing-branch") await this.branchHead(repo, revision);
    }
    throw new HttpError(409, "Too many commits at once on this branch: try again");
  }

  /**
   * Stores inline contents and checks LFS objects; returns each path's change, in the operations'
   * order. Several are stored at once (each is flushed to disk before the commit names it, and the
   * flushes overlap); the first failure in the operations' order is the one thrown, as one at a time.
   */
  private async storeOperations(operations: CommitOperation[]): Promise<Change[]> {
    const changes: Change[] = new Array<Change>(operations.length);
    const failures = new Map<number, unknown>();
    let next = 0;
    const worker = async () => {
      while (next < operations.length) {
        const index = next++;
        try {
          changes[index] = await this.storeOperation(operations[index]);
        } catch (error) {
          failures.set(index, error);
          next = operations.length; // start nothing more: every earlier operation has started
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(STORE_CONCURRENCY, operations.length) }, worker));
    if (failures.size > 0) throw failures.get(Math.min(...failures.keys()));
    return changes;
  }

  private async storeOperation(op: CommitOperation): Promise<Change> {
    const problem = repoPathProblem(op.path);
    if (problem) throw new HttpError(400, `Invalid ${op.key} line: ${problem}`);
    if (op.key === "file") {
      if (op.content.length > this.limits.maxFileBytes)
        throw new HttpError(
          413,
          `${op.path} is ${op.content.length} bytes, over this hub's file size limit of ${this.limits.maxFileBytes} bytes`,
        );
      const blob = await this.blobs.writeBuffer(op.content);
      return {
        kind: "set",
        entry: {
          path: op.path,
          size: blob.size,
          sha256: blob.sha256,
          oid: gitBlobOid(op.content),
          lfs: false,
        },
      };
    } else if (op.key === "lfsFile") {
      if (!SHA256_RE.test(op.oid))
        throw new HttpError(
          400,
          `Invalid lfsFile line for ${op.path}: oid must be a sha256 (64 lowercase hex)`,
        );
      const size = await this.blobs.claim(op.oid);
      if (size === undefined)
        throw new HttpError(
          400,
          `The LFS object ${op.oid} for ${op.path} was not uploaded to this hub: upload it through the LFS batch API first`,
        );
      if (op.size !== undefined && op.size !== size)
        throw new HttpError(400, `The LFS object ${op.oid} for ${op.path} is ${size} bytes, not ${op.size}`);
      if (size > this.limits.maxFileBytes)
        throw new HttpError(
          413,
          `${op.path} is ${size} bytes, over this hub's file size limit of ${this.limits.maxFileBytes} bytes`,
        );
      return {
        kind: "set",
        entry: {
          path: op.path,
          size,
          sha256: op.oid,
          oid: gitBlobOid(lfsPointer(op.oid, size)),
          lfs: true,
        },
      };
    } else if (op.key === "deletedFile") {
      return { kind: "delete", path: op.path };
    }
    return { kind: "deleteFolder", path: op.path.replace(/\/+$/, "") };
  }

  async createBranch(
    principal: Principal | undefined,
    type: RepoType,
    id: string,
    branch: string,
    startingPoint?: string,
  ): Promise<void> {
    const problem = refNameProblem(branch);
    if (problem) throw new HttpError(400, problem);
    const repo = await this.writable(principal, type, id, "create a branch");
    const from = await this.resolve(repo, startingPoint ?? "main");
    if (!(await this.meta.setRef(repo.rid, "branch", branch, null, from.commit.id)))
      throw new HttpError(409, `Reference already exists: ${repo.id} has a branch "${branch}"`);
  }

  async deleteBranch(
    principal: Principal | undefined,
    type: RepoType,
    id: string,
    branch: string,
  ): Promise<void> {
    const repo = await this.writable(principal, type, id, "delete a branch");
    if (branch === "main") throw new HttpError(403, "The main branch cannot be deleted");
    const ref = await this.meta.getRef(repo.rid, "branch", branch);
    if (!ref || !(await this.meta.setRef(repo.rid, "branch", branch, ref.commit, null)))
      throw new HttpError(
        404,
        `Revision not found: ${repo.id} has no branch "${branch.slice(0, 200)}"`,
        "RevisionNotFound",
      );
  }

  async createTag(
    principal: Principal | undefined,
    type: RepoType,
    id: string,
    revision: string,
    tag: string,
  ): Promise<void> {
    const problem = refNameProblem(tag);
    if (problem) throw new HttpError(400, problem);
    const repo = await this.writable(principal, type, id, "create a tag");
    const at = await this.resolve(repo, revision);
    if (!(await this.meta.setRef(repo.rid, "tag", tag, null, at.commit.id)))
      throw new HttpError(409, `Reference already exists: ${repo.id} has a tag "${tag}"`);
  }

  async deleteTag(principal: Principal | undefined, type: RepoType, id: string, tag: string): Promise<void> {
    const repo = await this.writable(principal, type, id, "delete a tag");
    const ref = await this.meta.getRef(repo.rid, "tag", tag);
    if (!ref || !(await this.meta.setRef(repo.rid, "tag", tag, ref.commit, null)))
      throw new HttpError(
        404,
        `Revision not found: ${repo.id} has no tag "${tag.slice(0, 200)}"`,
        "RevisionNotFound",
      );
  }

  /** Removes the blobs and trees no commit names any more. */
  async collectGarbage(graceMs?: number): Promise<{ blobs: number; bytes: number }> {
    return this.blobs.collect(await this.meta.liveBlobs(), graceMs);
  }
}

type Change =
  | { kind: "set"; entry: TreeEntry }
  | { kind: "delete"; path: string }
  | { kind: "deleteFolder"; path: string };

/** The tree after the changes, sorted by path; a 400 for a deletion of nothing or a file/folder clash. */
export function applyChanges(tree: TreeEntry[], changes: Change[]): TreeEntry[] {
  const files = new Map(tree.map((entry) => [entry.path, entry]));
  for (const change of changes) {
    if (change.kind === "set") files.set(change.entry.path, change.entry);
    else if (change.kind === "delete") {
      if (!files.delete(change.path))
        throw new HttpError(404, `Cannot delete ${change.path}: no such file`, "EntryNotFound");
    } else {
      const prefix = `${change.path}/`;
      let found = false;
      for (const path of [...files.keys()])
        if (path.startsWith(prefix)) {
          files.delete(path);
          found = true;
        }
      if (!found)
        throw new HttpError(
          404,
          `Cannot delete the folder ${change.path}: it holds no file`,
          "EntryNotFound",
        );
    }
  }
  for (const path of files.keys()) {
    for (let slash = path.indexOf("/"); slash !== -1; slash = path.indexOf("/", slash + 1)) {
      const folder = path.slice(0, slash);
      if (files.has(folder))
        throw new HttpError(400, `${folder} cannot be both a file and the folder of ${path}`);
    }
  }
  return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
