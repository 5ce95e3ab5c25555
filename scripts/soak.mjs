// `npm run soak [-- --seconds N --fault-seconds N --concurrency N --seed N]`: the hub's two soaks for
// longer than `npm test` runs them, one after the other:
// - the mixed soak (apps/hub/test/mixed-soak.test.ts, default 600 s): pages, API, downloads, commits
//   and streamed chats at once, with the hub's heap, RSS, descriptors and sockets sampled;
// - the fault soak (apps/hub/test/soak.test.ts, default 180 s): chats against the emulator's faults.
// Both print their figures. Needs the built web app (`npm run build`).
import { parseArgs } from "node:util";
import { root, run } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "600" },
    "fault-seconds": { type: "string", default: "180" },
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
  HUBKIT_MIXED_SOAK_SECONDS: values.seconds,
  HUBKIT_MIXED_SOAK_CONCURRENCY: values.concurrency,
  HUBKIT_SOAK_SECONDS: values["fault-seconds"],
  HUBKIT_SOAK_CONCURRENCY: values.concurrency,
  ...(values.seed ? { HUBKIT_SOAK_SEED: values.seed } : {}),
};
const vitest = (file) =>
  run("npx", ["vitest", "run", "--config", "vitest.config.ts", file], { cwd: root, env });
const mixed = vitest("apps/hub/test/mixed-soak.test.ts");
const faults = vitest("apps/hub/test/soak.test.ts");
process.exit(mixed || faults);
