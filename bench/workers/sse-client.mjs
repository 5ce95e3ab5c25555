// Streams the recorded chat stream from the loopback server and prints, per run after a warm-up,
// events per second of wall time and per second of this process's CPU time (steadier on a shared
// machine: it leaves out waiting for a core). Implementations:
// - ours, reference (3.7.1), reference4 (4.13.30): through the public `chatCompletionStream`;
// - raw-http, raw-fetch: the limit loops, the least work any client must do per event with
//   `node:http` or `fetch` — read the body, cut it into lines, JSON.parse each `data:` event and
//   touch its delta — with no error handling, no typing, no iterator in between;
// - raw-iter: the raw fetch loop's same work behind a minimal hand-written async iterator, read with
//   `for await`: the least any client must do whose public API is an async iterable of events, as
//   `chatCompletionStream`'s is (one promise and one resumption per event on top of the raw loop).
// Usage: node sse-client.mjs <impl> <url> <runs> <expected events>
import http from "node:http";
import { postChat } from "../lib/loopback.mjs";
import { SPECIFIERS } from "../lib/paths.mjs";

const [impl, url, runsText, expectedText] = process.argv.slice(2);
const expected = Number(expectedText);
const REQUEST_BODY = JSON.stringify({
  model: "bench/chat-model",
  messages: [{ role: "user", content: "Tell me a long story." }],
  stream: true,
});

/** Counts events and characters in complete lines of text (the limit loops' whole parser). */
function lineCounter() {
  const state = { events: 0, characters: 0 };
  state.lines = (text) => {
    let pos = 0;
    for (;;) {
      const end = text.indexOf("\n", pos);
      if (end === -1) return;
      if (text.startsWith("data: ", pos)) {
        const data = text.slice(pos + 6, end);
        state.events++;
        if (data !== "[DONE]") state.characters += JSON.parse(data).choices[0]?.delta?.content?.length ?? 0;
      }
      pos = end + 1;
    }
  };
  return state;
}

function rawHttp() {
  return new Promise((resolve, reject) => {
    const counter = lineCounter();
    const request = http.request(
      `${url}/v1/chat/completions`,
      { method: "POST", headers: { "content-type": "application/json" } },
      (response) => {
        let carry;
        response.on("data", (chunk) => {
          const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
          const last = bytes.lastIndexOf(10);
          carry = last + 1 < bytes.length ? bytes.subarray(last + 1) : undefined;
          if (last !== -1) counter.lines(bytes.toString("utf8", 0, last + 1));
        });
        response.on("end", () => resolve(counter));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(REQUEST_BODY);
  });
}

/** `value` after the incomplete line the previous read left (`carry`), as one array. */
function withCarry(carry, value) {
  if (!carry) return value;
  const bytes = new Uint8Array(carry.length + value.length);
  bytes.set(carry);
  bytes.set(value, carry.length);
  return bytes;
}

async function rawFetch() {
  const counter = lineCounter();
  const response = await postChat(url, REQUEST_BODY);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let carry;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const bytes = withCarry(carry, value);
    const last = bytes.lastIndexOf(10);
    carry = last + 1 < bytes.length ? bytes.slice(last + 1) : undefined;
    if (last !== -1) counter.lines(decoder.decode(bytes.subarray(0, last + 1)));
  }
  return counter;
}

async function client() {
  const { chatCompletionStream } = await import(SPECIFIERS[impl].inference);
  return async () => {
    const counter = { events: 0, characters: 0 };
    const stream = chatCompletionStream({
      endpointUrl: url,
      model: "bench/chat-model",
      messages: [{ role: "user", content: "Tell me a long story." }],
    });
    for await (const chunk of stream) {
      counter.events++;
      counter.characters += chunk.choices[0]?.delta?.content?.length ?? 0;
    }
    // The clients stop at `data: [DONE]` without yielding it: it counts as a parsed event.
    counter.events++;
    return counter;
  };
}

/** The raw fetch loop turned inside out: events handed out one `next()` at a time. */
function rawEventIterator() {
  const decoder = new TextDecoder();
  let reader;
  let carry;
  let text = "";
  let pos = 0;
  let finished = false;
  const DONE = { done: true, value: undefined };
  // The next event from lines already decoded, or undefined when they are used up.
  const take = () => {
    for (;;) {
      const end = text.indexOf("\n", pos);
      if (end === -1) return undefined;
      const start = pos;
      pos = end + 1;
      if (text.startsWith("data: ", start)) {
        const data = text.slice(start + 6, end);
        if (data === "[DONE]") {
          finished = true;
          return DONE;
        }
        return { done: false, value: JSON.parse(data) };
      }
    }
  };
  const refill = async () => {
    if (!reader) {
      const response = await postChat(url, REQUEST_BODY);
      reader = response.body.getReader();
    }
    for (;;) {
      const event = take();
      if (event) return event;
      if (finished) return DONE;
      const { done, value } = await reader.read();
      if (done) return DONE;
      const bytes = withCarry(carry, value);
      const last = bytes.lastIndexOf(10);
      carry = last + 1 < bytes.length ? bytes.slice(last + 1) : undefined;
      if (last !== -1) {
        text = decoder.decode(bytes.subarray(0, last + 1));
        pos = 0;
      }
    }
  };
  return {
    next() {
      const event = reader && !finished ? take() : undefined;
      return event ? Promise.resolve(event) : refill();
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

async function rawIter() {
  const counter = { events: 0, characters: 0 };
  for await (const chunk of rawEventIterator()) {
    counter.events++;
    counter.characters += chunk.choices[0]?.delta?.content?.length ?? 0;
  }
  counter.events++; // `data: [DONE]`, parsed but not handed out, as the clients do
  return counter;
}

const LIMIT_LOOPS = { "raw-http": rawHttp, "raw-fetch": rawFetch, "raw-iter": rawIter };
const read = LIMIT_LOOPS[impl] ?? (await client());

async function once() {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const counter = await read();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  if (counter.events !== expected) throw new Error(`${impl}: ${counter.events} events, expected ${expected}`);
  return { wall: expected / seconds, cpu: expected / cpuSeconds, characters: counter.characters };
}

await once(); // warm-up: JIT, fetch's parser, connection pool
const wall = [];
const cpu = [];
const characters = new Set();
for (let i = 0; i < Number(runsText); i++) {
  const run = await once();
  wall.push(run.wall);
  cpu.push(run.cpu);
  characters.add(run.characters);
}
console.log(JSON.stringify({ wall, cpu, characters: [...characters] }));
