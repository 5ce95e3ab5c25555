// For the mirror tests: the upstream hub (hub A), filling a hub's repo over its HTTP API (inline
// files, LFS files through the batch API), a loopback proxy in front of the upstream hub that counts
// the requests it relays and can hold a response's body part-way until the test lets it go, and a
// command's output captured as text.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import { startHubServer, type HubServer } from "../../src/index.js";

export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A hub with nothing seeded that mirrors nothing: the upstream hub, or one serving an imported catalogue. */
export function startPlainHub(dataDir: string): Promise<HubServer> {
  return startHubServer({ port: 0, dataDir, hfToken: "", seed: false, mirror: false });
}

/** A writable for a command's stdout or stderr (a terminal or not), and what was written to it. */
export function capturedOutput(tty: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY: tty, columns: 100 });
  let text = "";
  stream.on("data", (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

export interface RepoFile {
  path: string;
  bytes: Buffer;
  /** through the LFS batch API (as clients send large files) */
  lfs?: boolean;
}

async function ok(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** Creates the repo (when missing) and commits the files to `branch`; returns the commit id. */
export async function commitFiles(
  hub: string,
  token: string,
  repoId: string,
  files: RepoFile[],
  options: { private?: boolean; branch?: string; title?: string } = {},
): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const [owner, name] = repoId.split("/");
  const created = await fetch(`${hub}/api/repos/create`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name, organization: owner, type: "model", private: options.private ?? false }),
  });
  if (created.status !== 409) await ok(created, `create ${repoId}`);
  const lines: unknown[] = [{ key: "header", value: { summary: options.title ?? "add files" } }];
  for (const file of files) {
    if (!file.lfs) {
      lines.push({
        key: "file",
        value: { path: file.path, content: file.bytes.toString("base64"), encoding: "base64" },
      });
      continue;
    }
    const oid = sha256(file.bytes);
    const batch = await ok(
      await fetch(`${hub}/${repoId}.git/info/lfs/objects/batch`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/vnd.git-lfs+json" },
        body: JSON.stringify({ operation: "upload", objects: [{ oid, size: file.bytes.length }] }),
      }),
      "LFS batch",
    );
    const { objects } = (await batch.json()) as { objects: { actions?: { upload?: { href: string } } }[] };
    const href = objects[0].actions?.upload?.href;
    if (href) await ok(await fetch(href, { method: "PUT", body: new Uint8Array(file.bytes) }), "LFS upload");
    lines.push({ key: "lfsFile", value: { path: file.path, algo: "sha256", oid, size: file.bytes.length } });
  }
  const committed = await ok(
    await fetch(`${hub}/api/models/${repoId}/commit/${options.branch ?? "main"}`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/x-ndjson" },
      body: lines.map((line) => JSON.stringify(line)).join("\n"),
    }),
    `commit to ${repoId}`,
  );
  return ((await committed.json()) as { commitOid: string }).commitOid;
}

export interface CountingProxy {
  url: string;
  /** requests relayed, by path (query left out) */
  counts: Map<string, number>;
  count(path: string): number;
  /** holds the body of responses whose path ends with `suffix` after `bytes`, until release() */
  holdAfter(suffix: string, bytes: number): void;
  /** bytes of held responses sent so far, and whether one is waiting */
  held: { sent: number; waiting: boolean; finished: boolean };
  release(): void;
  close(): Promise<void>;
}

/** A loopback HTTP proxy in front of `target` (an http://127.0.0.1:port origin). */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const counts = new Map<string, number>();
  let hold: { suffix: string; bytes: number } | undefined;
  let releaseHeld: (() => void) | undefined;
  const held = { sent: 0, waiting: false, finished: false };
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        // A connection per request: a kept-alive one that A closes while idle would reset the next.
        agent: false,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        const holding = hold && path.endsWith(hold.suffix) ? hold : undefined;
        if (!holding) {
          answer.pipe(response);
          return;
        }
        answer.on("data", (chunk: Buffer) => {
          held.sent += chunk.length;
          response.write(chunk);
          if (held.sent >= holding.bytes && !held.waiting && releaseHeld === undefined) {
            answer.pause();
            held.waiting = true;
            releaseHeld = () => answer.resume();
          }
        });
        answer.on("end", () => {
          held.finished = true;
          response.end();
        });
      },
    );
    outgoing.on("error", () => response.destroy());
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    count: (path) => counts.get(path) ?? 0,
    holdAfter(suffix, bytes) {
      hold = { suffix, bytes };
    },
    held,
    release() {
      held.waiting = false;
      releaseHeld?.();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Polls `check` until it returns a value (not undefined), up to `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
