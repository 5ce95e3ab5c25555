// The hub's /router proxy against streaming directly (no proxy): the limit it is measured against,
// at 1 000 concurrent streams. Four processes: a bench upstream (workers/proxy-upstream.mjs: event
// streams on demand, each event stamped with CLOCK_MONOTONIC), two hubs online against it
// (workers/proxy-hub.mjs), one with its router gateway off (the proxy alone) and one with it on as a
// team runs it (callers send a hub token, rate limits counted in memory, usage recorded), and a load
// generator over raw node:http (workers/proxy-load.mjs), fresh per measurement, so its own CPU is
// its own process's. Direct, proxied and gateway measurements rotate within each round; ratios and
// differences are taken within a round and summarised as median and spread.
// - streams per CPU s: 1 000 loops fetching 20-event streams back to back for 3 s, counted per second
//   of the CPU time of every process involved (load, upstream, and the hub when proxied): the rate a
//   saturated machine would serve, steady under other sessions' load, where wall-clock rates swing 5×
//   from one round to the next (those are in the details);
// - added delay per chunk: 1 000 streams at once, an event every 50 ms each (20 000 chunks/s), the
//   median and p99 of (arrival − upstream write) through the proxy minus the same direct;
// - memory per open stream: with 1 000 streams held open, the hub's V8 heap + external memory
//   (Buffers, native objects bound to JS) after a full GC, minus the same before, ÷ 1 000. The direct
//   path has no hub, so all of it is beyond direct; the upstream's own memory per stream, direct and
//   proxied, is in the details. RSS is reported too but not judged: after the load phases the
//   allocator returns memory at will, so its deltas can even come out negative.
// File descriptors: a proxied stream holds one socket in the load, two in the hub and one in the
// upstream, well inside `ulimit -n` (20 000) at 1 000 streams.
import { OURS, exists } from "../lib/paths.mjs";
import { cpuMs, firstLine, firstMessage, memory, runLoad, startWorker } from "../lib/proxy-processes.mjs";
import { clears, median, spread, spreadText } from "../lib/stats.mjs";

export const title = "hub /router proxy";

const ROUNDS = 5;
const STREAMS = 1000;
const RATE = { concurrency: STREAMS, seconds: 3 };
const DELAY = { streams: STREAMS, events: 50, intervalMs: 50 };
// Held until measured, then released by the upstream; holdMs only bounds a run that goes wrong.
const HOLD = { streams: STREAMS, holdMs: 120_000 };
const GOALS = { rate: 0.85, delayMs: 2, p99Ms: 10, kbPerStream: 10 };
/** With the gateway on, each figure within 10 % of the same with it off (see gatewayRows). */
const GATEWAY_WITHIN = 0.1;
const KINDS = ["direct", "proxy", "gateway"];

/** Runs the load worker against `target` (with its gateway token, if any); see runLoad. */
function load(target, args, onLine) {
  const env = target.authorization ? { HUBKIT_BENCH_AUTHORIZATION: target.authorization } : {};
  return runLoad([args[0], target.url, ...args.slice(1)], onLine, env);
}

/** Starts the upstream and the two hubs; returns the three targets the load is pointed at. */
async function startServers(children) {
  const upstream = startWorker("proxy-upstream", { execArgv: ["--expose-gc"] });
  children.push(upstream.child);
  const upstreamUrl = JSON.parse(await firstLine(upstream.child)).url;
  const hubs = {};
  for (const [kind, gateway] of [
    ["proxy", "off"],
    ["gateway", "token"],
  ]) {
    const hub = startWorker("proxy-hub", {
      args: [upstreamUrl],
      execArgv: ["--expose-gc"],
      env: { HUBKIT_BENCH_GATEWAY: gateway },
    });
    children.push(hub.child);
    const ready = await firstMessage(hub.child, (m) => m && m.url);
    hubs[kind] = {
      url: `${ready.url}/router/bench/v1/chat/completions`,
      hub: hub.child,
      authorization: ready.token ? `Bearer ${ready.token}` : undefined,
    };
  }
  return {
    upstream: upstream.child,
    targets: { direct: { url: `${upstreamUrl}/v1/chat/completions` }, ...hubs },
  };
}

