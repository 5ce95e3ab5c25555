// Large-file transfers through the hub: a 1 GiB random file uploaded and downloaded by the default
// Python install through Xet, the same through LFS (HF_HUB_DISABLE_XET=1), and plain HTTP downloads
// of it (the hub's resolve for the LFS blob and for the Xet-stored copy, which it rebuilds from
// chunks) against nginx serving the file from disk. MB/s (10^6 bytes per second); one run each.
import { execFile, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { DATA_DIR, OURS, ROOT } from "../lib/paths.mjs";
import { startHub } from "../lib/hub.mjs";

export const title = "hub large files (Xet vs LFS vs nginx)";

const SIZE = 1024 * 1024 * 1024;
const execFileAsync = promisify(execFile);
const PYTHON = process.env.HUBKIT_PYTHON ?? path.join(ROOT, ".data/py/bin/python");

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function timed(work) {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** Downloads `url` with fetch, discarding the bytes; returns seconds. */
async function fetchAll(url, headers = {}) {
  return timed(async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    let bytes = 0;
    for await (const part of response.body) bytes += part.length;
    if (bytes !== SIZE) throw new Error(`${url}: ${bytes} bytes, not ${SIZE}`);
  });
}

async function startNginx(dir, port) {
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/nginx.err;
events {}
http { access_log off; sendfile on; client_body_temp_path ${dir}; proxy_temp_path ${dir};
  fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${dir}; } }`,
  );
  const child = spawn("nginx", ["-c", conf, "-p", dir], { stdio: "ignore" });
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/nginx.conf`).then(
      () => true,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill("SIGKILL");
  throw new Error("nginx did not start");
}

export async function run() {
  if (!existsSync(OURS.hubCli) || !existsSync(PYTHON))
    return { rows: [{ figure: title, status: "skipped", note: "needs the built hub and .data/py" }] };
  const dir = path.join(DATA_DIR, "xet");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "big.bin");
  const fd = openSync(file, "w");
  for (let written = 0; written < SIZE; written += 64 * 1024 * 1024)
    writeSync(fd, randomBytes(64 * 1024 * 1024));
  closeSync(fd);
  const dataDir = path.join(dir, "hub");
  const token = spawnSync(
    process.execPath,
    [OURS.hubCli, "token", "create", "--user", "bench", "--write", "--data-dir", dataDir],
    {
      encoding: "utf8",
    },
  ).stdout.trim();
  const hub = await startHub(dataDir);
  const nginxPort = await freePort();
  const nginx =
    existsSync("/usr/sbin/nginx") || spawnSync("which", ["nginx"]).status === 0
      ? await startNginx(dir, nginxPort)
      : undefined;
  const env = (xet, cache) => ({
    PATH: process.env.PATH,
    HOME: dir,
    HF_ENDPOINT: hub.url,
    HF_TOKEN: token,
    HF_HOME: path.join(dir, cache),
    HF_HUB_DISABLE_TELEMETRY: "1",
    HF_HUB_DISABLE_PROGRESS_BARS: "1",
    ...(xet ? {} : { HF_HUB_DISABLE_XET: "1" }),
  });
  const py = (script, xet, cache) =>
    timed(() =>
      execFileAsync(
        PYTHON,
        ["-c", `from huggingface_hub import HfApi, hf_hub_download\napi = HfApi()\n${script}`],
        {
          env: env(xet, cache),
          cwd: dir,
          maxBuffer: 1 << 24,
        },
      ),
    );
  const mbps = (seconds) => `${(SIZE / 1e6 / seconds).toFixed(0)} MB/s`;
  try {
    // LFS first: an LFS upload after Xet would find the file already stored (same sha256).
    const lfsUp = await py(
      `api.create_repo("bench/lfs")\napi.upload_file(path_or_fileobj="big.bin", path_in_repo="big.bin", repo_id="bench/lfs")`,
      false,
      "lfs-up",
    );
    const xetUp = await py(
      `api.create_repo("bench/xet")\napi.upload_file(path_or_fileobj="big.bin", path_in_repo="big.bin", repo_id="bench/xet")`,
      true,
      "xet-up",
    );
    // Dedup: the same file with one 1 MiB region rewritten, from a fresh client cache.
    const xorbBytes = () =>
      Number(
        spawnSync("du", ["-sb", path.join(dataDir, "blobs", "xet", "xorbs")], {
          encoding: "utf8",
        }).stdout.split("\t")[0],
      );
    const changed = openSync(file, "r+");
    writeSync(changed, randomBytes(1024 * 1024), 0, 1024 * 1024, 512 * 1024 * 1024);
    closeSync(changed);
    const before = xorbBytes();
    const dedupUp = await py(
      `api.upload_file(path_or_fileobj="big.bin", path_in_repo="changed.bin", repo_id="bench/xet")`,
      true,
      "xet-up-2",
    );
    const added = xorbBytes() - before;
    const lfsDown = await py(`hf_hub_download("bench/lfs", "big.bin")`, false, "lfs-down");
    const xetDown = await py(`hf_hub_download("bench/xet", "big.bin")`, true, "xet-down");
    const headers = { authorization: `Bearer ${token}` };
    const blobHttp = await fetchAll(`${hub.url}/bench/lfs/resolve/main/big.bin`, headers);
    const chunkHttp = await fetchAll(`${hub.url}/bench/xet/resolve/main/big.bin`, headers);
    const nginxHttp = nginx ? await fetchAll(`http://127.0.0.1:${nginxPort}/big.bin`) : undefined;
    const reference = nginxHttp ? `nginx ${mbps(nginxHttp)}` : "nginx not installed";
    return {
      rows: [
        {
          figure: "hub upload 1 GiB, huggingface_hub + hf_xet (Xet)",
          ours: mbps(xetUp),
          reference: `LFS ${mbps(lfsUp)}`,
          target: "report",
        },
        {
          figure: "hub download 1 GiB, hf_hub_download + hf_xet (Xet)",
          ours: mbps(xetDown),
          reference: `LFS ${mbps(lfsDown)}`,
          target: "report",
        },
        {
          figure: "hub Xet dedup: 1 GiB file differing in 1 MiB, bytes added to the store",
          ours: `${(added / 1024 / 1024).toFixed(1)} MiB`,
          reference: `upload ${mbps(dedupUp)}`,
          target: "< 8 MiB",
          met: added < 8 * 1024 * 1024,
        },
        {
          figure: "hub resolve over HTTP, 1 GiB rebuilt from Xet chunks",
          ours: mbps(chunkHttp),
          reference,
          target: "report",
        },
        {
          figure: "hub resolve over HTTP, 1 GiB LFS blob",
          ours: mbps(blobHttp),
          reference,
          target: "report",
        },
      ],
    };
  } finally {
    nginx?.kill("SIGTERM");
    await hub.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
