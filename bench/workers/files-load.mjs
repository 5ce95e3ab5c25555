// Load for the files bench, over raw keep-alive sockets (so the client costs the same whichever server
// answers, and as little as a client can: one reused read buffer, no HTTP library, no body copies).
// node files-load.mjs <mode> <url> <args…>
// - get <connections> <seconds> <size>: that many connections each downloading the file over and over
//   for the window; prints bytes/s over the window and the number of whole downloads. Every reply
//   must be a 200 with content-length <size>.
// - head <connections> <seconds>: HEAD requests back to back on each connection; prints the count and
//   the latency percentiles (from the request's write to the end of the reply's headers).
import net from "node:net";

const [mode, target, ...rest] = process.argv.slice(2);
const url = new URL(target);
const now = () => Number(process.hrtime.bigint()) / 1e6;
const READ_BUFFER = 256 * 1024;
const HEADER_END = Buffer.from("\r\n\r\n");

function percentile(values, p) {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * One keep-alive connection sending `method` requests back to back until `until`; calls
 * `onReply(status, contentLength, ms)` when a reply's headers are in and `onBody(bytes)` per body chunk.
 * Reconnects when the server closes the connection (nginx does after keepalive_requests).
 */
function connection(method, until, { onReply, onBody, onEnd, onDone }) {
  const request = Buffer.from(
    `${method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUser-Agent: hubkit-bench\r\n\r\n`,
  );
  let header = Buffer.alloc(0);
  let remaining = -1; // body bytes still to come; -1 while reading headers
  let sentAt = 0;
  let socket;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    socket.destroy();
    onDone();
  };
  // A download still under way when the window closes is cut there (its bytes so far count).
  setTimeout(finish, Math.max(0, until - now()));
  const send = () => {
    if (now() >= until) return finish();
    header = Buffer.alloc(0);
    remaining = -1;
    sentAt = now();
    socket.write(request);
  };
  const consume = (chunk) => {
    let offset = 0;
    while (offset < chunk.length) {
      if (remaining < 0) {
        header = Buffer.concat([header, chunk.subarray(offset)]);
        const end = header.indexOf(HEADER_END);
        if (end === -1) return;
        const text = header.subarray(0, end).toString("latin1");
        const status = Number(text.slice(9, 12));
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(text)?.[1] ?? 0);
        const used = end + 4 - (header.length - (chunk.length - offset));
        offset += used;
        remaining = method === "HEAD" ? 0 : length;
        onReply(status, length, now() - sentAt);
      } else {
        const take = Math.min(remaining, chunk.length - offset);
        onBody(take);
        remaining -= take;
        offset += take;
      }
      if (remaining === 0) {
        onEnd?.();
        send();
        if (socket.destroyed) return;
      }
    }
  };
  const open = () => {
    socket = net.connect({
      host: url.hostname,
      port: Number(url.port),
      noDelay: true,
      onread: {
        buffer: Buffer.allocUnsafe(READ_BUFFER),
        callback: (length, buffer) => {
          consume(buffer.subarray(0, length));
          return true;
        },
      },
    });
    socket.on("connect", send);
    socket.on("error", () => {});
    socket.on("close", () => {
      if (!finished) open();
    });
  };
  open();
}

function runAll(connections, body) {
  return Promise.all(Array.from({ length: connections }, () => new Promise((resolve) => body(resolve))));
}

if (mode === "get") {
  const [connections, seconds, size] = rest.map(Number);
  let bytes = 0;
  let whole = 0;
  let bad = 0;
  const started = now();
  const until = started + seconds * 1000;
  const cpu = process.cpuUsage();
  await runAll(connections, (done) =>
    connection("GET", until, {
      onReply: (status, length) => {
        if (status !== 200 || length !== size) bad++;
      },
      onBody: (count) => {
        bytes += count;
      },
      onEnd: () => whole++,
      onDone: done,
    }),
  );
  const elapsed = (now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      bytesPerSecond: bytes / elapsed,
      bytes,
      whole,
      seconds: elapsed,
      bad,
      clientCpu: (used.user + used.system) / 1e6 / elapsed,
    }),
  );
} else if (mode === "head") {
  const [connections, seconds] = rest.map(Number);
  const latencies = [];
  let bad = 0;
  const until = now() + seconds * 1000;
  await runAll(connections, (done) =>
    connection("HEAD", until, {
      onReply: (status, _length, ms) => {
        if (status !== 200) bad++;
        latencies.push(ms);
      },
      onBody: () => {},
      onDone: done,
    }),
  );
  console.log(
    JSON.stringify({
      requests: latencies.length,
      perSecond: latencies.length / seconds,
      bad,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
    }),
  );
} else {
  console.error("usage: files-load.mjs get|head <url> …");
  process.exit(2);
}