/** Streams per CPU second (load + upstream + the hub when proxied) and per wall second. */
async function measureRate(upstream, target) {
  const before = { upstream: await cpuMs(upstream), hub: target.hub ? await cpuMs(target.hub) : 0 };
  const r = await load(target, ["rate", String(RATE.concurrency), String(RATE.seconds)]);
  const upstreamMs = (await cpuMs(upstream)) - before.upstream;
  const hubMs = target.hub ? (await cpuMs(target.hub)) - before.hub : 0;
  return { perCpu: r.streams / ((r.clientCpuMs + upstreamMs + hubMs) / 1000), wall: r.streamsPerSecond };
}

async function measureDelay(target, kind) {
  const d = await load(target, [
    "delay",
    String(DELAY.streams),
    String(DELAY.events),
    String(DELAY.intervalMs),
  ]);
  if (d.chunks !== DELAY.streams * DELAY.events) throw new Error(`${kind}: ${d.chunks} chunks arrived`);
  return d;
}

/** KB per open stream held by the hub (none direct) and by the upstream, heap + external and RSS. */
async function measureHold(upstream, target) {
  const servers = { upstream, ...(target.hub ? { hub: target.hub } : {}) };
  const before = {};
  for (const [name, child] of Object.entries(servers)) before[name] = await memory(child);
  let measured;
  const held = await load(target, ["hold", String(HOLD.streams), String(HOLD.holdMs)], (line) => {
    if (line !== "open") return;
    measured = (async () => {
      const during = {};
      for (const [name, child] of Object.entries(servers)) during[name] = await memory(child);
      upstream.send("release");
      return during;
    })();
  });
  const during = await measured;
  // The first streams must still have been open when measured (each ends holdMs after it opened
  // unless released), with half of holdMs left for the probes' full GCs.
  if (!(held.openMs < HOLD.holdMs / 2))
    throw new Error(`${HOLD.streams} streams took ${held.openMs?.toFixed(0)} ms to open: raise HOLD.holdMs`);
  const perStream = (name, field) =>
    servers[name] ? (during[name][field] - before[name][field]) / HOLD.streams / 1024 : 0;
  return {
    hub: perStream("hub", "heap"),
    hubRss: perStream("hub", "rss"),
    upstream: perStream("upstream", "heap"),
  };
}

/** Each round: every kind's rate, then delay, then memory, in an order that rotates per round. */
async function measure(upstream, targets) {
  const m = Object.fromEntries(
    KINDS.map((kind) => [
      kind,
      { perCpu: [], wall: [], median: [], p99: [], hub: [], hubRss: [], upstream: [] },
    ]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]);
    if (round % 2) order.reverse();
    for (const kind of order) {
      const r = await measureRate(upstream, targets[kind]);
      m[kind].perCpu.push(r.perCpu);
      m[kind].wall.push(r.wall);
    }
    for (const kind of order) {
      const d = await measureDelay(targets[kind], kind);
      m[kind].median.push(d.median);
      m[kind].p99.push(d.p99);
    }
    for (const kind of order) {
      const h = await measureHold(upstream, targets[kind]);
      for (const field of ["hub", "hubRss", "upstream"]) m[kind][field].push(h[field]);
    }
  }
  return m;
}

const perRound = (a, b, combine) => a.map((value, i) => combine(value, b[i]));
const divide = (a, b) => a / b;
const subtract = (a, b) => a - b;
const oneDecimal = (value) => value.toFixed(1);
const plain = (s, format) => spreadText(s, format).replace(/×/g, "");

/** The judged figures of one proxied kind, each as its per-round values against direct. */
function figuresOf(m, kind) {
  return {
    rate: spread(perRound(m[kind].perCpu, m.direct.perCpu, divide)),
    wall: spread(perRound(m[kind].wall, m.direct.wall, divide)),
    added: spread(perRound(m[kind].median, m.direct.median, subtract)),
    addedP99: spread(perRound(m[kind].p99, m.direct.p99, subtract)),
    memory: spread(m[kind].hub),
  };
}

