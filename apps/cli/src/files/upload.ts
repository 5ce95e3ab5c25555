// `hubkit upload`: a file or folder into a repo in one commit, as the hub's clients do it: preupload
// (which paths go through LFS), the LFS batch API (only objects the hub lacks are sent, each to its
// own link, then verified), then an NDJSON commit naming the LFS objects and carrying small files inline.
import { createHash } from "node:crypto";
import { createReadStream, readdirSync, readFileSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { CliError } from "../errors.js";
import { ensureOk, filePrefix, hubClient, typeSegment, type HubClient, type RepoType } from "../hub-api.js";
import { byteBars, type Bar } from "../ui/progress.js";
import { pool } from "./download.js";
import { pathFilter } from "./globs.js";

export interface UploadOptions {
  repoType: RepoType;
  revision: string;
  commitMessage?: string;
  include?: string[];
  exclude?: string[];
  private?: boolean;
  maxWorkers: number;
}

interface LocalFile {
  local: string;
  path: string;
  size: number;
  sha256: string;
  sample: string;
}

const LFS_TYPE = "application/vnd.git-lfs+json";
const SKIPPED = /(^|\/)(\.git|\.cache\/huggingface)(\/|$)/;

function listLocal(source: string, target: string): { local: string; path: string }[] {
  // "." and "./x" name the repo's root as `hf upload` reads them; slashes at either end are dropped.
  const pathInRepo = target.replace(/^\.(\/|$)/, "").replace(/^\/+|\/+$/g, "");
  const stat = statSync(source, { throwIfNoEntry: false });
  if (!stat) throw new CliError(`no such file or folder: ${source}`, 2);
  if (stat.isFile()) return [{ local: source, path: pathInRepo || path.basename(source) }];
  const entries = readdirSync(source, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((local) => ({ local, relative: path.relative(source, local).split(path.sep).join("/") }))
    .filter(({ relative }) => !SKIPPED.test(relative));
  return entries.map(({ local, relative }) => ({
    local,
    path: pathInRepo ? `${pathInRepo}/${relative}` : relative,
  }));
}

async function describe(
  file: { local: string; path: string },
  onBytes: (n: number) => void,
): Promise<LocalFile> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(file.local, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
    onBytes((chunk as Buffer).length);
  }
  const handle = await open(file.local);
  const sample = Buffer.alloc(Math.min(512, size));
  await handle.read(sample, 0, sample.length, 0);
  await handle.close();
  return { ...file, size, sha256: hash.digest("hex"), sample: sample.toString("base64") };
}

/** Hashes the files, `workers` at a time, with one bar for all of them (large files take a while). */
async function hashAll(list: { local: string; path: string }[], workers: number): Promise<LocalFile[]> {
  const bars = byteBars();
  const total = list.reduce((sum, file) => sum + statSync(file.local).size, 0);
  const bar = total > 0 ? bars.add(`hashing (${list.length} files)`, total) : undefined;
  const described: LocalFile[] = [];
  try {
    await pool(list, workers, async (file) => {
      described.push(await describe(file, (n) => bar?.increment(n)));
    });
  } finally {
    bar?.stop();
    bars.stop();
  }
  // In the order listed, whatever order the hashes finished in.
  const order = new Map(list.map((file, index) => [file.path, index]));
  return described.sort((a, b) => order.get(a.path)! - order.get(b.path)!);
}

async function ensureRepo(client: HubClient, repo: string, options: UploadOptions): Promise<void> {
  const probe = await client.request(`/api/${typeSegment(options.repoType)}/${repo}`);
  if (probe.ok) return;
  const [owner, name] = repo.split("/");
  const me = await client.json<{ name: string }>("/api/whoami-v2");
  const response = await client.request("/api/repos/create", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name,
      type: options.repoType,
      private: Boolean(options.private),
      ...(owner === me.name ? {} : { organization: owner }),
    }),
  });
  if (response.status !== 409) await ensureOk(response, `create ${repo}`);
}

