// `npm run soak [-- --seconds N --concurrency N --seed N]`: the hub's fault soak
// (apps/hub/test/soak.test.ts) for longer than `npm test` runs it (default 180 s, 16 concurrent
// calls). Prints the figures (calls, outcomes, faults, p50/p99 completion, heap, handles).
import { parseArgs } from "node:util";
import { root, run } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "180" },
    concurrency: { type: "string", default: "16" },
    seed: { type: "string" },
  },
});
for (const [name, value] of Object.entries(values)) {
  if (value !== undefined && !/^\d+$/.test(value)) {
    console.error(`soak: --${name} must be a whole number, got "${value}"`);
    process.exit(2);
  }
}
const env = {
  ...process.env,
  HUBKIT_SOAK_SECONDS: values.seconds,
  HUBKIT_SOAK_CONCURRENCY: values.concurrency,
  ...(values.seed ? { HUBKIT_SOAK_SEED: values.seed } : {}),
};
process.exit(
  run("npx", ["vitest", "run", "--config", "vitest.config.ts", "apps/hub/test/soak.test.ts"], {
    cwd: root,
    env,
  }),
);
