// Hosted files next to the physical limits, in one run on one disk (.data/bench/files):
// - download of a large file through `GET /{repo}/resolve/main/{file}` against nginx (Debian's
//   package, a throwaway on a loopback port) serving the very same blob file, with 1 and with 32
//   connections (raw keep-alive sockets in a separate process, bytes counted over a fixed window);
// - `HEAD resolve` latency at 32 connections (nginx's HEAD of the same file beside it);
// - upload of the large file as the clients do it (preupload, LFS batch, PUT, verify, commit)
//   against `dd conv=fsync` writing as many bytes to the same folder (a buffered write then a flush
//   to disk, as the blob store writes);
// - a commit of 10,000 small files (preupload + one NDJSON commit, inline) against `git add -A &&
//   git commit` of the same files in a fresh repository;
// - the hub's RSS while it streams the large file (sampled every 100 ms, against its RSS just before);
// - cost curves: download (1 connection) and commit at three sizes.
// Rounds are interleaved (the order alternates), ratios taken within a round. HUBKIT_BENCH_FILE_MB
// (default 1024) sets the large file's size and HUBKIT_BENCH_COMMIT_FILES (default 10000) the commit's
// file count: smaller ones while developing on a shared machine. HUBKIT_BENCH_PROFILE_DIR=dir makes
// the hub write a CPU profile of the whole suite there.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
  closeSync,
} from "node:fs";
import { createReadStream } from "node:fs";
import path from "node:path";
import { runWorker } from "../lib/child.mjs";
import { startHub } from "../lib/hub.mjs";
import { startNginx } from "../lib/nginx.mjs";
import { DATA_DIR, OURS } from "../lib/paths.mjs";
import { clears, median, spread, spreadText } from "../lib/stats.mjs";

export const title = "files (hosted repositories)";

const MiB = 1024 * 1024;
const FILE_MB = Number(process.env.HUBKIT_BENCH_FILE_MB || 1024);
const COMMIT_FILES = Number(process.env.HUBKIT_BENCH_COMMIT_FILES || 10_000);
const ROUNDS = Number(process.env.HUBKIT_BENCH_FILES_ROUNDS || 5);
const UPLOAD_ROUNDS = Math.max(3, ROUNDS - 2);
const WINDOW_S = 3;
const CONNECTIONS = 32;
const OWNER = "bench";
const GOALS = { download: 0.8, headP95: 5, upload: 0.7, commit: 2, rssMb: 50 };

const work = path.join(DATA_DIR, "files");
const sizeText = (bytes) => (bytes >= 1024 * MiB ? `${bytes / (1024 * MiB)} GiB` : `${bytes / MiB} MiB`);
const rate = (bytesPerSecond) => `${(bytesPerSecond / 1e6).toFixed(0)} MB/s`;
const msText = (value) => `${value.toFixed(2)} ms`;
const seconds = (value) => `${value.toFixed(2)} s`;

/** Writes `bytes` of random-looking content (a 16 MiB random block, each copy stamped with its index). */
function writeLargeFile(file, bytes, stamp) {
  const block = randomBytes(Math.min(16 * MiB, bytes));
  const fd = openSync(file, "w");
  try {
    for (let offset = 0, index = 0; offset < bytes; offset += block.length, index++) {
      block.writeUInt32LE(index, 0);
      block.writeUInt32LE(stamp, 4);
      writeSync(fd, block, 0, Math.min(block.length, bytes - offset));
    }
  } finally {
    closeSync(fd);
  }
}

/** Changes the file's first bytes (a new content per upload round, so nothing is deduplicated). */
function restamp(file, stamp) {
  const fd = openSync(file, "r+");
  try {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(0xb10b, 0);
    head.writeUInt32LE(stamp, 4);
    writeSync(fd, head, 0, 8, 0);
  } finally {
    closeSync(fd);
  }
}

async function sha256Of(file) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file, { highWaterMark: 4 * MiB })) hash.update(chunk);
  return hash.digest("hex");
}

