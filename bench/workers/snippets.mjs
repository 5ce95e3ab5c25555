// Generates all snippets for the 500 benchmark models with one implementation's public
// `snippets.getInferenceSnippets` and prints the time per pass, after warm-up passes. 3.7.1 takes
// its own call form (model, token, provider, providerModelId); ours and 4.13.30 take 4.x's
// (model, provider, mapping entry, { accessToken }).
// Usage: node snippets.mjs <ours|reference|reference4> <passes> [4x]
import { snippetModels } from "../fixtures/snippet-models.mjs";
import { SPECIFIERS } from "../lib/paths.mjs";

const [impl, passesText, subset] = process.argv.slice(2);
export const WARM_UP_PASSES = 8;
const client = await import(SPECIFIERS[impl].inference);
const { snippets } = client;
// 4.x logs a line for each provider it no longer has (nebius, sambanova, hyperbolic): not timed.
const quiet = { debug() {}, info() {}, warn() {}, error() {}, log() {} };
client.setLogger?.(quiet);
// "4x": only the models on providers 4.13.30 still serves (it dropped nebius, hyperbolic and
// sambanova), so ours and 4.13.30 are compared on the same work.
const DROPPED_IN_4X = new Set(["nebius", "hyperbolic", "sambanova"]);
const cases = snippetModels().filter(({ provider }) => subset !== "4x" || !DROPPED_IN_4X.has(provider));
const fourX = impl !== "reference";

function generate({ model, provider, providerModelId }) {
  if (!fourX) return snippets.getInferenceSnippets(model, "hf_benchtoken", provider, providerModelId);
  const task = model.tags.includes("conversational") ? "conversational" : model.pipeline_tag;
  const mapping = {
    provider,
    providerId: providerModelId ?? model.id,
    hfModelId: model.id,
    status: "live",
    task,
  };
  return snippets.getInferenceSnippets(model, provider, mapping, { accessToken: "hf_benchtoken" });
}

function pass() {
  let produced = 0;
  let failures = 0;
  const errors = new Set();
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (const c of cases) {
    try {
      const list = generate(c);
      produced += list.length;
      if (list.length === 0) failures++;
    } catch (error) {
      failures++;
      if (errors.size < 3)
        errors.add(`${c.model.pipeline_tag}/${c.provider}: ${String(error.message).slice(0, 120)}`);
    }
  }
  const cpu = process.cpuUsage(cpuStarted);
  return {
    wallMs: performance.now() - started,
    cpuMs: (cpu.user + cpu.system) / 1000,
    produced,
    failures,
    errors: [...errors],
  };
}

// Steady state: every implementation gets the same warm-up, long enough for V8 to have compiled
// the hot code (the reference packages reach theirs within two passes, ours within about eight).
for (let i = 0; i < WARM_UP_PASSES; i++) pass();
const runs = [];
for (let i = 0; i < Number(passesText); i++) runs.push(pass());
const last = runs.at(-1);
console.log(
  JSON.stringify({
    wallMs: runs.map((r) => r.wallMs),
    cpuMs: runs.map((r) => r.cpuMs),
    models: cases.length,
    produced: last.produced,
    failures: last.failures,
    errors: last.errors,
  }),
);
