// Rate limits per hub token across replicas: two hub servers on one Redis (a throwaway redis-server
// started here from Debian's binary), a token limited to N requests per minute gets exactly N
// successes and then 429 with Retry-After, whichever replica it calls. With Redis stopped the hubs
// answer (fail open) and warn; restarted, they find it again by themselves and limit again. Without
// Redis one hub counts in memory, requests and tokens per minute, per token and per org billed.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PassThrough } from "node:stream";
import { runCommand } from "../src/commands.js";
import { startHubServer, type HubServer } from "../src/index.js";

const LIMIT = 5;
const MODEL = "meta-llama/Llama-3.3-70B-Instruct";
const REDIS_BINARY = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((file) =>
  existsSync(file),
);

let work: string;
let redisPort: number;
let redis: ChildProcess | undefined;
let replicas: HubServer[] = [];
let memoryHub: HubServer;
let token: string;
const warnings: string[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startRedis(): Promise<void> {
  if (!REDIS_BINARY)
    throw new Error("redis-server is not installed (npm test installs Debian's redis-server)");
  const child = spawn(
    REDIS_BINARY,
    ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  redis = child;
  // Ready once it says so on stdout.
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("Ready to accept connections")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
}

async function stopRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function chat(hub: HubServer, bearer: string, headers: Record<string, string> = {}) {
  return fetch(`${hub.url}/router/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${bearer}`, ...headers },
    body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: "Say hello" }], max_tokens: 4 }),
  });
}

/** Waits until `check` holds, polling every 50 ms, up to 15 s. */
async function waitFor(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hubkit-gateway-limits-"));
  redisPort = await freePort();
  await startRedis();
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  replicas = await Promise.all(
    ["a", "b"].map((name) =>
      startHubServer({
        port: 0,
        dataDir: path.join(work, name),
        hfToken: "",
        emulatorStreamIntervalMs: 0,
        gateway: { redisUrl, limits: { token: { rpm: LIMIT }, org: {} } },
        onWarning: (message) => warnings.push(message),
      }),
    ),
  );
  // One user and token known to both replicas (as they would share a PostgreSQL database).
  token = await replicas[0].repos.access.createToken("dana");
  const { hashToken } = await import("../src/repos/access.js");
  const record = await replicas[0].repos.meta.tokenByHash(hashToken(token));
  await replicas[1].repos.meta.ensureAccount("dana", false);
  await replicas[1].repos.meta.addToken(record!);
  await Promise.all(replicas.map((hub) => hub.gateway.limiterReady()));
  memoryHub = await startHubServer({
    port: 0,
    dataDir: path.join(work, "memory"),
    hfToken: "",
    emulatorStreamIntervalMs: 0,
    gateway: { limits: { token: { tpm: 60 }, org: { rpm: 2 } } },
  });
}, 60_000);

afterAll(async () => {
  await Promise.all([...replicas, memoryHub].map((hub) => hub?.close()));
  await stopRedis();
  rmSync(work, { recursive: true, force: true });
});

describe("rate limits shared by replicas through Redis", () => {
  it("gives a token exactly N successes per minute across both replicas, then 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) {
      const response = await chat(replicas[i % 2], token);
      statuses.push(response.status);
      if (response.status === 429) {
        const retryAfter = Number(response.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(((await response.json()) as { error: string }).error).toMatch(/5 requests per minute/);
      } else await response.text();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(replicas.every((hub) => hub.gateway.limiter === "redis")).toBe(true);
  });

  it("answers while Redis is down (fail open, with a warning) and limits again once it is back", async () => {
    await stopRedis();
    await waitFor(() => replicas.every((hub) => !hub.gateway.limiterHealthy()));
    for (let i = 0; i < 3; i++) expect((await chat(replicas[i % 2], token)).status).toBe(200);
    expect(warnings.some((message) => /Redis does not answer.*fail open/.test(message))).toBe(true);
    await startRedis();
    await waitFor(() => replicas.every((hub) => hub.gateway.limiterHealthy()));
    // The new Redis holds no counts: the window starts again.
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await chat(replicas[i % 2], token)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("rate limits in memory", () => {
  it("takes a limit stored for one token (hubkit-hub limit set) over the hub's default", async () => {
    const user = await memoryHub.repos.access.createToken("fred");
    const { hashToken } = await import("../src/repos/access.js");
    const id = (await memoryHub.repos.meta.tokenByHash(hashToken(user)))!.id;
    const limit = (...args: string[]) =>
      runCommand(["limit", ...args, "--data-dir", path.join(work, "memory")], {
        stdout: new PassThrough(),
        stderr: new PassThrough(),
        env: {},
      });
    expect((await limit("set", "--token", id, "--rpm", "2")).exitCode).toBe(0);
    expect((await limit("set", "--rpm", "2")).exitCode).toBe(2);
    await memoryHub.gateway.reloadSettings();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await chat(memoryHub, user)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await limit("remove", "--token", id)).exitCode).toBe(0);
    await memoryHub.gateway.reloadSettings();
    // Back to the default (tokens per minute only): the fourth call goes through.
    expect((await chat(memoryHub, user)).status).toBe(200);
  });

  it("counts tokens per minute per token, and requests per org billed", async () => {
    expect(memoryHub.gateway.limiter).toBe("memory");
    const user = await memoryHub.repos.access.createToken("erin", { orgs: ["labs"] });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await chat(memoryHub, user, { "x-hf-bill-to": "labs" })).status);
    expect(statuses).toEqual([200, 200, 429]);
    // Each call uses about 10 tokens (the org calls counted too): within six calls 60 per minute is crossed.
    const tokenStatuses: number[] = [];
    for (let i = 0; i < 6; i++) tokenStatuses.push((await chat(memoryHub, user)).status);
    expect(tokenStatuses.slice(0, 2)).toEqual([200, 200]);
    expect(tokenStatuses.at(-1)).toBe(429);
  });
});
