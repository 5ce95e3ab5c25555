// Time to first token: sequential short chat streams from the loopback server (which sends the first
// event as soon as the request arrives, then the rest), each timed from the call to the moment the
// first event's delta is in hand. After a warm-up, prints every call's time in milliseconds.
// Implementations: ours, reference (3.7.1), reference4 (4.13.30) through `chatCompletionStream`;
// raw-fetch, the least any fetch-based client does: fetch, read until the first complete `data:`
// line, JSON.parse it.
// Usage: node sse-first-token.mjs <impl> <url> <calls>
import { postChat } from "../lib/loopback.mjs";
import { SPECIFIERS } from "../lib/paths.mjs";

const [impl, url, callsText] = process.argv.slice(2);
const MESSAGES = [{ role: "user", content: "Say hello." }];
const REQUEST_BODY = JSON.stringify({ model: "bench/chat-model", messages: MESSAGES, stream: true });

/** Resolves with the first event's delta; `drain` then reads the stream to its end. */
async function rawFetch() {
  const response = await postChat(url, REQUEST_BODY);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error("raw-fetch: the stream ended before its first event");
    text += decoder.decode(value, { stream: true });
    const end = text.indexOf("\n");
    if (end !== -1 && text.startsWith("data: ")) {
      const delta = JSON.parse(text.slice(6, end)).choices[0].delta;
      // Read to the end as the clients do, so the connection goes back to the pool for the next call.
      const drain = async () => {
        while (!(await reader.read()).done);
      };
      return { delta, drain };
    }
  }
}

async function client() {
  const { chatCompletionStream } = await import(SPECIFIERS[impl].inference);
  return async () => {
    const stream = chatCompletionStream({ endpointUrl: url, model: "bench/chat-model", messages: MESSAGES });
    const first = await stream.next();
    if (first.done) throw new Error(`${impl}: the stream ended before its first event`);
    return {
      delta: first.value.choices[0].delta,
      drain: async () => {
        for await (const chunk of stream) void chunk;
      },
    };
  };
}

const firstToken = impl === "raw-fetch" ? rawFetch : await client();

async function once() {
  const started = performance.now();
  const { delta, drain } = await firstToken();
  const elapsed = performance.now() - started;
  if (typeof delta.content !== "string") throw new Error(`${impl}: the first event has no content`);
  await drain();
  return elapsed;
}

for (let i = 0; i < 50; i++) await once(); // warm-up: JIT, fetch's parser, the connection pool
const times = [];
for (let i = 0; i < Number(callsText); i++) times.push(await once());
console.log(JSON.stringify({ times }));
