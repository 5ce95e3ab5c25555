// The pull-through mirror: a repo, revision or file this hub lacks is fetched from upstream, kept
// as an ordinary hosted repo (upstream's commit ids, trees with each file's sha256, contents in the
// blob store), and served from here afterwards, upstream reachable or not. A branch or tag name is
// asked again after the TTL; a commit id never is. Private and gated upstream repos are kept
// private here and readable by the operator's allow-list (config.ts).
import { createHash } from "node:crypto";
import path from "node:path";
import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Principal } from "../repos/access.js";
import { treeSha } from "../repos/git.js";
import type { CommitRecord, RefKind, RepoRecord, RepoType, TreeEntry } from "../repos/model.js";
import { repoIdProblem, repoPathProblem } from "../repos/names.js";
import type { RepoListener, RepoService, Resolved } from "../repos/service.js";
import { mayReadPrivateMirror, type MirrorOptions } from "./config.js";
import { Flights, type Flight } from "./flights.js";
import { MirrorState } from "./state.js";
import { Upstream, UpstreamError, type UpstreamInfo, type UpstreamSibling } from "./upstream.js";

/** LFS files up to this size are fetched with the tree (a card or config kept in LFS). */
const EAGER_LFS_BYTES = 1024 * 1024;
const SMALL_FILE_FETCHES = 4;
const COMMIT_RE = /^[0-9a-f]{40}$/;
const SHA256_RE = /^[0-9a-f]{64}$/;

/** The hub's routes that read a repo, by their pattern: the mirror fills the repo in first. */
const MIRRORED_ROUTES: Record<string, RepoType> = {};
for (const [segment, type, prefix] of [
  ["models", "model", ""],
  ["datasets", "dataset", "/datasets"],
] as const) {
  for (const suffix of [
    "",
    "/revision/:revision",
    "/tree/:revision",
    "/tree/:revision/*",
    "/paths-info/:revision",
    "/refs",
    "/commits/:revision",
  ])
    MIRRORED_ROUTES[`/api/${segment}/:owner/:name${suffix}`] = type;
  for (const kind of ["resolve", "raw"]) MIRRORED_ROUTES[`${prefix}/:owner/:name/${kind}/:revision/*`] = type;
}
MIRRORED_ROUTES["/:owner/:name/resolve/:revision/README.md"] = "model";

export interface MirrorHooks {
  /** whether the catalogue has its own model of this id (upstream not having it is then no error) */
  inCatalogue?: (id: string) => Promise<boolean>;
  warn?: (message: string) => void;
}

/** A named revision as stored: the kind and name of the ref. */
function refOf(revision: string): { kind: RefKind | undefined; name: string } {
  if (revision === "HEAD") return { kind: "branch", name: "main" };
  if (revision.startsWith("refs/heads/")) return { kind: "branch", name: revision.slice(11) };
  if (revision.startsWith("refs/tags/")) return { kind: "tag", name: revision.slice(10) };
  return { kind: undefined, name: revision };
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
}

export class Mirror {
  readonly upstream: Upstream;
  readonly state: MirrorState;
  readonly flights: Flights;
  /** told when a mirrored repo's main branch changed (the catalogue follows) */
  onRecorded?: RepoListener;
  private readonly syncs = new Map<string, Promise<void>>();
  /** when each type:id@ref was last read from upstream (ms) */
  private readonly checked = new Map<string, number>();
  /** ids upstream did not have, when (ms): the catalogue's own models are not asked again within the TTL */
  private readonly absent = new Map<string, number>();

  constructor(
    readonly service: RepoService,
    readonly options: MirrorOptions,
    dataDir: string,
    private readonly hooks: MirrorHooks = {},
  ) {
    this.upstream = new Upstream(options.upstreamUrl, options.upstreamToken);
    this.state = new MirrorState(path.join(dataDir, "mirror.sqlite"));
    this.flights = new Flights(service.blobs);
    service.access.readRules.push((principal, repo) => this.mayRead(principal, repo));
    service.access.writeRefusals.push((repo) => this.readOnlyReason(repo));
  }

  /** Private mirrored repos: readable by the operator's allow-list. */
  mayRead(principal: Principal | undefined, repo: RepoRecord): boolean {
    return this.isMirrored(repo) && mayReadPrivateMirror(this.options.readers, principal);
  }

  /** Mirrored repos follow upstream: a local write would be overwritten or diverge, so none is taken. */
  readOnlyReason(repo: Pick<RepoRecord, "type" | "id">): string | undefined {
    const mirrored = this.state.get(repo.type, repo.id);
    return mirrored && `${repo.id} is mirrored from ${mirrored.upstream}: read-only here`;
  }

  isMirrored(repo: Pick<RepoRecord, "type" | "id">): boolean {
    return this.state.get(repo.type, repo.id) !== undefined;
  }