function rssBytes(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Runs `task` while sampling the process's RSS every 100 ms; returns its result and the peak growth. */
async function withRss(pid, task) {
  const before = rssBytes(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 100);
  try {
    const result = await task();
    peak = Math.max(peak, rssBytes(pid));
    return { result, growth: peak - before, before };
  } finally {
    clearInterval(timer);
  }
}

async function api(hub, token, method, url, body) {
  const response = await fetch(`${hub.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}

function createToken(dataDir) {
  const made = spawnSync(
    process.execPath,
    [OURS.hubCli, "token", "create", "--user", OWNER, "--write", "--data-dir", dataDir],
    { encoding: "utf8", env: { ...process.env, HUBKIT_DATABASE_URL: "" } },
  );
  if (made.status !== 0) throw new Error(`token create failed: ${made.stderr.slice(-400)}`);
  return made.stdout.trim();
}

/** `dd` writing `bytes` of zeros to `dir`, flushed to disk (conv=fsync) or unbuffered (oflag=direct). */
function ddSeconds(dir, bytes, flag) {
  const file = path.join(dir, "dd.tmp");
  const started = performance.now();
  const result = spawnSync(
    "dd",
    ["if=/dev/zero", `of=${file}`, "bs=1M", `count=${Math.ceil(bytes / MiB)}`, flag],
    { encoding: "utf8" },
  );
  const elapsed = (performance.now() - started) / 1000;
  rmSync(file, { force: true });
  if (result.status !== 0) throw new Error(`dd failed: ${result.stderr.slice(-300)}`);
  return elapsed;
}

/** `count` small text files (0.5–4 KB, deterministic, stamped with the round) in folders of 100. */
function writeSmallFiles(dir, count, stamp) {
  rmSync(dir, { recursive: true, force: true });
  const paths = [];
  for (let i = 0; i < count; i++) {
    const folder = `dir-${String(Math.floor(i / 100)).padStart(3, "0")}`;
    if (i % 100 === 0) mkdirSync(path.join(dir, folder), { recursive: true });
    const name = `${folder}/file-${String(i).padStart(5, "0")}.txt`;
    const lines = [`# file ${i} of round ${stamp}`];
    const length = 512 + ((i * 7919) % 3584);
    for (let n = 0; lines.join("\n").length < length; n++)
      lines.push(`key_${n} = ${(i * 31 + n * 17 + stamp) % 100003} # setting ${n} of ${name}`);
    writeFileSync(path.join(dir, name), `${lines.join("\n")}\n`);
    paths.push(name);
  }
  const list = path.join(path.dirname(dir), `${path.basename(dir)}.list`);
  writeFileSync(list, `${paths.join("\n")}\n`);
  return list;
}

/** `durable`: git with its objects flushed too (core.fsync=committed in batch mode), as the hub flushes. */
function gitCommitSeconds(dir, durable = false) {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: "bench",
    GIT_AUTHOR_EMAIL: "bench@localhost",
    GIT_COMMITTER_NAME: "bench",
    GIT_COMMITTER_EMAIL: "bench@localhost",
    GIT_CONFIG_NOSYSTEM: "1",
    HOME: dir,
  };
  const init = spawnSync("git", ["init", "-q", "-b", "main"], { cwd: dir, env });
  if (init.status !== 0) throw new Error(`git init failed: ${init.stderr}`);
  const started = performance.now();
  const git = durable
    ? "git -c gc.auto=0 -c core.fsync=committed -c core.fsyncMethod=batch"
    : "git -c gc.auto=0";
  const result = spawnSync("sh", ["-c", `${git} add -A && ${git} commit -q -m bench`], {
    cwd: dir,
    env,
    encoding: "utf8",
    maxBuffer: 64 * MiB,
  });
  const elapsed = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`git add/commit failed: ${result.stderr.slice(-300)}`);
  return elapsed;
}

function download(url, connections, size) {
  return runWorker("files-load", ["get", url, String(connections), String(WINDOW_S), String(size)]);
}