/** Sends one LFS object to the link the batch API gave, counting bytes as they leave. */
async function sendObject(
  client: HubClient,
  file: LocalFile,
  actions: {
    upload: { href: string; header?: Record<string, string> };
    verify?: { href: string; header?: Record<string, string> };
  },
  bar: Bar,
  total: Bar | undefined,
): Promise<void> {
  async function* body() {
    for await (const chunk of createReadStream(file.local, { highWaterMark: 1 << 20 })) {
      bar.increment((chunk as Buffer).length);
      total?.increment((chunk as Buffer).length);
      yield chunk as Buffer;
    }
  }
  const response = await fetch(actions.upload.href, {
    method: "PUT",
    headers: {
      ...actions.upload.header,
      "content-length": String(file.size),
      "content-type": "application/octet-stream",
    },
    body: body(),
    duplex: "half",
  } as unknown as RequestInit);
  await ensureOk(response, `upload of ${file.path}`);
  if (actions.verify) {
    await ensureOk(
      await client.request(actions.verify.href, {
        method: "POST",
        headers: { ...actions.verify.header, "content-type": "application/json" },
        body: JSON.stringify({ oid: file.sha256, size: file.size }),
      }),
      `verify of ${file.path}`,
    );
  }
}

export async function upload(
  repo: string,
  source: string,
  pathInRepo: string,
  options: UploadOptions,
): Promise<{ commitOid: string; commitUrl: string; files: number; lfsFiles: number; bytesSent: number }> {
  const client = hubClient();
  if (!client.token) throw new CliError("Uploading needs a write token: run `hubkit login` or set HF_TOKEN");
  const keep = pathFilter(options.include, options.exclude);
  const files = await hashAll(
    listLocal(source, pathInRepo).filter((f) => keep(f.path)),
    options.maxWorkers,
  );
  if (files.length === 0) throw new CliError(`nothing to upload in ${source}`);
  await ensureRepo(client, repo, options);
  const segment = typeSegment(options.repoType);
  const revision = encodeURIComponent(options.revision);
  const preupload = await client.json<{ files: { path: string; uploadMode: "lfs" | "regular" }[] }>(
    `/api/${segment}/${repo}/preupload/${revision}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ files: files.map(({ path, size, sample }) => ({ path, size, sample })) }),
    },
  );
  const lfsPaths = new Set(preupload.files.filter((f) => f.uploadMode === "lfs").map((f) => f.path));
  const lfsFiles = files.filter((file) => lfsPaths.has(file.path));
  let bytesSent = 0;
  if (lfsFiles.length) {
    const batch = await client.json<{
      objects: { oid: string; actions?: Parameters<typeof sendObject>[2]; error?: { message: string } }[];
    }>(`/${filePrefix(options.repoType)}${repo}.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { "content-type": LFS_TYPE, accept: LFS_TYPE },
      body: JSON.stringify({
        operation: "upload",
        transfers: ["basic"],
        hash_algo: "sha256",
        objects: lfsFiles.map((file) => ({ oid: file.sha256, size: file.size })),
      }),
    });
    const byOid = new Map(lfsFiles.map((file) => [file.sha256, file]));
    const toSend = batch.objects.filter((object) => object.actions?.upload);
    const bars = byteBars();
    const sendSize = toSend.reduce((sum, object) => sum + byOid.get(object.oid)!.size, 0);
    const total = toSend.length > 1 ? bars.add(`total (${toSend.length} files)`, sendSize) : undefined;
    try {
      await pool(toSend, options.maxWorkers, async (object) => {
        const file = byOid.get(object.oid)!;
        const bar = bars.add(file.path, file.size);
        try {
          await sendObject(client, file, object.actions!, bar, total);
        } finally {
          bar.stop();
        }
      });
    } finally {
      total?.stop();
      bars.stop();
    }
    bytesSent = sendSize;
  }
  const lines = [
    {
      key: "header",
      value: {
        summary:
          options.commitMessage ?? `Upload ${files.length === 1 ? files[0].path : "files"} with hubkit`,
        description: "",
      },
    },
    ...files.map((file) =>
      lfsPaths.has(file.path)
        ? { key: "lfsFile", value: { path: file.path, algo: "sha256", oid: file.sha256, size: file.size } }
        : {
            key: "file",
            value: {
              path: file.path,
              content: readFileSync(file.local).toString("base64"),
              encoding: "base64",
            },
          },
    ),
  ];
  const commit = await client.json<{ commitOid: string; commitUrl: string }>(
    `/api/${segment}/${repo}/commit/${revision}`,
    {
      method: "POST",
      headers: { "content-type": "application/x-ndjson" },
      body: lines.map((line) => JSON.stringify(line)).join("\n"),
    },
  );
  return {
    commitOid: commit.commitOid,
    commitUrl: commit.commitUrl,
    files: files.length,
    lfsFiles: lfsFiles.length,
    bytesSent,
  };
}
