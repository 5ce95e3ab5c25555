// Snippet generation: all snippets (every language and client) for 500 models, each on a provider
// that serves its task, through each package's public `snippets.getInferenceSnippets`. Ours and the
// reference alternate in rounds, a fresh process each; the figure is models per CPU second.
import { runWorker } from "../lib/child.mjs";
import { median, perSecond, ratio } from "../lib/stats.mjs";

export const title = "snippet generation";

const ROUNDS = 2;
const PASSES = 3;

export async function run() {
  const samples = { ours: [], reference: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const impl of Object.keys(samples))
      samples[impl].push(await runWorker("snippets", [impl, String(PASSES)]));
  }
  const rate = (impl, key) => {
    const first = samples[impl][0];
    return first.models / (median(samples[impl].flatMap((s) => s[key])) / 1000);
  };
  const ours = samples.ours[0];
  const reference = samples.reference[0];
  const r = ratio(rate("ours", "cpuMs"), rate("reference", "cpuMs"));
  const produced = (s) => `${s.produced} snippets${s.failures ? `, ${s.failures} models failed` : ""}`;
  return {
    rows: [
      {
        figure: `snippet generation, all snippets for ${ours.models} models`,
        ours: perSecond(rate("ours", "cpuMs"), "models"),
        reference: perSecond(rate("reference", "cpuMs"), "models"),
        ratio: r,
        target: "≥ 5×",
        met: r >= 5,
      },
    ],
    details: [
      `${ROUNDS} rounds × ${PASSES} passes over ${ours.models} models per implementation, after 2 warm-up passes; rates per CPU second`,
      `per wall second: ours ${perSecond(rate("ours", "wallMs"), "models")}, reference ${perSecond(rate("reference", "wallMs"), "models")}`,
      `output: ours ${produced(ours)}; reference ${produced(reference)}`,
      ...ours.errors.map((e) => `ours error: ${e}`),
      ...reference.errors.map((e) => `reference error: ${e}`),
    ],
  };
}