function proxyRows(m, f) {
  return [
    {
      figure: `hub /router proxy (gateway off), streams per CPU s (${RATE.concurrency} loops, 20-event streams)`,
      ours: `${median(m.proxy.perCpu).toFixed(0)} streams/CPU s`,
      limit: `direct ${median(m.direct.perCpu).toFixed(0)} streams/CPU s`,
      ratio: `${spreadText(f.rate)} of direct`,
      target: `≥ ${GOALS.rate}× direct`,
      met: clears(f.rate, GOALS.rate, "least"),
    },
    {
      figure: "  same, wall-clock streams/s (not judged: scheduler-dependent)",
      ours: `${median(m.proxy.wall).toFixed(0)} streams/s`,
      limit: `direct ${median(m.direct.wall).toFixed(0)} streams/s`,
      ratio: `${spreadText(f.wall)} of direct`,
      target: "report",
    },
    {
      figure: `  added delay per chunk, median, ${DELAY.streams} streams × 1 event/${DELAY.intervalMs} ms`,
      ours: `median ${median(m.proxy.median).toFixed(1)} ms`,
      limit: `direct ${median(m.direct.median).toFixed(1)} ms`,
      ratio: `+${plain(f.added, oneDecimal)} ms`,
      target: `≤ ${GOALS.delayMs} ms added`,
      met: clears(f.added, GOALS.delayMs, "most"),
    },
    {
      figure: `  added delay per chunk, p99, ${DELAY.streams} streams`,
      ours: `p99 ${median(m.proxy.p99).toFixed(1)} ms`,
      limit: `direct ${median(m.direct.p99).toFixed(1)} ms`,
      ratio: `+${plain(f.addedP99, oneDecimal)} ms`,
      target: `≤ ${GOALS.p99Ms} ms added`,
      met: clears(f.addedP99, GOALS.p99Ms, "most"),
    },
    {
      figure: `  hub memory per open stream (heap + external, ${HOLD.streams} streams; direct has no hub)`,
      ours: `${f.memory.median.toFixed(1)} KB`,
      ratio: `${plain(f.memory, oneDecimal)} KB`,
      target: `≤ ${GOALS.kbPerStream} KB`,
      met: clears(f.memory, GOALS.kbPerStream, "most"),
    },
  ];
}

/**
 * With the gateway on, each figure must meet the same goal and stay within 10 % of the gateway-off
 * figure of the same round: streams per CPU s at least 0.9× of off; the delays and memory, whose
 * off figures are near zero (where 10 % of them is below the noise), at most 10 % of their goal
 * above off (0.2 ms, 1 ms, 1 KB).
 */
function gatewayRows(m, off, on) {
  const vsOff = {
    rate: spread(perRound(m.gateway.perCpu, m.proxy.perCpu, divide)),
    added: spread(perRound(m.gateway.median, m.proxy.median, subtract)),
    addedP99: spread(perRound(m.gateway.p99, m.proxy.p99, subtract)),
    memory: spread(perRound(m.gateway.hub, m.proxy.hub, subtract)),
  };
  const rate = {
    figure: "hub /router proxy, gateway on (hub token, limits, usage), streams per CPU s",
    ours: `${median(m.gateway.perCpu).toFixed(0)} streams/CPU s`,
    limit: `gateway off ${off.rate.median.toFixed(2)}×; on/off ${spreadText(vsOff.rate)}`,
    ratio: `${spreadText(on.rate)} of direct`,
    target: `≥ ${GOALS.rate}× direct, and ≥ ${1 - GATEWAY_WITHIN}× off`,
    met: clears(on.rate, GOALS.rate, "least") && clears(vsOff.rate, 1 - GATEWAY_WITHIN, "least"),
  };
  // The figures judged "at most": each against its goal and against off plus 10 % of that goal.
  const atMost = [
    {
      label: "added delay per chunk, median",
      ours: `median ${median(m.gateway.median).toFixed(1)} ms`,
      key: "added",
      goal: GOALS.delayMs,
      unit: "ms",
      sign: "+",
    },
    {
      label: "added delay per chunk, p99",
      ours: `p99 ${median(m.gateway.p99).toFixed(1)} ms`,
      key: "addedP99",
      goal: GOALS.p99Ms,
      unit: "ms",
      sign: "+",
    },
    {
      label: "hub memory per open stream",
      ours: `${on.memory.median.toFixed(1)} KB`,
      key: "memory",
      goal: GOALS.kbPerStream,
      unit: "KB",
      sign: "",
    },
  ];
  return [
    rate,
    ...atMost.map(({ label, ours, key, goal, unit, sign }) => ({
      figure: `  gateway on, ${label}`,
      ours,
      limit: `gateway off ${sign}${off[key].median.toFixed(1)} ${unit}; on − off ${plain(vsOff[key], oneDecimal)} ${unit}`,
      ratio: `${sign}${plain(on[key], oneDecimal)} ${unit}`,
      target: `≤ ${goal} ${unit}${sign ? " added" : ""}, and ≤ off + ${goal * GATEWAY_WITHIN} ${unit}`,
      met: clears(on[key], goal, "most") && clears(vsOff[key], goal * GATEWAY_WITHIN, "most"),
    })),
  ];
}

