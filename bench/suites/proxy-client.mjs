// The /router proxy's upstream client: the native one (own net/tls connections, Node's llhttp parser
// driven directly through the internal `_http_common`) against the public node:http one (keep-alive
// http.Agent, http.request, the IncomingMessage's data relayed), both behind the same interface in
// apps/hub/src/router/ and picked by HUBKIT_PROXY_CLIENT. The figures decide
// docs/decisions/003-router-proxy-client.md. Same method as hub-proxy: one bench upstream, one hub
// per client (HUBKIT_PROXY_CLIENT=native / node-http, in their own processes, both alive through the
// whole run) and a fresh load process per measurement; the two clients alternate within each round
// in an order that flips every round, ratios are taken within a round, and summarised as median and
// spread.
// - streams per CPU second: 50 loops fetching 20-event streams for 3 s, ÷ the CPU time of load,
//   upstream and hub; and the hub's own CPU time per stream, the part the client changes;
// - added delay per chunk: 200 streams × an event every 50 ms, median arrival − write, minus the
//   same direct (measured in the same round);
// - memory per open stream: the hub's heap + external after a full GC, 200 streams held open.
import { OURS, exists } from "../lib/paths.mjs";
import {
  cpuMs,
  firstLine,
  memory,
  runLoad,
  startProxyHub,
  startWorker,
  stopProxyHub,
} from "../lib/proxy-processes.mjs";
import { median, spread, spreadText } from "../lib/stats.mjs";

export const title = "hub /router proxy: upstream client, native parser vs node:http";

const ROUNDS = Number(process.env.HUBKIT_BENCH_ROUNDS ?? 7);
const RATE = { concurrency: 50, seconds: 3 };
const DELAY = { streams: 200, events: 50, intervalMs: 50 };
const HOLD = { streams: 200, holdMs: 6000 };
const CLIENTS = ["native", "node-http"];
/** node:http is taken if it is within this of the native client on every figure (the decision's rule). */
const WITHIN = 0.1;

export async function run() {
  if (!exists(OURS.hubCli)) return { rows: [{ figure: title, status: "skipped: apps/hub is not built" }] };
  const upstream = startWorker("proxy-upstream");
  const hubs = {};
  try {
    const upstreamUrl = JSON.parse(await firstLine(upstream.child)).url;
    for (const kind of CLIENTS) hubs[kind] = await startProxyHub(upstreamUrl, { HUBKIT_PROXY_CLIENT: kind });
    const target = (kind) =>
      kind === "direct"
        ? `${upstreamUrl}/v1/chat/completions`
        : `${hubs[kind].url}/router/bench/v1/chat/completions`;
    // Warm every path (JIT, keep-alive pools).
    for (const kind of ["direct", ...CLIENTS]) await runLoad(["rate", target(kind), "10", "1"]);

    const figures = Object.fromEntries(
      CLIENTS.map((kind) => [
        kind,
        { perCpu: [], hubUsPerStream: [], wall: [], delay: [], p95: [], heap: [], rss: [] },
      ]),
    );
    const directDelay = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...CLIENTS].reverse() : CLIENTS;
      for (const kind of order) {
        const hub = hubs[kind].child;
        const before = { upstream: await cpuMs(upstream.child), hub: await cpuMs(hub) };
        const r = await runLoad(["rate", target(kind), String(RATE.concurrency), String(RATE.seconds)]);
        const upstreamMs = (await cpuMs(upstream.child)) - before.upstream;
        const hubMs = (await cpuMs(hub)) - before.hub;
        figures[kind].perCpu.push(r.streams / ((r.clientCpuMs + upstreamMs + hubMs) / 1000));
        figures[kind].hubUsPerStream.push((hubMs * 1000) / r.streams);
        figures[kind].wall.push(r.streamsPerSecond);
      }
      for (const kind of round % 2 ? [...order, "direct"] : ["direct", ...order]) {
        const args = [String(DELAY.streams), String(DELAY.events), String(DELAY.intervalMs)];
        const d = await runLoad(["delay", target(kind), ...args]);
        if (d.chunks !== DELAY.streams * DELAY.events) throw new Error(`${kind}: ${d.chunks} chunks arrived`);
        if (kind === "direct") directDelay.push(d.median);
        else {
          figures[kind].delay.push(d.median);
          figures[kind].p95.push(d.p95);
        }
      }
      for (const kind of order) {
        const hub = hubs[kind].child;
        const before = await memory(hub);
        let measured;
        await runLoad(["hold", target(kind), String(HOLD.streams), String(HOLD.holdMs)], (line) => {
          if (line === "open") measured = memory(hub);
        });
        const during = await measured;
        figures[kind].heap.push((during.heap - before.heap) / HOLD.streams / 1024);
        figures[kind].rss.push((during.rss - before.rss) / HOLD.streams / 1024);
      }
    }
    return report(figures, directDelay);
  } finally {
    upstream.child.kill();
    for (const hub of Object.values(hubs)) stopProxyHub(hub);
  }
}

