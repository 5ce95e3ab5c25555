// `hubkit-hub mirror`: prefetch repos from the upstream hub into this hub's storage (without a
// running server), with a progress bar per file on a terminal; `--catalogue` imports upstream's
// model metadata (with each model's file sizes and parameters) into the catalogue instead.
import type { Writable } from "node:stream";
import { describeProblem } from "../catalogue/importer.js";
import { openCommandRepos, parseCommandArgs, UsageError } from "../command-line.js";
import { DEFAULT_DATA_DIR } from "../paths.js";
import type { RepoType, TreeEntry } from "../repos/model.js";
import { repoIdProblem } from "../repos/names.js";
import { openStore } from "../store/hub-store.js";
import { importUpstreamCatalogue } from "./catalogue-import.js";
import { checkUpstreamUrl, mirrorOptionsFromEnv, type MirrorOptions } from "./config.js";
import { Mirror } from "./mirror.js";

export const MIRROR_USAGE = `  hubkit-hub mirror REPO... [--revision R] [--include GLOB]... [--dataset] [--upstream URL] [--data-dir DIR]
      Fetch repos (and their files matching GLOB: * within a folder, ** across folders) from the
      upstream hub ($HUBKIT_UPSTREAM_URL, token $HUBKIT_UPSTREAM_TOKEN) into this hub's storage.
  hubkit-hub mirror --catalogue [--limit N] [--upstream URL] [--data-dir DIR]
      Import upstream's model list (default 1000 models) into the catalogue, each model with its
      files' sizes and safetensors parameters (no file contents); exits 1 when a model was rejected
      or its files and parameters could not be fetched (the rest is imported).`;

/** A glob as a regular expression: `**` any path, `*` and `?` within one folder. */
export function globPattern(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*" && glob[i + 1] === "*") {
      out += glob[i + 2] === "/" ? "(?:.*/)?" : ".*";
      i += glob[i + 2] === "/" ? 2 : 1;
    } else if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else out += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

function humanBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

interface MirrorIo {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable;
  env: Record<string, string | undefined>;
}

/** Downloads the files of one repo revision that are not stored yet; progress bars on a terminal. */
async function prefetchFiles(
  mirror: Mirror,
  type: RepoType,
  id: string,
  commit: string,
  files: TreeEntry[],
  io: MirrorIo,
) {
  const missing: TreeEntry[] = [];
  for (const entry of files)
    if ((await mirror.service.blobs.size(entry.sha256)) !== entry.size) missing.push(entry);
  if (missing.length === 0) return;
  const flights = missing.map((entry) => ({ entry, flight: mirror.fetchFile(type, id, commit, entry) }));
  if (io.stdout.isTTY) {
    const { MultiBar, Presets } = await import("cli-progress");
    const bars = new MultiBar(
      {
        format: " {bar} {percentage}% | {file} | {done}/{size}",
        hideCursor: true,
        stream: io.stdout as NodeJS.WriteStream,
      },
      Presets.shades_classic,
    );
    const shown = flights.map(({ entry }) =>
      bars.create(entry.size || 1, 0, {
        file: entry.path,
        done: humanBytes(0),
        size: humanBytes(entry.size),
      }),
    );
    const timer = setInterval(() => {
      flights.forEach(({ flight }, i) =>
        shown[i].update(flight.written, { done: humanBytes(flight.written) }),
      );
    }, 200);
    try {
      await Promise.allSettled(flights.map(({ flight }) => flight.finished));
      flights.forEach(({ flight, entry }, i) => {
        if (flight.state === "done") shown[i].update(entry.size || 1, { done: humanBytes(entry.size) });
      });
    } finally {
      clearInterval(timer);
      bars.stop();
    }
  }
  for (const { entry, flight } of flights) {
    try {
      await flight.finished;
      if (!io.stdout.isTTY) io.stdout.write(`${id}: ${entry.path} (${humanBytes(entry.size)})\n`);
    } catch (error) {
      throw new Error(`${id}: ${entry.path}: ${(error as Error).message}`);
    }
  }
}