function detailsOf(m) {
  const list = (values, format = (v) => v.toFixed(0)) => values.map(format).join("/");
  const lines = [
    `${ROUNDS} rounds, direct, proxy (gateway off) and gateway on rotating; both hubs online against one loopback bench upstream`,
  ];
  for (const kind of KINDS) {
    lines.push(
      `${kind}: streams per CPU s ${list(m[kind].perCpu)}; per wall s ${list(m[kind].wall)}; delay per chunk median ${list(m[kind].median, oneDecimal)} ms, p99 ${list(m[kind].p99, oneDecimal)} ms`,
    );
  }
  for (const kind of ["proxy", "gateway"]) {
    // The brief's reading of "beyond direct": what the hub holds, plus any change in what the
    // upstream holds when proxied, minus what the upstream holds per stream when called directly.
    const beyond = m[kind].hub.map((hub, i) => hub + m[kind].upstream[i] - m.direct.upstream[i]);
    lines.push(
      `${kind}: per open stream (KB): hub heap + external ${list(m[kind].hub, oneDecimal)}; hub RSS ${list(m[kind].hubRss, oneDecimal)} (not judged); upstream heap + external ${list(m[kind].upstream, oneDecimal)} (direct: ${list(m.direct.upstream, oneDecimal)}); hub + upstream − direct upstream ${spreadText(spread(beyond), oneDecimal).replace(/×/g, "")}`,
    );
  }
  return lines;
}

export async function run() {
  if (!exists(OURS.hubCli)) return { rows: [{ figure: title, status: "skipped: apps/hub is not built" }] };
  const children = [];
  try {
    const { upstream, targets } = await startServers(children);
    // Warm every path (JIT, keep-alive pools, the gateway's caches).
    for (const kind of KINDS) await load(targets[kind], ["rate", "100", "1"]);
    const m = await measure(upstream, targets);
    const off = figuresOf(m, "proxy");
    const on = figuresOf(m, "gateway");
    const notes = [];
    if (!clears(off.rate, GOALS.rate, "least")) notes.push(rateNote(off, on));
    if (!clears(off.added, GOALS.delayMs, "most") || !clears(off.addedP99, GOALS.p99Ms, "most"))
      notes.push(delayNote(m, off));
    if (!clears(off.memory, GOALS.kbPerStream, "most") || !clears(on.memory, GOALS.kbPerStream, "most"))
      notes.push(memoryNote(off, on));
    return { notes, rows: [...proxyRows(m, off), ...gatewayRows(m, off, on)], details: detailsOf(m) };
  } finally {
    for (const child of children) {
      if (child.connected) child.disconnect();
      setTimeout(() => child.kill("SIGKILL"), 3000).unref();
    }
  }
}

