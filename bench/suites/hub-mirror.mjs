// The hub as a pull-through mirror: hub A (the built server, its own process) hosts a large LFS
// file; hub B mirrors A (HUBKIT_UPSTREAM_URL). Per round, a new file of FILE_MB on A: a direct
// download from A, then the first download of it through B (B fetches it from A while streaming
// it to the client), then the same file from B's disk, and A serving its own file once more. The
// figures are medians over the rounds: B's first fetch against a direct download from A, and B
// serving its stored copy against A serving its own (goal ≥ 0.8× for both).
import { spawnSync } from "node:child_process";
import { randomBytes, createHash } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { startHub } from "../lib/hub.mjs";
import { DATA_DIR, OURS } from "../lib/paths.mjs";
import { median } from "../lib/stats.mjs";

export const title = "hub mirror";

const FILE_MB = 128;
const ROUNDS = 3;
const GOAL = 0.8;

/** Downloads a URL with node:http, counting bytes; resolves with MB/s and the byte count. */
function download(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent: false }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`${url}: ${response.statusCode}`));
          response.resume();
          return;
        }
        let bytes = 0;
        response.on("data", (chunk) => (bytes += chunk.length));
        response.on("end", () => {
          const seconds = (performance.now() - started) / 1000;
          resolve({ bytes, mbPerSecond: bytes / 1024 / 1024 / seconds });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

async function ok(response, what) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** Commits `bytes` as an LFS file to A's bench/big (created when missing). */
async function upload(hub, token, name, bytes) {
  const auth = { authorization: `Bearer ${token}` };
  const created = await fetch(`${hub}/api/repos/create`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name: "big", type: "model" }),
  });
  if (created.status !== 409) await ok(created, "create");
  const oid = createHash("sha256").update(bytes).digest("hex");
  const batch = await ok(
    await fetch(`${hub}/bench/big.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/vnd.git-lfs+json" },
      body: JSON.stringify({ operation: "upload", objects: [{ oid, size: bytes.length }] }),
    }),
    "batch",
  );
  const href = (await batch.json()).objects[0].actions?.upload?.href;
  if (href) await ok(await fetch(href, { method: "PUT", body: bytes }), "upload");
  const line = (value) => JSON.stringify(value);
  const committed = await ok(
    await fetch(`${hub}/api/models/bench/big/commit/main`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/x-ndjson" },
      body: [
        line({ key: "header", value: { summary: `add ${name}` } }),
        line({ key: "lfsFile", value: { path: name, algo: "sha256", oid, size: bytes.length } }),
      ].join("\n"),
    }),
    "commit",
  );
  return (await committed.json()).commitOid;
}

export async function run() {
  const work = path.join(DATA_DIR, "mirror");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const aDir = path.join(work, "a");
  const made = spawnSync(
    process.execPath,
    [OURS.hubCli, "token", "create", "--user", "bench", "--write", "--data-dir", aDir],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`token create failed: ${made.stderr}`);
  const token = made.stdout.trim();
  const hubA = await startHub(aDir);
  let hubB;
  const rounds = [];
  try {
    hubB = await startHub(path.join(work, "b"), {
      HUBKIT_UPSTREAM_URL: hubA.url,
      HUBKIT_UPSTREAM_TOKEN: token,
    });
    for (let round = 0; round < ROUNDS; round++) {
      const name = `round-${round}.bin`;
      // By commit id: B's main is re-checked only after its TTL, a commit id at once.
      const commit = await upload(hubA.url, token, name, randomBytes(FILE_MB * 1024 * 1024));
      const file = `/bench/big/resolve/${commit}/${name}`;
      const direct = await download(hubA.url + file);
      const first = await download(hubB.url + file);
      const stored = await download(hubB.url + file);
      const own = await download(hubA.url + file);
      for (const result of [direct, first, stored, own])
        if (result.bytes !== FILE_MB * 1024 * 1024) throw new Error(`a download of ${name} was cut short`);
      rounds.push({ direct, first, stored, own });
    }
  } finally {
    await hubB?.stop();
    await hubA.stop();
    rmSync(work, { recursive: true, force: true });
  }
  const med = (pick) => median(rounds.map(pick));
  const firstRatio = med((r) => r.first.mbPerSecond / r.direct.mbPerSecond);
  const storedRatio = med((r) => r.stored.mbPerSecond / r.own.mbPerSecond);
  const mbps = (value) => `${value.toFixed(0)} MB/s`;
  return {
    rows: [
      {
        figure: `mirror: first fetch through B vs direct from A (${FILE_MB} MiB)`,
        ours: mbps(med((r) => r.first.mbPerSecond)),
        reference: mbps(med((r) => r.direct.mbPerSecond)),
        ratio: firstRatio,
        target: `≥ ${GOAL}×`,
        met: firstRatio >= GOAL,
      },
      {
        figure: `  mirror: B serving its stored copy vs A serving its own (${FILE_MB} MiB)`,
        ours: mbps(med((r) => r.stored.mbPerSecond)),
        reference: mbps(med((r) => r.own.mbPerSecond)),
        ratio: storedRatio,
        target: `≥ ${GOAL}×`,
        met: storedRatio >= GOAL,
      },
    ],
    details: rounds.map(
      (r, i) =>
        `round ${i + 1}: direct A ${mbps(r.direct.mbPerSecond)}, first through B ${mbps(r.first.mbPerSecond)}, B stored ${mbps(r.stored.mbPerSecond)}, A own ${mbps(r.own.mbPerSecond)}`,
    ),
  };
}
