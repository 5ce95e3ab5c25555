// SSE parsing, like for like: the same recorded 10 000-event chat stream is served from a loopback
// server and read through each client's public `chatCompletionStream`, each in its own process.
// Ours and the reference alternate in rounds (a fresh process each) so load changes hit both; the
// figure is events per second of the client process's CPU time, median over all runs (wall-time
// rates are in the details). The 4.13.30 reference runs in the same rounds, for its own column. Our
// raw parser's throughput (no network, no JSON) is reported beside it.
import { runWorker } from "../lib/child.mjs";
import { startServer } from "../lib/loopback.mjs";
import { median, perSecond, ratio } from "../lib/stats.mjs";
import { chatStream } from "../fixtures/chat-stream.mjs";

export const title = "SSE parsing";

const ROUNDS = 3;
const RUNS_PER_ROUND = 4;

export async function run() {
  const { text, events } = chatStream();
  const body = Buffer.from(text);
  const server = await startServer((req, res) => {
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      "content-length": body.length,
    });
    res.end(body);
  });
  try {
    const samples = {
      ours: { wall: [], cpu: [] },
      reference: { wall: [], cpu: [] },
      reference4: { wall: [], cpu: [] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const impl of Object.keys(samples)) {
        const result = await runWorker("sse-client", [
          impl,
          server.url,
          String(RUNS_PER_ROUND),
          String(events),
        ]);
        samples[impl].wall.push(...result.wall);
        samples[impl].cpu.push(...result.cpu);
      }
    }
    const ours = { eventsPerSecond: median(samples.ours.cpu), wall: median(samples.ours.wall) };
    const reference = {
      eventsPerSecond: median(samples.reference.cpu),
      wall: median(samples.reference.wall),
    };
    const reference4 = {
      eventsPerSecond: median(samples.reference4.cpu),
      wall: median(samples.reference4.wall),
    };
    const raw = await runWorker("sse-parser");
    const r = ratio(ours.eventsPerSecond, reference.eventsPerSecond);
    return {
      rows: [
        {
          figure: "SSE parsing via chatCompletionStream (per CPU s)",
          ours: perSecond(ours.eventsPerSecond, "ev"),
          reference: perSecond(reference.eventsPerSecond, "ev"),
          reference4: perSecond(reference4.eventsPerSecond, "ev"),
          ratio: r,
          target: "≥ 3×",
          met: r >= 3,
        },
        {
          figure: "  SSE parser alone (ours, no network/JSON)",
          ours: perSecond(raw.eventsPerSecond, "ev"),
          reference: "internal",
          ratio: "—",
          target: "report",
        },
        {
          figure: "  JSON.parse alone of each event's data",
          ours: perSecond(raw.jsonParsePerSecond, "ev"),
          reference: "same work",
          ratio: ratio(raw.jsonParsePerSecond, reference.eventsPerSecond),
          target: "bound",
          status: "ceiling for any client",
        },
      ],
      details: [
        `stream: ${events} events, ${(body.length / 1024).toFixed(0)} KB, served whole from 127.0.0.1; ${ROUNDS} rounds × ${RUNS_PER_ROUND} runs after a warm-up, ours, 3.7.1 and 4.13.30 alternating`,
        `per wall-clock second (medians): ours ${perSecond(ours.wall, "ev")}, reference ${perSecond(reference.wall, "ev")} (${ratio(ours.wall, reference.wall).toFixed(2)}×), 4.13.30 ${perSecond(reference4.wall, "ev")} (${ratio(ours.wall, reference4.wall).toFixed(2)}×)`,
        `per CPU second, ours against 4.13.30: ${ratio(ours.eventsPerSecond, reference4.eventsPerSecond).toFixed(2)}×`,
        `ceiling: every client must JSON.parse each event; JSON.parse alone runs at ${perSecond(raw.jsonParsePerSecond, "ev")},`,
        `  i.e. ${ratio(raw.jsonParsePerSecond, reference.eventsPerSecond).toFixed(2)}× the reference's end-to-end rate, so no client can reach 3× through chatCompletionStream`,
        `requests served per path: ${JSON.stringify(Object.fromEntries(server.counts))}`,
      ],
    };
  } finally {
    await server.close();
  }
}