function report(figures, directDelay) {
  const [native, nodeHttp] = CLIENTS.map((kind) => figures[kind]);
  const perRound = (key, f) => spread(nodeHttp[key].map((value, i) => f(value, native[key][i])));
  const rate = perRound("perCpu", (b, a) => b / a);
  const hubCpu = perRound("hubUsPerStream", (b, a) => b / a);
  const wall = perRound("wall", (b, a) => b / a);
  const added = (kind) => spread(figures[kind].delay.map((value, i) => value - directDelay[i]));
  const heapDiff = perRound("heap", (b, a) => b - a);
  const ms = (value) => value.toFixed(1);
  const kb = (value) => value.toFixed(1);
  const list = (values, f) => values.map(f).join("/");
  const within = rate.median >= 1 - WITHIN;
  return {
    rows: [
      {
        figure: `proxy client: streams per CPU s (${RATE.concurrency} loops, 20-event streams), node:http vs native`,
        ours: `native ${median(native.perCpu).toFixed(0)}, node:http ${median(nodeHttp.perCpu).toFixed(0)} streams/CPU s`,
        ratio: `${spreadText(rate)} of native`,
        target: `node:http ≥ ${1 - WITHIN}× native to replace it`,
        status: within ? "node:http within" : "native kept",
      },
      {
        figure: "  hub CPU per stream, node:http vs native",
        ours: `native ${median(native.hubUsPerStream).toFixed(0)} µs, node:http ${median(nodeHttp.hubUsPerStream).toFixed(0)} µs`,
        ratio: `${spreadText(hubCpu)} of native`,
        target: "report",
      },
      {
        figure: `  added delay per chunk, ${DELAY.streams} streams × 1 event/${DELAY.intervalMs} ms`,
        ours: `native +${ms(added("native").median)} ms, node:http +${ms(added("node-http").median)} ms`,
        ratio: `node:http +${spreadText(added("node-http"), ms)} ms`.replace(/×/g, ""),
        target: "report",
      },
      {
        figure: `  memory per open stream (hub heap + external, ${HOLD.streams} streams)`,
        ours: `native ${kb(median(native.heap))} KB, node:http ${kb(median(nodeHttp.heap))} KB`,
        ratio: `node:http − native ${spreadText(heapDiff, kb)} KB`.replace(/×/g, ""),
        target: "report",
      },
    ],
    details: [
      `${ROUNDS} rounds; each round: rate (native and node:http), delay (with direct), hold; order flipped every round`,
      `streams per CPU second (load + upstream + hub) per round: native ${list(native.perCpu, (v) => v.toFixed(0))}; node:http ${list(nodeHttp.perCpu, (v) => v.toFixed(0))}`,
      `hub CPU per stream (µs) per round: native ${list(native.hubUsPerStream, (v) => v.toFixed(0))}; node:http ${list(nodeHttp.hubUsPerStream, (v) => v.toFixed(0))}`,
      `streams per wall second per round (ratio ${spreadText(wall)}): native ${list(native.wall, (v) => v.toFixed(0))}; node:http ${list(nodeHttp.wall, (v) => v.toFixed(0))}`,
      `median delay per chunk per round (ms): direct ${list(directDelay, ms)}; native ${list(native.delay, ms)}; node:http ${list(nodeHttp.delay, ms)}`,
      `p95 delay per chunk per round (ms): native ${list(native.p95, ms)}; node:http ${list(nodeHttp.p95, ms)}`,
      `per open stream (KB), heap + external: native ${list(native.heap, kb)}; node:http ${list(nodeHttp.heap, kb)}; RSS (not judged): native ${list(native.rss, kb)}; node:http ${list(nodeHttp.rss, kb)}`,
    ],
  };
}