/** Per-round hub/nginx download ratios at `connections`; RSS growth of the hub per round too. */
async function measureDownloads(hub, nginx, file, connections, rounds = ROUNDS) {
  const ours = [];
  const limit = [];
  const ratios = [];
  const rss = [];
  let bad = 0;
  for (let round = 0; round < rounds; round++) {
    const runOurs = async () => {
      const { result, growth } = await withRss(hub.pid, () =>
        download(hub.url + file.hubPath, connections, file.size),
      );
      rss.push(growth);
      return result;
    };
    const runLimit = () => download(nginx.url + file.nginxPath, connections, file.size);
    const [a, b] = round % 2 ? [await runLimit(), await runOurs()] : [await runOurs(), await runLimit()];
    const [o, l] = round % 2 ? [b, a] : [a, b];
    bad += o.bad + l.bad;
    ours.push(o.bytesPerSecond);
    limit.push(l.bytesPerSecond);
    ratios.push(o.bytesPerSecond / l.bytesPerSecond);
  }
  if (bad) throw new Error(`${bad} download replies were not 200 with the file's length`);
  return { ours: median(ours), limit: median(limit), ratio: spread(ratios), rss, perRound: { ours, limit } };
}

async function measureHead(hub, nginx, file) {
  const ours = [];
  const limit = [];
  for (let round = 0; round < ROUNDS; round++) {
    const head = (url) => runWorker("files-load", ["head", url, String(CONNECTIONS), String(WINDOW_S)]);
    const pair =
      round % 2
        ? [await head(nginx.url + file.nginxPath), await head(hub.url + file.hubPath)].reverse()
        : [await head(hub.url + file.hubPath), await head(nginx.url + file.nginxPath)];
    if (pair[0].bad || pair[1].bad) throw new Error("HEAD replies that were not 200");
    ours.push(pair[0]);
    limit.push(pair[1]);
  }
  return { ours, limit };
}

async function uploadRounds(hub, token, repo, dir, bytes, details) {
  const file = path.join(dir, "upload.bin");
  writeLargeFile(file, bytes, 1);
  const ours = [];
  const limit = [];
  const direct = [];
  const ratios = [];
  let last;
  for (let round = 0; round < UPLOAD_ROUNDS; round++) {
    restamp(file, round + 1);
    const named = path.join(dir, `upload-${round + 1}.bin`);
    renameSync(file, named);
    const sha256 = await sha256Of(named);
    const hubRound = async () =>
      (
        await runWorker("files-write", ["upload", hub.url, repo, named, sha256, String(bytes)], {
          env: { HUBKIT_BENCH_TOKEN: token },
          timeoutMs: 600_000,
        })
      ).seconds;
    const ddRound = () => ddSeconds(dir, bytes, "conv=fsync");
    let hubSeconds;
    let ddSecs;
    if (round % 2) {
      ddSecs = ddRound();
      hubSeconds = await hubRound();
    } else {
      hubSeconds = await hubRound();
      ddSecs = ddRound();
    }
    direct.push(bytes / ddSeconds(dir, bytes, "oflag=direct"));
    ours.push(bytes / hubSeconds);
    limit.push(bytes / ddSecs);
    ratios.push(ddSecs / hubSeconds);
    last = { name: path.basename(named), sha256, size: bytes };
    renameSync(named, file);
  }
  rmSync(file, { force: true });
  details.push(
    `upload of ${sizeText(bytes)} (preupload + LFS batch + PUT + verify + commit), per round: ours ${ours.map(rate).join(", ")}; dd conv=fsync ${limit.map(rate).join(", ")}; dd oflag=direct (diagnostic) ${direct.map(rate).join(", ")}`,
  );
  return { ours: median(ours), limit: median(limit), ratio: spread(ratios), last };
}

