import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Tests run against the TypeScript sources, so `npm test` needs no build for unit tests.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@hubkit\/tasks$/, replacement: src("./packages/tasks/src/index.ts") },
      { find: /^@hubkit\/tasks\/(.*)$/, replacement: src("./packages/tasks/src/$1.ts") },
      { find: /^@hubkit\/inference$/, replacement: src("./packages/inference/src/index.ts") },
      {
        find: /^@hubkit\/inference\/providers$/,
        replacement: src("./packages/inference/src/providers/definitions.ts"),
      },
      { find: /^@hubkit\/emulator$/, replacement: src("./packages/emulator/src/index.ts") },
    ],
  },
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "apps/hub/test/**/*.test.ts",
      "apps/cli/test/**/*.test.ts",
      "apps/web/test/unit/**/*.test.ts",
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Vitest's default on 2 cores is one worker (cores − 1): the files then ran one at a time. Many
    // wait on child processes, databases and sockets, and two at a time took 448 s for all 2,371
    // tests under a load of 8–10 where one at a time took 581 s for fewer.
    maxWorkers: 2,
  },
});