  /** Fills in the repo a request names before its route reads it. */
  install(app: FastifyInstance): void {
    app.addHook("preHandler", async (request: FastifyRequest) => {
      const type = MIRRORED_ROUTES[request.routeOptions.url ?? ""];
      if (!type) return;
      const params = request.params as Record<string, string | undefined>;
      const id = `${params.owner}/${params.name}`;
      if (repoIdProblem(id)) return;
      await this.ensure(type, id, params.revision ? decodeURIComponent(params.revision) : "main");
    });
  }

  private fresh(key: string, table: Map<string, number>): boolean {
    const at = table.get(key);
    return at !== undefined && Date.now() - at < this.options.ttlSeconds * 1000;
  }

  /**
   * Makes sure the hub holds `revision` of the repo, unless the repo is hosted here: a commit id
   * once, a branch or tag name again once its TTL has passed. Upstream down: the local copy serves.
   */
  async ensure(type: RepoType, id: string, revision: string): Promise<void> {
    const key = `${type}:${id.toLowerCase()}@${revision}`;
    const running = this.syncs.get(key);
    if (running) return running;
    const sync = this.sync(type, id, revision, key).finally(() => this.syncs.delete(key));
    this.syncs.set(key, sync);
    return sync;
  }

  private async sync(type: RepoType, id: string, revision: string, key: string): Promise<void> {
    let local = await this.service.meta.getRepo(type, id);
    if (local && !this.isMirrored(local)) return;
    const isCommit = COMMIT_RE.test(revision);
    const ref = refOf(revision);
    let current: string | undefined;
    if (local) {
      if (isCommit) {
        if (await this.service.meta.getCommit(local.rid, revision)) return;
      } else {
        current = (await this.localRef(local, ref))?.commit;
        if (current && this.fresh(key, this.checked)) return;
      }
    } else if (this.fresh(key, this.absent)) return;
    let info: UpstreamInfo;
    try {
      info = await this.upstream.info(type, id, revision);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      // The local copy answers while upstream is down or refuses (upstream's word is re-asked later).
      if (current) {
        this.checked.set(key, Date.now());
        this.hooks.warn?.(`mirror: serving ${id}@${revision} from the local copy: ${error.message}`);
        return;
      }
      // The catalogue's own model (not a repo here): the catalogue answers, whatever upstream said.
      if (!local && type === "model" && (await this.hooks.inCatalogue?.(id))) {
        this.absent.set(key, Date.now());
        return;
      }
      throw error;
    }
    if (!local && revision !== "main" && revision !== "HEAD") {
      // A repo starts with its main branch; the revision asked for is recorded beside it.
      await this.ensure(type, id, "main");
      local = await this.service.meta.getRepo(type, id);
    }
    await this.record(type, id, local, isCommit ? undefined : ref, info);
    this.checked.set(key, Date.now());
  }

  private async localRef(repo: RepoRecord, ref: { kind: RefKind | undefined; name: string }) {
    if (ref.kind) return this.service.meta.getRef(repo.rid, ref.kind, ref.name);
    return (
      (await this.service.meta.getRef(repo.rid, "branch", ref.name)) ??
      (await this.service.meta.getRef(repo.rid, "tag", ref.name))
    );
  }

  /** Stores upstream's commit (its small files first) and points the ref at it. */
  private async record(
    type: RepoType,
    id: string,
    local: RepoRecord | undefined,
    ref: { kind: RefKind | undefined; name: string } | undefined,
    info: UpstreamInfo,
  ): Promise<void> {
    const tree = await this.treeOf(type, id, info);
    const now = new Date().toISOString();
    const commit: CommitRecord = {
      id: info.sha,
      parent: null,
      tree: treeSha(tree),
      author: id.split("/")[0],
      title: `Mirrored from ${this.upstream.origin}`,
      message: "",
      date: typeof info.lastModified === "string" ? info.lastModified : now,
    };
    const gated = info.gated === "auto" || info.gated === "manual" ? info.gated : info.gated ? "auto" : false;
    const isPrivate = info.private === true || gated !== false;
    const meta = this.service.meta;
    let repo = local;
    let mainChanged = false;
    if (!repo) {
      repo = await meta.createRepo(
        {
          type,
          id,
          private: isPrivate,
          gated,
          createdAt: typeof info.createdAt === "string" ? info.createdAt : commit.date,
          lastModified: commit.date,
        },
        { commit, tree },
      );
      // Another replica or request created it meanwhile: record into that one.
      repo ??= await meta.getRepo(type, id);
      if (!repo) throw new Error(`the mirrored repo ${id} could not be created`);
      mainChanged = true;
    } else {
      await meta.putCommit(repo.rid, { commit, tree });
      if (repo.private !== isPrivate || repo.gated !== gated) {
        await meta.updateRepo(repo.rid, { private: isPrivate, gated });
        repo = (await meta.getRepo(type, id)) ?? repo;
        mainChanged = true;
      }
      if (ref) {
        const existing = await this.localRef(repo, ref);
        const kind = ref.kind ?? existing?.kind ?? "branch";
        if (existing?.commit !== info.sha) {
          await meta.setRef(repo.rid, kind, ref.name, existing?.commit ?? null, info.sha);
          if (kind === "branch" && ref.name === "main") mainChanged = true;
        }
      }
    }
    this.state.record({ type, id: repo.id, upstream: this.upstream.url, fetchedAt: now });
    if (mainChanged) await this.onRecorded?.({ repo });
  }