async function commitRounds(hub, token, dir, count, rounds, label, durable = false) {
  const durableGit = [];
  const ours = [];
  const limit = [];
  const ratios = [];
  const split = [];
  for (let round = 0; round < rounds; round++) {
    const stamp = round + 1;
    const gitDir = path.join(dir, `git-${count}-${stamp}`);
    const hubDir = path.join(dir, `hub-${count}-${stamp}`);
    writeSmallFiles(gitDir, count, stamp);
    const list = writeSmallFiles(hubDir, count, stamp);
    const repo = `${OWNER}/commit-${label}-${count}-${stamp}`;
    await api(hub, token, "POST", "/api/repos/create", { name: repo.split("/")[1] });
    const hubRound = async () =>
      runWorker("files-write", ["commit", hub.url, repo, hubDir, list], {
        env: { HUBKIT_BENCH_TOKEN: token },
        timeoutMs: 600_000,
      });
    let o;
    let g;
    if (round % 2) {
      g = gitCommitSeconds(gitDir);
      o = await hubRound();
    } else {
      o = await hubRound();
      g = gitCommitSeconds(gitDir);
    }
    if (durable) {
      const again = path.join(dir, `git-durable-${count}-${stamp}`);
      writeSmallFiles(again, count, stamp);
      durableGit.push(gitCommitSeconds(again, true));
      rmSync(again, { recursive: true, force: true });
    }
    ours.push(o.seconds);
    split.push(o);
    limit.push(g);
    ratios.push(o.seconds / g);
    rmSync(gitDir, { recursive: true, force: true });
    rmSync(hubDir, { recursive: true, force: true });
  }
  return {
    ours: median(ours),
    limit: median(limit),
    ratio: spread(ratios),
    split,
    gitRounds: limit,
    durableGit,
  };
}

