// Raw throughput of our SSE parser (packages/inference/dist/lib/sse.js, internal) on the recorded
// stream, fed as 16 KiB text chunks as a network read would deliver it; no JSON parsing. Also the
// rate of `JSON.parse` alone over the same events' data: every client must parse each event into an
// object, so that rate bounds what any client can reach through `chatCompletionStream`.
import { chatStream } from "../fixtures/chat-stream.mjs";
import { OURS } from "../lib/paths.mjs";
import { median } from "../lib/stats.mjs";

const { SseParser } = await import(OURS.sse);
const { text, events } = chatStream();
const CHUNK = 16 * 1024;
const chunks = [];
for (let i = 0; i < text.length; i += CHUNK) chunks.push(text.slice(i, i + CHUNK));

function once() {
  const parser = new SseParser();
  const started = performance.now();
  let count = 0;
  for (const chunk of chunks) count += parser.push(chunk).length;
  count += parser.end().length;
  const seconds = (performance.now() - started) / 1000;
  if (count !== events) throw new Error(`parsed ${count} events, expected ${events}`);
  return events / seconds;
}

const sink = [];
function parseAll() {
  const parser = new SseParser();
  const data = parser.end(parser.push(text)).map((event) => event.data);
  const started = performance.now();
  for (const item of data) if (item !== "[DONE]") sink[0] = JSON.parse(item);
  return data.length / ((performance.now() - started) / 1000);
}

const rates = [];
const jsonRates = [];
for (let i = 0; i < 5; i++) once() && parseAll();
for (let i = 0; i < 15; i++) {
  rates.push(once());
  jsonRates.push(parseAll());
}
console.log(
  JSON.stringify({
    eventsPerSecond: median(rates),
    jsonParsePerSecond: median(jsonRates),
    bytes: text.length,
    meanEventBytes: text.length / events,
  }),
);
