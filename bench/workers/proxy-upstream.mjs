// The inference upstream for the proxy bench: answers any POST with a chat-completion event stream.
// Query: events (default 20), interval (ms between events; 0 writes them back to back), hold (ms at
// most to keep the stream open after the first event, for the memory figure; a "release" message
// ends every held stream at once). Each event carries `t`, the CLOCK_MONOTONIC time it was written
// (ms): the same clock in every process of this machine, so the reader can tell how long the event
// took to arrive. Prints its URL; answers the probes of probes.mjs ("cpu" also says how many
// connections were opened); stops when its parent does.
import http from "node:http";
import { answerProbes } from "./probes.mjs";

const now = () => Number(process.hrtime.bigint()) / 1e6;
const event = (i) =>
  `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","model":"bench/chat-model","t":${now()},"choices":[{"index":0,"delta":{"content":" token ${i}"},"finish_reason":null}]}\n\n`;

/** How to end each stream held open, for "release". */
const held = new Set();

const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const query = new URL(req.url, "http://x").searchParams;
    const events = Number(query.get("events") ?? 20);
    const interval = Number(query.get("interval") ?? 0);
    const hold = Number(query.get("hold") ?? 0);
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    if (hold > 0) {
      res.write(event(0));
      const end = () => res.end("data: [DONE]\n\n");
      const timer = setTimeout(end, hold);
      held.add(end);
      res.on("close", () => {
        clearTimeout(timer);
        held.delete(end);
      });
      return;
    }
    if (interval === 0) {
      for (let i = 0; i < events; i++) res.write(event(i));
      res.end("data: [DONE]\n\n");
      return;
    }
    let i = 0;
    const timer = setInterval(() => {
      if (i < events) res.write(event(i++));
      else {
        clearInterval(timer);
        res.end("data: [DONE]\n\n");
      }
    }, interval);
    res.on("close", () => clearInterval(timer));
  });
});
server.keepAliveTimeout = 60_000;
// Connections opened so far: a proxy that reuses its connections keeps this near its concurrency.
let connections = 0;
server.on("connection", () => connections++);
// A backlog above the bench's 1 000 streams, so that no burst of connections waits for a SYN retry.
server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` }));
});
answerProbes(() => ({ connections }));
process.on("message", (message) => {
  if (message === "release") for (const end of held) end();
});
process.on("disconnect", () => process.exit(0));