export async function run() {
  const details = [];
  const notes = [];
  rmSync(work, { recursive: true, force: true });
  const hubData = path.join(work, "hub");
  mkdirSync(hubData, { recursive: true });
  const token = createToken(hubData);
  // HUBKIT_BENCH_PROFILE_DIR: the hub writes a CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.HUBKIT_BENCH_PROFILE_DIR;
  const hub = await startHub(
    hubData,
    { HUBKIT_DATABASE_URL: "" },
    { nodeArgs: profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [] },
  );
  let nginx;
  try {
    details.push(
      `server: ${hub.banner}; large file ${sizeText(FILE_MB * MiB)}, commit of ${COMMIT_FILES} files`,
    );
    const repo = `${OWNER}/files`;
    await api(hub, token, "POST", "/api/repos/create", { name: "files" });
    const uploads = path.join(work, "uploads");
    mkdirSync(uploads, { recursive: true });

    // Upload (against dd), whose last round's file is then downloaded.
    const upload = await uploadRounds(hub, token, repo, uploads, FILE_MB * MiB, details);
    nginx = await startNginx(path.join(hubData, "blobs", "objects"), path.join(work, "nginx"));
    const fileAt = (entry) => ({
      size: entry.size,
      hubPath: `/${repo}/resolve/main/${entry.name}`,
      nginxPath: `/${entry.sha256.slice(0, 2)}/${entry.sha256.slice(2, 4)}/${entry.sha256}`,
    });
    const large = fileAt(upload.last);

    // Download at 1 and 32 connections, the hub's RSS sampled meanwhile; first one untimed window
    // each (JIT, and whatever the uploads left the hub doing).
    await download(hub.url + large.hubPath, 1, large.size);
    await download(nginx.url + large.nginxPath, 1, large.size);
    const one = await measureDownloads(hub, nginx, large, 1);
    const many = await measureDownloads(hub, nginx, large, CONNECTIONS);
    const rssGrowth = Math.max(...one.rss, ...many.rss);
    details.push(
      `download ${sizeText(large.size)}, ${WINDOW_S} s windows, per round (ours / nginx): 1 conn. ${one.perRound.ours.map((v, i) => `${rate(v)} / ${rate(one.perRound.limit[i])}`).join("; ")}; ${CONNECTIONS} conn. ${many.perRound.ours.map((v, i) => `${rate(v)} / ${rate(many.perRound.limit[i])}`).join("; ")}`,
      `hub RSS growth while streaming, per window (MB): ${[...one.rss, ...many.rss].map((v) => (v / 1e6).toFixed(1)).join(", ")}`,
    );

    const head = await measureHead(hub, nginx, large);
    const headP95 = spread(head.ours.map((r) => r.p95));
    const nginxP95 = median(head.limit.map((r) => r.p95));
    details.push(
      `HEAD resolve, ${CONNECTIONS} conn., per round: ours ${head.ours.map((r) => `${r.perSecond.toFixed(0)} req/s p95 ${msText(r.p95)}`).join("; ")}; nginx ${head.limit.map((r) => `${r.perSecond.toFixed(0)} req/s p95 ${msText(r.p95)}`).join("; ")}`,
    );

    // Commit of many small files against git, and its cost curve.
    const commitDir = path.join(work, "commits");
    mkdirSync(commitDir, { recursive: true });
    const commitSizes = [
      ...new Set([
        Math.max(10, Math.round(COMMIT_FILES / 100)),
        Math.max(10, Math.round(COMMIT_FILES / 10)),
        COMMIT_FILES,
      ]),
    ];
    const commits = new Map();
    for (const count of commitSizes) {
      const result = await commitRounds(
        hub,
        token,
        commitDir,
        count,
        count === COMMIT_FILES ? ROUNDS : 3,
        "c",
        count === COMMIT_FILES,
      );
      commits.set(count, result);
      details.push(
        `commit of ${count} files, per round: ours ${result.split.map((s) => `${seconds(s.seconds)} (preupload ${seconds(s.preuploadSeconds)}, commit ${seconds(s.commitSeconds)})`).join("; ")}; git ${commitsText(result)}`,
      );
    }
    const commit = commits.get(COMMIT_FILES);

    // Download cost curve: 1 connection on a 1/100 and a 1/10 of the large file.
    const downloadCurve = [];
    for (const mb of [
      ...new Set([Math.max(1, Math.round(FILE_MB / 100)), Math.max(1, Math.round(FILE_MB / 10))]),
    ]) {
      if (mb >= FILE_MB) continue;
      const dir = path.join(work, `curve-${mb}`);
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `curve-${mb}.bin`);
      writeLargeFile(file, mb * MiB, 1000 + mb);
      const sha256 = await sha256Of(file);
      await runWorker("files-write", ["upload", hub.url, repo, file, sha256, String(mb * MiB)], {
        env: { HUBKIT_BENCH_TOKEN: token },
        timeoutMs: 600_000,
      });
      rmSync(dir, { recursive: true, force: true });
      const entry = fileAt({ name: path.basename(file), sha256, size: mb * MiB });
      downloadCurve.push({ size: mb * MiB, ...(await measureDownloads(hub, nginx, entry, 1, 3)) });
    }
    downloadCurve.push({ size: large.size, ...one });

    const rows = [
      {
        figure: `files: download ${sizeText(large.size)} via resolve, 1 connection`,
        ours: rate(one.ours),
        limit: `nginx ${rate(one.limit)}`,
        ratio: spreadText(one.ratio),
        target: `≥ ${GOALS.download}× nginx`,
        met: clears(one.ratio, GOALS.download, "least"),
      },
      {
        figure: `files: download ${sizeText(large.size)} via resolve, ${CONNECTIONS} connections`,
        ours: rate(many.ours),
        limit: `nginx ${rate(many.limit)}`,
        ratio: spreadText(many.ratio),
        target: `≥ ${GOALS.download}× nginx`,
        met: clears(many.ratio, GOALS.download, "least"),
      },
      {
        figure: `files: HEAD resolve p95, ${CONNECTIONS} connections`,
        ours: `${median(head.ours.map((r) => r.perSecond)).toFixed(0)} req/s`,
        limit: `nginx p95 ${msText(nginxP95)}`,
        ratio: `${spreadText(headP95, msText)}`,
        target: `p95 ≤ ${GOALS.headP95} ms`,
        met: clears(headP95, GOALS.headP95, "most"),
      },
      {
        figure: `files: upload ${sizeText(FILE_MB * MiB)} (LFS batch + PUT + commit)`,
        ours: rate(upload.ours),
        limit: `dd conv=fsync ${rate(upload.limit)}`,
        ratio: spreadText(upload.ratio),
        target: `≥ ${GOALS.upload}× dd`,
        met: clears(upload.ratio, GOALS.upload, "least"),
      },
      {
        figure: `files: commit of ${COMMIT_FILES} small files (preupload + commit)`,
        ours: seconds(commit.ours),
        limit: `git add -A && commit ${seconds(commit.limit)}`,
        ratio: spreadText(commit.ratio),
        target: `≤ ${GOALS.commit}× git`,
        met: clears(commit.ratio, GOALS.commit, "most"),
      },
      {
        figure: `files: hub RSS growth while streaming ${sizeText(large.size)}`,
        ours: `+${(rssGrowth / 1e6).toFixed(1)} MB (most of ${one.rss.length + many.rss.length} windows)`,
        target: `≤ ${GOALS.rssMb} MB`,
        met: rssGrowth <= GOALS.rssMb * 1e6,
      },
      ...downloadCurve.map((point) => ({
        figure: `  curve: download ${sizeText(point.size)}, 1 connection`,
        ours: rate(point.ours),
        limit: `nginx ${rate(point.limit)}`,
        ratio: spreadText(point.ratio),
        target: "report",
      })),
      ...commitSizes.map((count) => {
        const point = commits.get(count);
        return {
          figure: `  curve: commit of ${count} files`,
          ours: `${seconds(point.ours)} (${((point.ours / count) * 1e3).toFixed(2)} ms/file)`,
          limit: `git ${seconds(point.limit)}`,
          ratio: spreadText(point.ratio),
          target: "report",
        };
      }),
    ];
    notes.push(...missedNotes(rows));
    return { rows, details, notes };
  } finally {
    await nginx?.stop();
    await hub.stop();
    if (process.env.HUBKIT_BENCH_KEEP !== "1") rmSync(work, { recursive: true, force: true });
  }
}

