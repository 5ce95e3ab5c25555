// What the router gateway adds to a proxied call: the hub's /router online against a loopback
// upstream that answers a small chat reply at once, one keep-alive connection, calls one after the
// other; the median round trip with the gateway off (the proxy as before), on for a caller it does
// not know, and on for a hub token with rate limits (in memory, then in Redis when one answers) and
// usage recording. Configurations alternate within each round; the figure is the median of rounds.
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../lib/paths.mjs";
import { median } from "../lib/stats.mjs";

export const title = "hub router gateway";

const ROUNDS = 5;
const CALLS = 1000;
const WARM = 200;
const GOAL_MS = 1;
const REPLY = '{"choices":[{"message":{"content":"hi"}}],"usage":{"prompt_tokens":5,"completion_tokens":2}}';
const LIMITS = { token: { rpm: 1e9, tpm: 1e12 }, org: {} };

async function redisUrl() {
  const url = process.env.HUBKIT_REDIS_URL || "redis://127.0.0.1:6379";
  const { hostname, port } = new URL(url);
  const net = await import("node:net");
  const socket = net.connect(Number(port || 6379), hostname);
  const answers = await new Promise((resolve) => {
    socket.setTimeout(1000, () => resolve(false));
    socket.on("error", () => resolve(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => resolve(String(data).startsWith("+PONG")));
  });
  socket.destroy();
  return answers ? url : undefined;
}

export async function run() {
  const { startHubServer } = await import(pathToFileURL(path.join(ROOT, "apps/hub/dist/index.js")).href);
  const upstream = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(REPLY));
  });
  await new Promise((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const routerUrl = `http://127.0.0.1:${upstream.address().port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = JSON.stringify({ model: "x/y", messages: [{ role: "user", content: "hi" }] });
  const call = (url, token) =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const request = http.request(
        url,
        {
          method: "POST",
          agent,
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        },
        (response) => {
          response.resume();
          if (response.statusCode !== 200) reject(new Error(`the hub answered ${response.statusCode}`));
          response.on("end", () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
        },
      );
      request.on("error", reject);
      request.end(body);
    });

  const redis = await redisUrl();
  const configs = [
    { name: "off", gateway: { disabled: true } },
    { name: "unknown caller", gateway: {} },
    { name: "hub token, limits in memory, usage", gateway: { limits: LIMITS }, token: true },
    ...(redis
      ? [
          {
            name: "hub token, limits in Redis, usage",
            gateway: { limits: LIMITS, redisUrl: redis },
            token: true,
          },
        ]
      : []),
  ];
  const dirs = [];
  const hubs = [];
  try {
    for (const config of configs) {
      const dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-bench-gateway-"));
      dirs.push(dataDir);
      const hub = await startHubServer({
        port: 0,
        dataDir,
        seed: false,
        hfToken: "hf_benchServerToken000000",
        onlineRouterUrl: routerUrl,
        gateway: config.gateway,
      });
      await hub.gateway.limiterReady();
      const token = config.token ? await hub.repos.access.createToken("bench") : "hf_benchUnknownCaller0000";
      hubs.push({ ...config, hub, token, medians: [] });
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...hubs].reverse() : hubs;
      for (const entry of order) {
        const url = `${entry.hub.url}/router/together/v1/chat/completions`;
        for (let i = 0; i < WARM; i++) await call(url, entry.token);
        const times = [];
        for (let i = 0; i < CALLS; i++) times.push(await call(url, entry.token));
        entry.medians.push(median(times));
      }
    }
  } finally {
    for (const { hub } of hubs) await hub.close();
    upstream.close();
    agent.destroy();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  const base = median(hubs[0].medians);
  const rows = hubs.slice(1).map((entry) => {
    const added = median(entry.medians) - base;
    return {
      figure: `router gateway: added median latency per call, ${entry.name}`,
      ours: `${(added * 1000).toFixed(0)} µs`,
      reference: "",
      ratio: "",
      target: `≤ ${GOAL_MS} ms`,
      met: added <= GOAL_MS,
    };
  });
  return {
    rows,
    details: [
      ...hubs.map(
        (entry) =>
          `${entry.name}: median round trip ${median(entry.medians).toFixed(3)} ms (rounds: ${entry.medians.map((m) => m.toFixed(3)).join(", ")})`,
      ),
      ...(redis
        ? []
        : ["no Redis answered (HUBKIT_REDIS_URL or 127.0.0.1:6379): the Redis figure is left out"]),
    ],
  };
}