  /** The commit's tree: LFS files by upstream's sha256; small files fetched now (or known by oid). */
  private async treeOf(type: RepoType, id: string, info: UpstreamInfo): Promise<TreeEntry[]> {
    const tree: TreeEntry[] = [];
    const fetchNow: { entry: TreeEntry; lfs: boolean }[] = [];
    for (const sibling of info.siblings) {
      const entry = this.entryOf(id, sibling);
      tree.push(entry);
      const stored = await this.service.blobs.size(entry.sha256 || "0".repeat(64));
      if (stored === undefined && (!entry.lfs || entry.size <= EAGER_LFS_BYTES))
        fetchNow.push({ entry, lfs: entry.lfs });
    }
    await inBatches(fetchNow, SMALL_FILE_FETCHES, async ({ entry, lfs }) => {
      if (lfs) await this.fetchFile(type, id, info.sha, entry).finished;
      else await this.fetchSmall(type, id, info.sha, entry);
    });
    return tree.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  private entryOf(id: string, sibling: UpstreamSibling): TreeEntry {
    const problem = repoPathProblem(sibling.rfilename);
    if (problem)
      throw new UpstreamError(502, `The upstream hub listed a bad file in ${id}: ${problem}`, true);
    const oid = typeof sibling.blobId === "string" ? sibling.blobId : "";
    if (sibling.lfs) {
      const { sha256, size } = sibling.lfs;
      if (typeof sha256 !== "string" || !SHA256_RE.test(sha256) || !Number.isSafeInteger(size))
        throw new UpstreamError(
          502,
          `The upstream hub listed ${id}/${sibling.rfilename} without its LFS sha256 and size`,
          true,
        );
      return { path: sibling.rfilename, size: size!, sha256, oid, lfs: true };
    }
    if (!/^[0-9a-f]{40}$/.test(oid) || !Number.isSafeInteger(sibling.size))
      throw new UpstreamError(
        502,
        `The upstream hub listed ${id}/${sibling.rfilename} without its blob id and size`,
        true,
      );
    const known = this.state.shaOfOid(oid);
    // The sha256 of a small file is known once it is fetched (filled in by fetchSmall).
    return { path: sibling.rfilename, size: sibling.size!, sha256: known?.sha256 ?? "", oid, lfs: false };
  }

  /** A small (non-LFS) file, whole, checked against its git blob id. */
  private async fetchSmall(type: RepoType, id: string, commit: string, entry: TreeEntry): Promise<void> {
    const body = (await this.upstream.file(type, id, commit, entry.path)) as AsyncIterable<Buffer>;
    const sha1 = createHash("sha1").update(`blob ${entry.size}\0`);
    async function* hashed() {
      for await (const chunk of body) {
        sha1.update(chunk);
        yield chunk;
      }
    }
    let stored;
    try {
      stored = await this.service.blobs.write(hashed(), { size: entry.size });
    } catch (error) {
      throw new UpstreamError(
        502,
        `The upstream hub did not send ${id}/${entry.path} whole: ${(error as Error).message}`,
        true,
      );
    }
    if (sha1.digest("hex") !== entry.oid)
      throw new UpstreamError(
        502,
        `The upstream hub sent ${id}/${entry.path} with another content than its tree names`,
        true,
      );
    entry.sha256 = stored.sha256;
    this.state.rememberOid(entry.oid, stored.sha256, stored.size);
  }

  /** The single download of a file's content (joined when under way). */
  fetchFile(type: RepoType, id: string, commit: string, entry: TreeEntry): Flight {
    return this.flights.join({ sha256: entry.sha256, size: entry.size, label: `${id}/${entry.path}` }, () =>
      this.upstream.file(type, id, commit, entry.path),
    );
  }

  /** For the file routes: a mirrored file whose content is not here yet, read as it arrives. */
  async readMissing(
    resolved: Resolved,
    entry: TreeEntry,
    start: number,
    end: number,
  ): Promise<Readable | undefined> {
    if (!this.isMirrored(resolved.repo)) return undefined;
    if ((await this.service.blobs.size(entry.sha256)) === entry.size) return undefined;
    const flight = this.fetchFile(resolved.repo.type, resolved.repo.id, resolved.commit.id, entry);
    await flight.ready(start);
    return flight.reader(start, end);
  }

  close(): void {
    this.state.close();
  }
}