function commitsText(result) {
  const durable = result.durableGit.length
    ? `; git with its objects flushed (core.fsync=committed, batch) ${result.durableGit.map(seconds).join(", ")}`
    : "";
  return `${result.gitRounds.map(seconds).join(", ")}${durable}`;
}

/** Why each missed figure missed: what the profiles showed and what was tried (see notes/bench.md). */
function missedNotes(rows) {
  const why = {
    "1 connection":
      "A lone download: nginx hands the file to the kernel (sendfile: page cache to socket, no wake-up per chunk); the hub reads each 1 MiB chunk on a libuv thread and writes it from the event loop, from two buffers reused for the whole download (BlobStore.sendRange; before, a read stream's fresh buffer per chunk made garbage collection a third of the hub's busy time and the rate 0.62× nginx's). On the shared 2-core machine every chunk also waits for a core, so the gap follows the load; Node has no sendfile.",
    "32 connections":
      "32 downloads: the same per-chunk cost as a lone one, times 32, on the event loop that also serves the requests; 512 KB chunks from two reused buffers per download, kept between downloads (256 KB ones: 0.63×; a fresh buffer per chunk: 0.28–0.61×).",
    "HEAD resolve":
      "HEAD resolve: each request reads the repo, the ref and the commit from SQLite (the tree now comes parsed from memory, statements are prepared once, and whether a file is stored as Xet chunks is remembered instead of read from disk per request: 5.2 k → 11.8 k req/s); what remains is Fastify, the header writes (18 % in writeLatin1String) and, at 32 connections on 2 shared cores, queueing.",
    upload:
      "Upload: the PUT runs on one thread that reads the socket, hashes every byte (sha256, ~1.3 GB/s here) and hands ~1 MiB batches to the disk, while dd writes zeros from the kernel; the client's reads and the loopback copy share the same 2 cores. Profile of 3 × 256 MiB uploads: sha256 5.5 %, writes 4.7 %, GC 3 % of the hub's time, idle between uploads. Tried: batching writes (was one await per 64 KB chunk) with one write in flight.",
    commit:
      "Commit: every inline file is flushed to disk (fsync) before the commit names it (the hub's crash rule): 10 000 fsyncs, 4 at a time on libuv's threads. git's default (core.fsync=committed,-loose-object) flushes no loose object; git made as durable (core.fsync=committed, fsyncMethod=batch: the 'objects flushed' timings in the details) is the like-for-like, and was several times slower than the hub in side runs (7.4 s against its default's 1.3 s for the same 10 000 files). The rest of the hub's time is preupload (~0.2 s) and 6 more file-system calls per file. Tried: storing 16 files at once so the flushes overlap (5 → 0.4–0.6 ms per file).",
  };
  const notes = [];
  for (const row of rows) {
    if (row.met !== false) continue;
    const key = Object.keys(why).find((k) => row.figure.includes(k));
    if (key) notes.push(`${row.figure}: ${why[key]}`);
  }
  return notes;
}
