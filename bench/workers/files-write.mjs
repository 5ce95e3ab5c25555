// Writes to the hub as the clients do (huggingface_hub's upload_file / upload_folder over LFS), timed
// from the first request to the commit's reply. The token comes in HUBKIT_BENCH_TOKEN.
// node files-write.mjs <mode> <hub url> <owner/name> <args…>
// - upload <file> <sha256> <size>: preupload, LFS batch, PUT of the bytes (streamed from the file),
//   verify, commit of one lfsFile line; prints seconds (and each step's).
// - commit <folder> <list file>: preupload in chunks of 256 (with each file's first 512 bytes as
//   its sample), then one NDJSON commit of every file inline (base64); the files are read and the
//   body built before the clock starts. Prints seconds (and each step's).
import { createReadStream, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const [mode, hub, repo, ...rest] = process.argv.slice(2);
const token = process.env.HUBKIT_BENCH_TOKEN ?? "";
const now = () => performance.now();
const agent = new http.Agent({ keepAlive: true });

/** One request; `body` a Buffer, string or readable stream. Resolves to the reply's status and text. */
function request(method, target, { body, headers = {}, auth = true } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(target.startsWith("http") ? target : `${hub}${target}`, {
      method,
      agent,
      headers: { ...(auth ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    req.on("response", (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (body && typeof body.pipe === "function") body.pipe(req);
    else req.end(body);
  });
}

async function ok(what, reply) {
  const { status, text } = await reply;
  if (status < 200 || status >= 300) throw new Error(`${what} answered ${status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}

const json = (value) => ({ body: JSON.stringify(value), headers: { "content-type": "application/json" } });

function ndjsonCommit(summary, lines) {
  return {
    body: [{ key: "header", value: { summary, description: "" } }, ...lines]
      .map((line) => JSON.stringify(line))
      .join("\n"),
    headers: { "content-type": "application/x-ndjson" },
  };
}

async function preupload(files) {
  for (let i = 0; i < files.length; i += 256) {
    await ok(
      "preupload",
      request("POST", `/api/models/${repo}/preupload/main`, json({ files: files.slice(i, i + 256) })),
    );
  }
}

if (mode === "upload") {
  const [file, sha256, sizeText] = rest;
  const size = Number(sizeText);
  const name = path.basename(file);
  const started = now();
  const sample = Buffer.alloc(512);
  await preupload([{ path: name, size, sample: sample.toString("base64") }]);
  const batch = await ok(
    "LFS batch",
    request("POST", `/${repo}.git/info/lfs/objects/batch`, {
      body: JSON.stringify({
        operation: "upload",
        transfers: ["basic"],
        objects: [{ oid: sha256, size }],
        hash_algo: "sha256",
        ref: { name: "refs/heads/main" },
      }),
      headers: { "content-type": "application/vnd.git-lfs+json", accept: "application/vnd.git-lfs+json" },
    }),
  );
  const actions = batch.objects?.[0]?.actions;
  if (!actions?.upload)
    throw new Error(`the batch asked for no upload: ${JSON.stringify(batch).slice(0, 300)}`);
  const putStarted = now();
  await ok(
    "LFS PUT",
    request("PUT", actions.upload.href, {
      auth: false,
      body: createReadStream(file, { highWaterMark: 1024 * 1024 }),
      headers: { "content-type": "application/octet-stream", "content-length": String(size) },
    }),
  );
  const putSeconds = (now() - putStarted) / 1000;
  if (actions.verify)
    await ok("LFS verify", request("POST", actions.verify.href, json({ oid: sha256, size })));
  await ok(
    "commit",
    request(
      "POST",
      `/api/models/${repo}/commit/main`,
      ndjsonCommit(`Upload ${name}`, [
        { key: "lfsFile", value: { path: name, algo: "sha256", oid: sha256, size } },
      ]),
    ),
  );
  console.log(JSON.stringify({ seconds: (now() - started) / 1000, putSeconds }));
} else if (mode === "commit") {
  const [folder, listFile] = rest;
  const paths = readFileSync(listFile, "utf8").split("\n").filter(Boolean);
  const contents = paths.map((name) => readFileSync(path.join(folder, name)));
  const files = paths.map((name, i) => ({
    path: name,
    size: contents[i].length,
    sample: contents[i].subarray(0, 512).toString("base64"),
  }));
  const commit = ndjsonCommit(
    `Add ${paths.length} files`,
    paths.map((name, i) => ({
      key: "file",
      value: { path: name, content: contents[i].toString("base64"), encoding: "base64" },
    })),
  );
  const started = now();
  await preupload(files);
  const commitStarted = now();
  await ok("commit", request("POST", `/api/models/${repo}/commit/main`, commit));
  const finished = now();
  console.log(
    JSON.stringify({
      seconds: (finished - started) / 1000,
      preuploadSeconds: (commitStarted - started) / 1000,
      commitSeconds: (finished - commitStarted) / 1000,
      bodyBytes: Buffer.byteLength(commit.body),
    }),
  );
} else {
  console.error("usage: files-write.mjs upload|commit <hub url> <owner/name> …");
  process.exit(2);
}
