// Snippet generation: all snippets (every language and client) for 500 models, each on a provider
// that serves its task, through each package's public `snippets.getInferenceSnippets`. Ours, 3.7.1 and
// 4.13.30 alternate in rounds, a fresh process each; the figure is models per CPU second, the ratio
// per round summarised as median and spread.
import { runWorker } from "../lib/child.mjs";
import { clears, median, perSecond, ratio, spread, spreadText } from "../lib/stats.mjs";

export const title = "snippet generation";

const ROUNDS = 5;
const PASSES = 3;

export async function run() {
  // ours4x: ours on the models 4.13.30 can still generate for (see workers/snippets.mjs).
  const samples = { ours: [], reference: [], ours4x: [], reference4: [] };
  const args = {
    ours: ["ours"],
    reference: ["reference"],
    ours4x: ["ours", "4x"],
    reference4: ["reference4", "4x"],
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const impl of Object.keys(samples)) {
      const [name, subset] = args[impl];
      samples[impl].push(await runWorker("snippets", [name, String(PASSES), ...(subset ? [subset] : [])]));
    }
  }
  const rate = (impl, key) => {
    const first = samples[impl][0];
    return first.models / (median(samples[impl].flatMap((s) => s[key])) / 1000);
  };
  const ours = samples.ours[0];
  const reference = samples.reference[0];
  const roundRate = (impl, round) =>
    samples[impl][round].models / (median(samples[impl][round].cpuMs) / 1000);
  const perRound = (mine, against) =>
    spread(samples[mine].map((_, round) => ratio(roundRate(mine, round), roundRate(against, round))));
  const r = perRound("ours", "reference");
  const r4 = perRound("ours4x", "reference4");
  const reference4 = samples.reference4[0];
  const produced = (s) => `${s.produced} snippets${s.failures ? `, ${s.failures} models failed` : ""}`;
  return {
    rows: [
      {
        figure: `snippet generation, all snippets for ${ours.models} models`,
        ours: perSecond(rate("ours", "cpuMs"), "models"),
        reference: perSecond(rate("reference", "cpuMs"), "models"),
        reference4: perSecond(rate("reference4", "cpuMs"), "models"),
        ratio: `vs 3.7.1: ${spreadText(r)}`,
        target: "≥ 5×",
        met: clears(r, 5, "least"),
      },
      {
        figure: `  same, against 4.13.30 (the ${samples.reference4[0].models} models on providers it still serves)`,
        ratio: `vs 4.13.30: ${spreadText(r4)}`,
        target: "> 1× (faster)",
        met: clears(r4, 1, "least") && r4.q1 > 1,
      },
    ],
    details: [
      `${ROUNDS} rounds × ${PASSES} passes over ${ours.models} models per implementation, after 2 warm-up passes; rates per CPU second`,
      `per wall second: ours ${perSecond(rate("ours", "wallMs"), "models")}, 3.7.1 ${perSecond(rate("reference", "wallMs"), "models")}, 4.13.30 ${perSecond(rate("reference4", "wallMs"), "models")}`,
      `output: ours ${produced(ours)}; 3.7.1 ${produced(reference)}; on 4.13.30's providers: ours ${produced(samples.ours4x[0])}, 4.13.30 ${produced(reference4)}`,
      ...ours.errors.map((e) => `ours error: ${e}`),
      ...reference.errors.map((e) => `3.7.1 error: ${e}`),
      ...reference4.errors.map((e) => `4.13.30 error: ${e}`),
    ],
  };
}
