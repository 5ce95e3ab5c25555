// Load for the proxy bench, over raw node:http (so the client costs the same whichever the target).
// node proxy-load.mjs <mode> <stream URL> <args…>
// - rate <concurrency> <seconds>: loops that each fetch a 20-event stream and read it to the end,
//   over and over; prints streams per second.
// - delay <streams> <events> <interval ms>: that many streams at once, each event timed from its
//   write upstream (`t`, CLOCK_MONOTONIC) to its arrival here; prints the delays' median and p95.
// - hold <streams> <hold ms>: opens that many streams, reports "open" once each has its first
//   event, then waits for them to end.
import http from "node:http";

const [mode, url, ...rest] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const now = () => Number(process.hrtime.bigint()) / 1e6;

function stream(query, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${url.includes("?") ? "&" : "?"}${query}`, {
      method: "POST",
      agent,
      headers: { "content-type": "application/json", accept: "text/event-stream" },
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

const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];

if (mode === "rate") {
  const [concurrency, seconds] = rest.map(Number);
  let count = 0;
  const until = now() + seconds * 1000;
  const cpu = process.cpuUsage();
  const started = now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
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
    Array.from({ length: streams }, () =>
      stream(`events=${events}&interval=${interval}`, (event, arrived) => delays.push(arrived - event.t)),
    ),
  );
  const sorted = delays.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      median: median(sorted),
      p95: sorted[Math.floor(sorted.length * 0.95)],
      chunks: sorted.length,
    }),
  );
} else if (mode === "hold") {
  const [streams, hold] = rest.map(Number);
  let open = 0;
  const all = Array.from({ length: streams }, () =>
    stream(`hold=${hold}`, () => {
      if (++open === streams) console.log("open");
    }),
  );
  await Promise.all(all);
  console.log(JSON.stringify({ streams }));
} else {
  throw new Error(`unknown mode ${mode}`);
}
