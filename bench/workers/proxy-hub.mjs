// The hub server for the proxy bench, online against the bench upstream (argv[2]), in its own
// process. Answers "memory" messages with its memory after a full GC (run with --expose-gc).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../lib/paths.mjs";

const { startHubServer } = await import(pathToFileURL(path.join(ROOT, "apps/hub/dist/server.js")).href);
const dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-bench-proxy-"));
const server = await startHubServer({
  port: 0,
  dataDir,
  mode: "online",
  hfToken: "hf_benchServerToken0000",
  onlineRouterUrl: process.argv[2],
  logger: false,
  // HUBKIT_BENCH_GATEWAY=off: the proxy without the router gateway, to compare.
  gateway: { disabled: process.env.HUBKIT_BENCH_GATEWAY === "off" },
});
process.on("message", (message) => {
  if (message === "cpu") {
    const { user, system } = process.cpuUsage();
    process.send({ cpuMs: (user + system) / 1000 });
  }
  if (message === "memory") {
    globalThis.gc?.();
    globalThis.gc?.();
    const m = process.memoryUsage();
    // external already includes arrayBuffers (Node's Buffers).
    process.send({ rss: m.rss, heap: m.heapUsed + m.external });
  }
});
process.on("disconnect", async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
process.send({ url: server.url });
