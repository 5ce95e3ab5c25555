// Load for the proxy bench, over raw node:http (so the client costs the same whichever the target).
// node proxy-load.mjs <mode> <stream URL> <args…>; HUBKIT_BENCH_AUTHORIZATION, when set, is sent as
// each request's Authorization (a hub token, for the gateway's runs).
// - rate <concurrency> <seconds>: loops that each fetch a 20-event stream and read it to the end,
//   over and over; prints streams per second.
// - delay <streams> <events> <interval ms>: that many streams open together, each event timed from
//   its write upstream (`t`, CLOCK_MONOTONIC) to its arrival here; prints the delays' median, p95
//   and p99.
// - hold <streams> <hold ms>: opens that many streams, reports "open" once each has its first
//   event, then waits for them to end (the upstream ends them when told, or after <hold ms>);
//   prints how long opening them took.
// Streams start spread over a short ramp (RAMP_MS, or one event interval for `delay`) rather than in
// one burst: a thousand independent callers do not connect in the same millisecond, and a burst
// larger than a server's listen backlog (Node's default is 511) would time SYN retries, not the
// proxy. With `delay`, the spread also keeps the events evenly paced instead of in 50 ms waves.
import http from "node:http";

const [mode, url, ...rest] = process.argv.slice(2);
const RAMP_MS = 100;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const authorization = process.env.HUBKIT_BENCH_AUTHORIZATION;
const headers = {
  "content-type": "application/json",
  accept: "text/event-stream",
  ...(authorization ? { authorization } : {}),
};
const now = () => Number(process.hrtime.bigint()) / 1e6;
const startsAfter = (i, count, rampMs) => new Promise((resolve) => setTimeout(resolve, (i * rampMs) / count));

function stream(query, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${url.includes("?") ? "&" : "?"}${query}`, {
      method: "POST",
      agent,
      headers,
    });
    request.on("response", (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`status ${response.statusCode}`));
        response.resume();
        return;
      }
      let carry = "";
      let done = false;
      response.setEncoding("utf8");
      response.on("data", (text) => {
        const arrived = now();
        const lines = (carry + text).split("\n\n");
        carry = lines.pop();
        for (const line of lines) {
          if (line === "data: [DONE]") done = true;
          else if (line.startsWith("data: ")) onEvent?.(JSON.parse(line.slice(6)), arrived);
        }
      });
      response.on("end", () => (done ? resolve() : reject(new Error("stream ended without [DONE]"))));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end('{"model":"bench/chat-model","stream":true}');
  });
}

if (mode === "rate") {
  const [concurrency, seconds] = rest.map(Number);
  let count = 0;
  const started = now();
  const until = started + seconds * 1000;
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      await startsAfter(i, concurrency, RAMP_MS);
      while (now() < until) {
        await stream("events=20");
        count++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      streams: count,
      streamsPerSecond: count / ((now() - started) / 1000),
      clientCpuMs: (used.user + used.system) / 1000,
    }),
  );
} else if (mode === "delay") {
  const [streams, events, interval] = rest.map(Number);
  const delays = [];
  await Promise.all(
    Array.from({ length: streams }, async (_, i) => {
      await startsAfter(i, streams, interval);
      await stream(`events=${events}&interval=${interval}`, (event, arrived) =>
        delays.push(arrived - event.t),
      );
    }),
  );
  const sorted = Float64Array.from(delays).sort();
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
  console.log(JSON.stringify({ median: at(0.5), p95: at(0.95), p99: at(0.99), chunks: sorted.length }));
} else if (mode === "hold") {
  const [streams, hold] = rest.map(Number);
  let open = 0;
  const started = now();
  let openMs;
  await Promise.all(
    Array.from({ length: streams }, async (_, i) => {
      await startsAfter(i, streams, RAMP_MS);
      await stream(`hold=${hold}`, () => {
        if (++open < streams) return;
        openMs = now() - started;
        console.log("open");
      });
    }),
  );
  // How long opening took: a stream ends `hold` ms after its first event at the latest, so the
  // first ones may close that long after they opened.
  console.log(JSON.stringify({ streams, openMs }));
} else {
  throw new Error(`unknown mode ${mode}`);
}
