// Request overhead: 2 000 sequential chat calls to a loopback server through our `chatCompletion`,
// against the same calls made with raw `fetch` (and through the 3.7.1 and 4.13.30 references, for
// comparison). Each
// variant runs in its own process, in alternating rounds; the figure is the client process's CPU
// time per call (wall time in the details), median over rounds.
import { runWorker } from "../lib/child.mjs";
import { startServer } from "../lib/loopback.mjs";
import { clears, median, ratio, spread, spreadText } from "../lib/stats.mjs";

export const title = "request overhead";

const CALLS = 2000;
const ROUNDS = 4;

const ANSWER = JSON.stringify({
  id: "chatcmpl-bench0002",
  object: "chat.completion",
  created: 1735689600,
  model: "bench/chat-model",
  choices: [
    {
      index: 0,
      message: { role: "assistant", content: "The capital of France is Paris." },
      logprobs: null,
      finish_reason: "stop",
    },
  ],
  usage: { prompt_tokens: 14, completion_tokens: 8, total_tokens: 22 },
});

const us = (valueMs) => `${(valueMs * 1000).toFixed(0)} µs`;

export async function run() {
  const server = await startServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(ANSWER) });
    res.end(ANSWER);
  });
  try {
    const samples = { raw: [], ours: [], reference: [], reference4: [] };
    const impls = Object.keys(samples);
    for (let round = 0; round < ROUNDS; round++) {
      for (const impl of impls.map((_, i) => impls[(i + round) % impls.length])) {
        samples[impl].push(await runWorker("chat-calls", [impl, server.url, String(CALLS)]));
      }
    }
    const cpu = (impl) => median(samples[impl].map((s) => s.cpuMs));
    const wall = (impl) => median(samples[impl].map((s) => s.wallMs));
    const perRound = (impl) => spread(samples[impl].map((s, i) => ratio(s.cpuMs, samples.raw[i].cpuMs)));
    const r = perRound("ours");
    return {
      rows: [
        {
          figure: `request overhead, ${CALLS} chat calls (CPU per call)`,
          ours: us(cpu("ours")),
          reference: `${us(cpu("reference"))} (${spreadText(perRound("reference"))} of raw)`,
          reference4: `${us(cpu("reference4"))} (${spreadText(perRound("reference4"))} of raw)`,
          limit: `raw fetch ${us(cpu("raw"))}`,
          ratio: `${spreadText(r)} of raw fetch`,
          target: "≤ 1.1× raw fetch",
          met: clears(r, 1.1, "most"),
        },
      ],
      details: [
        `${ROUNDS} rounds × ${CALLS} sequential calls per variant after 200 warm-up calls, fresh process each, order rotating`,
        `CPU per call: raw fetch ${us(cpu("raw"))}, ours ${us(cpu("ours"))} (${r.median.toFixed(2)}×), reference ${us(cpu("reference"))} (${ratio(cpu("reference"), cpu("raw")).toFixed(2)}×), 4.13.30 ${us(cpu("reference4"))} (${ratio(cpu("reference4"), cpu("raw")).toFixed(2)}×)`,
        `wall per call: raw fetch ${us(wall("raw"))}, ours ${us(wall("ours"))} (${ratio(wall("ours"), wall("raw")).toFixed(2)}×), reference ${us(wall("reference"))} (${ratio(wall("reference"), wall("raw")).toFixed(2)}×), 4.13.30 ${us(wall("reference4"))} (${ratio(wall("reference4"), wall("raw")).toFixed(2)}×)`,
        `requests served per path: ${JSON.stringify(Object.fromEntries(server.counts))}`,
      ],
    };
  } finally {
    await server.close();
  }
}
