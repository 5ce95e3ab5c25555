// Sequential chat calls to the loopback server with one implementation: raw `fetch` (POST the JSON
// body, read the JSON answer), or a client's `chatCompletion` with `endpointUrl`. Prints the time
// per call, of wall clock and of this process's CPU, after a warm-up.
// Usage: node chat-calls.mjs <raw|ours|reference|reference4> <url> <calls>
import { SPECIFIERS } from "../lib/paths.mjs";

const [impl, url, callsText] = process.argv.slice(2);
const calls = Number(callsText);
const messages = [{ role: "user", content: "What is the capital of France?" }];
const model = "bench/chat-model";

let call;
if (impl === "raw") {
  call = async () => {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ model, messages }),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  };
} else {
  const { chatCompletion } = await import(SPECIFIERS[impl].inference);
  call = () => chatCompletion({ endpointUrl: url, model, messages });
}

async function timed(count) {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const output = await call();
    if (!output.choices?.[0]?.message?.content) throw new Error(`${impl}: unexpected answer`);
  }
  const cpu = process.cpuUsage(cpuStarted);
  return { wallMs: (performance.now() - started) / count, cpuMs: (cpu.user + cpu.system) / 1000 / count };
}

await timed(200);
console.log(JSON.stringify(await timed(calls)));
