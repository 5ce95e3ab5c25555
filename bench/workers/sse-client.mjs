// Streams the recorded chat stream from the loopback server through one implementation's public
// `chatCompletionStream` and prints, per run after a warm-up, events per second of wall time and per
// second of this process's CPU time (steadier on a shared machine: it leaves out waiting for a core).
// Usage: node sse-client.mjs <ours|reference|reference4> <url> <runs> <expected events>
import { SPECIFIERS } from "../lib/paths.mjs";

const [impl, url, runsText, expectedText] = process.argv.slice(2);
const { chatCompletionStream } = await import(SPECIFIERS[impl].inference);
const expected = Number(expectedText);

async function once() {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let chunks = 0;
  let characters = 0;
  const stream = chatCompletionStream({
    endpointUrl: url,
    model: "bench/chat-model",
    messages: [{ role: "user", content: "Tell me a long story." }],
  });
  for await (const chunk of stream) {
    chunks++;
    characters += chunk.choices[0]?.delta?.content?.length ?? 0;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  // Both clients stop at `data: [DONE]` without yielding it: it counts as a parsed event.
  if (chunks + 1 !== expected) throw new Error(`${impl}: ${chunks} chunks, expected ${expected - 1}`);
  return { wall: expected / seconds, cpu: expected / cpuSeconds, characters };
}

await once(); // warm-up: JIT, connection pool
const wall = [];
const cpu = [];
for (let i = 0; i < Number(runsText); i++) {
  const run = await once();
  wall.push(run.wall);
  cpu.push(run.cpu);
}
console.log(JSON.stringify({ wall, cpu }));
