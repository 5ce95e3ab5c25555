// Snippet generation: all snippets (every language and client) for 500 models, each on a provider
// that serves its task, through each package's public `snippets.getInferenceSnippets`. Ours, the
// reference (3.7.1) and 4.13.30 alternate in rounds, a fresh process each; the figure is models per
// CPU second. 4.13.30 no longer has some of the fixture's providers: it returns [] for those models
// (after logging), which only makes it faster.
import { runWorker } from "../lib/child.mjs";
import { median, perSecond, ratio } from "../lib/stats.mjs";

export const title = "snippet generation";

const ROUNDS = 2;
const PASSES = 4;

export async function run() {
  const samples = { ours: [], reference: [], reference4: [] };
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
  const reference4 = samples.reference4[0];
  const r = ratio(rate("ours", "cpuMs"), rate("reference", "cpuMs"));
  const r4 = ratio(rate("ours", "cpuMs"), rate("reference4", "cpuMs"));
  const produced = (s) =>
    `${s.produced} snippets${s.failures ? `, ${s.failures} models without snippets or failed` : ""}`;
  return {
    rows: [
      {
        figure: `snippet generation, all snippets for ${ours.models} models`,
        ours: perSecond(rate("ours", "cpuMs"), "models"),
        reference: perSecond(rate("reference", "cpuMs"), "models"),
        reference4: `${perSecond(rate("reference4", "cpuMs"), "models")} (${r4.toFixed(2)}×)`,
        ratio: r,
        target: "≥ 5× (both)",
        met: r >= 5 && r4 >= 5,
      },
    ],
    details: [
      `${ROUNDS} rounds × ${PASSES} passes over ${ours.models} models per implementation, after 8 warm-up passes (steady state); rates per CPU second`,
      `per wall second: ours ${perSecond(rate("ours", "wallMs"), "models")}, reference ${perSecond(rate("reference", "wallMs"), "models")}, 4.13.30 ${perSecond(rate("reference4", "wallMs"), "models")}`,
      `ours vs 4.13.30: ${r4.toFixed(2)}× per CPU second`,
      `output: ours ${produced(ours)}; reference ${produced(reference)}; 4.13.30 ${produced(reference4)}`,
      ...ours.errors.map((e) => `ours error: ${e}`),
      ...reference.errors.map((e) => `reference error: ${e}`),
      ...reference4.errors.map((e) => `4.13.30 error: ${e}`),
    ],
  };
}
