// Generates all snippets for the 500 benchmark models with one implementation's public
// `snippets.getInferenceSnippets` and prints the time per pass, after warm-up passes.
// Usage: node snippets.mjs <ours|reference|reference4> <passes> [4x]
import { snippetModels } from "../fixtures/snippet-models.mjs";
import { SPECIFIERS } from "../lib/paths.mjs";

const [impl, passesText, subset] = process.argv.slice(2);
const { snippets } = await import(SPECIFIERS[impl].inference);
// "4x": only the models on providers 4.13.30 still serves (it dropped nebius, hyperbolic and
// sambanova), so ours and 4.13.30 are compared on the same work.
const DROPPED_IN_4X = new Set(["nebius", "hyperbolic", "sambanova"]);
const cases = snippetModels().filter(({ provider }) => subset !== "4x" || !DROPPED_IN_4X.has(provider));

// 4.x takes the provider mapping entry and the token in options; 3.x (and ours, which accepts both)
// the token, the provider and the provider's model id.
const generate =
  impl === "reference4"
    ? (model, provider, providerModelId) =>
        snippets.getInferenceSnippets(
          model,
          provider,
          {
            hfModelId: model.id,
            provider,
            providerId: providerModelId ?? model.id,
            status: "live",
            task: model.pipeline_tag,
          },
          { accessToken: "hf_benchtoken" },
        )
    : (model, provider, providerModelId) =>
        snippets.getInferenceSnippets(model, "hf_benchtoken", provider, providerModelId);

function pass() {
  let produced = 0;
  let failures = 0;
  const errors = new Set();
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (const { model, provider, providerModelId } of cases) {
    try {
      produced += generate(model, provider, providerModelId).length;
    } catch (error) {
      failures++;
      if (errors.size < 3)
        errors.add(`${model.pipeline_tag}/${provider}: ${String(error.message).slice(0, 120)}`);
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

pass();
pass();
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
