// An offline hub as a child process whose memory a test can read: on SIGUSR2 it collects garbage
// (full collections, after the event loop has gone round) and prints "hubkit memory: <rss> <heapUsed>
// <external>" in bytes. The test's own allocations (its requests' bodies) are then not counted.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { startHubServer } from "../../src/index.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const hub = await startHubServer({
  port: 0,
  dataDir: process.env.HUBKIT_DATA_DIR!,
  mode: "offline",
  logger: false,
});
process.on("SIGUSR2", () => {
  void (async () => {
    for (let i = 0; i < 4; i++) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const { rss, heapUsed, external } = process.memoryUsage();
    console.log(`hubkit memory: ${rss} ${heapUsed} ${external} ${hub.emulator!.requests.length}`);
  })();
});
console.log(`hubkit hub: ${hub.url}`);
process.once("SIGTERM", () => void hub.close().then(() => process.exit(0)));
