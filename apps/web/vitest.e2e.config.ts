// Browser end-to-end tests: the real hub server (offline, emulator in-process) serving the built app
// (apps/web/dist), driven by headless Chromium. Run after `vite build` (npm test does).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The repository root, whichever folder vitest is started from.
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["apps/web/test/**/*.e2e.test.ts"],
    testTimeout: 30_000,
    // expect.poll waits on the page's state; vitest's default of 1 s is shorter than a list's
    // navigation (debounce, loader fetch, render) takes on a loaded 2-core CI host.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at a time, each with its own hub server and browser: the suite's tests wait on the
    // page's state, not on time, and on 2 cores two files took 478 s where one at a time takes about
    // 800 s under the same load (all 65 tests passed, with four other jobs on the machine).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
