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
    hookTimeout: 60_000,
    pool: "forks",
    // One browser and one server for the whole suite.
    fileParallelism: false,
  },
});