// Why a figure missed, from the hub's profiles at 1 000 streams (--cpu-prof over 12 s of `rate` load
// after a warm-up; heap snapshots with 1 000 streams held open, gateway off and on), on the shared
// 2-core machine. The fixes lie in apps/hub/src/router/ and apps/hub/src/gateway/.

function rateNote(off, on) {
  const hubShare = 1 / off.rate.median - 1;
  return (
    `Proxy streams per CPU second against direct (${spreadText(off.rate)}; gateway on ${spreadText(on.rate)}): ` +
    `per stream the hub does what the client and the upstream do together (reads a request and writes a ` +
    `response as a server, writes a request and reads a response as a client), so the ratio is ` +
    `(load + upstream) ÷ (load + upstream + hub): the hub now costs ${hubShare.toFixed(2)}× what load and upstream ` +
    `cost together, and ${GOALS.rate}× needs ≤ ${(1 / GOALS.rate - 1).toFixed(2)}×. Its profile (gateway off): ` +
    `kernel writes ~25 % (writev to the caller, write to the upstream), Node's HTTP server ~30 % (parser ` +
    `callbacks, IncomingMessage and ServerResponse, header checks and _storeHeader), GC ~10 %, the proxy's own ` +
    `code ~12 % (read, walk, forward, flush, respond), new upstream connections ~4 % (the pool grows to the ` +
    `concurrency, and its 4 s idle sweep empties it between measurements). Fixes, in router/: answer /router ` +
    `from a raw net server driving Node's parser directly, as its upstream side already does (decision 003), so ` +
    `that a stream costs no IncomingMessage/ServerResponse and one write per upstream read; keep the upstream ` +
    `pool at its recent peak instead of sweeping it to zero. With the gateway on, gateway/ adds ~13 % of the ` +
    `hub's CPU: the token's SHA-256 on every call (callers.ts keeps callers by the token's hash, so it hashes ` +
    `before it looks; kept by the Authorization value, a token would be hashed once per 10 s), the usage row ` +
    `and its SQLite flush, the reply's tail kept for usage (up to 4 KB, copied afresh on every chunk by ` +
    `proxy.ts's lastBytes) and its regular expressions, and more GC. In wall-clock streams/s the proxy reaches ` +
    `${spreadText(off.wall)} of direct.`
  );
}

function delayNote(m, off) {
  const direct = `the direct path's own delays were median ${median(m.direct.median).toFixed(1)} ms and p99 ${median(m.direct.p99).toFixed(1)} ms`;
  const waiting =
    median(m.direct.median) > GOALS.delayMs
      ? `${direct}, so all of these are mostly time spent waiting for a core, which a third process ` +
        `lengthens (this suite at 200 streams, on a quieter run, measured 0.3 ms direct and 0.7 ms proxied)`
      : `${direct}, so the added delay is the hub's: per chunk it makes one read from the upstream and one ` +
        `write to the caller, on one event loop shared by all ${DELAY.streams} streams, whose turns grow with ` +
        `the CPU it spends per stream (see the streams per CPU s note)`;
  return `Added delay per chunk (median +${plain(off.added, oneDecimal)} ms, p99 +${plain(off.addedP99, oneDecimal)} ms): ${waiting}.`;
}

function memoryNote(off, on) {
  return (
    `Hub memory per open stream (${plain(off.memory, oneDecimal)} KB; gateway on ${plain(on.memory, oneDecimal)} KB), ` +
    `by heap snapshot: the two sockets (caller and upstream: Socket, TCP handle, stream states, listener ` +
    `closures) ~3 KB; Node's request and response (IncomingMessage, ServerResponse with its header text kept as ` +
    `a string concatenated from pieces, parser) ~1.5 KB; the proxy's per-stream closures (15 of them and ` +
    `their context) ~1.5 KB; arrays (headers, listeners) ~2 KB. The gateway adds ~2 KB: the call record, its ` +
    `attempts and subjects, the body kept for failover and the tail kept for usage. Fixes, in router/: the ` +
    `stream's state as one object with methods rather than closures, the raw server above (no ` +
    `IncomingMessage/ServerResponse), and the failover body dropped once an attempt has answered.`
  );
}
