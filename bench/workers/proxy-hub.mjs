// The hub server for the proxy bench, online against the bench upstream (argv[2]), in its own
// process. HUBKIT_BENCH_GATEWAY says how its router gateway runs: "off" (the proxy alone), "token"
// (callers send a hub token of this hub, rate limits counted in memory, usage recorded: the ready
// message carries the token), anything else the gateway's defaults. Answers "cpu" with its CPU time
// and "memory" with its memory after a full GC (run with --expose-gc).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../lib/paths.mjs";
import { answerProbes } from "./probes.mjs";

const { startHubServer } = await import(pathToFileURL(path.join(ROOT, "apps/hub/dist/server.js")).href);
const dataDir = mkdtempSync(path.join(tmpdir(), "hubkit-bench-proxy-"));
const mode = process.env.HUBKIT_BENCH_GATEWAY;
// Limits high enough never to refuse: the bench measures counting them, not refusals.
const LIMITS = { token: { rpm: 1e9, tpm: 1e12 }, org: {} };
const server = await startHubServer({
  port: 0,
  dataDir,
  mode: "online",
  hfToken: "hf_benchServerToken0000",
  onlineRouterUrl: process.argv[2],
  logger: false,
  gateway: mode === "off" ? { disabled: true } : mode === "token" ? { limits: LIMITS } : {},
});
await server.gateway.limiterReady();
const token = mode === "token" ? await server.repos.access.createToken("bench") : undefined;
answerProbes();
process.on("disconnect", async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
process.send({ url: server.url, token });