export async function mirrorCommand(argv: string[], io: MirrorIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    revision: { type: "string" },
    include: { type: "string", multiple: true },
    dataset: { type: "boolean" },
    catalogue: { type: "boolean" },
    limit: { type: "string" },
    upstream: { type: "string" },
    "data-dir": { type: "string" },
  });
  let options: MirrorOptions | undefined;
  try {
    options = values.upstream
      ? {
          ...(mirrorOptionsFromEnv({ ...io.env, HUBKIT_UPSTREAM_URL: values.upstream }) ?? {
            ttlSeconds: 0,
            readers: [],
          }),
          upstreamUrl: checkUpstreamUrl(values.upstream),
        }
      : mirrorOptionsFromEnv(io.env);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!options)
    throw new UsageError("mirror needs an upstream: set HUBKIT_UPSTREAM_URL or pass --upstream URL");
  // Prefetching asks upstream every time: the TTL is for serving.
  options = { ...options, ttlSeconds: 0 };
  const dataDir = values["data-dir"] ?? io.env.HUBKIT_DATA_DIR ?? DEFAULT_DATA_DIR;
  const databaseUrl = io.env.HUBKIT_DATABASE_URL?.trim() || undefined;

  if (values.catalogue) {
    if (positionals.length) throw new UsageError("mirror --catalogue takes no repo names");
    const limit = values.limit === undefined ? 1000 : Number(values.limit);
    if (!Number.isSafeInteger(limit) || limit < 1)
      throw new UsageError("--limit must be a whole number above 0");
    const store = await openStore({ dataDir, databaseUrl });
    try {
      const { Upstream } = await import("./upstream.js");
      const report = await importUpstreamCatalogue(
        store,
        new Upstream(options.upstreamUrl, options.upstreamToken),
        {
          limit,
          onPage: (count) => io.stderr.write(`read ${count} models from ${options.upstreamUrl}\n`),
          onDetails: ({ done, failed }) =>
            io.stderr.write(`files and parameters of ${done} models (${failed} failed)\n`),
          onDetailProblem: (id, message) =>
            io.stderr.write(`${id}: files and parameters not fetched: ${message}\n`),
          onProblem: (problem) => io.stderr.write(`upstream model list: ${describeProblem(problem)}\n`),
        },
      );
      io.stdout.write(
        `imported ${report.inserted} new and ${report.updated} updated models from ${options.upstreamUrl} (${report.invalid} rejected, ${report.detailsFailed} without files and parameters); the catalogue holds ${await store.count()}\n`,
      );
      // Whatever could be had is kept; an exit code of 1 says something was left out.
      return report.invalid > 0 || report.detailsFailed > 0 ? 1 : 0;
    } finally {
      await store.close();
    }
  }

  if (positionals.length === 0)
    throw new UsageError("mirror needs at least one repo (owner/name) or --catalogue");
  for (const id of positionals) {
    const problem = repoIdProblem(id);
    if (problem) throw new UsageError(`${id}: ${problem}`);
  }
  const patterns = (values.include ?? []).map(globPattern);
  const type: RepoType = values.dataset ? "dataset" : "model";
  const service = await openCommandRepos(dataDir, io.env);
  const mirror = new Mirror(service, options, dataDir);
  try {
    for (const id of positionals) {
      const revision = values.revision ?? "main";
      await mirror.ensure(type, id, revision);
      const repo = await service.meta.getRepo(type, id);
      if (!repo || !mirror.isMirrored(repo)) throw new Error(`${id} is hosted on this hub, not mirrored`);
      const resolved = await service.resolve(repo, revision);
      const files = resolved.tree.filter(
        (entry) => patterns.length === 0 || patterns.some((re) => re.test(entry.path)),
      );
      await prefetchFiles(mirror, type, repo.id, resolved.commit.id, files, io);
      io.stdout.write(`${repo.id}@${resolved.commit.id}: ${files.length} files stored\n`);
    }
    return 0;
  } finally {
    mirror.close();
    await service.meta.close();
  }
}
