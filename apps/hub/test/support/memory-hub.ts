// An offline hub as a child process whose memory a test can read: on SIGUSR2 it collects garbage
// (full collections, after the event loop has gone round) and prints "hubkit memory: <rss> <heapUsed>
// <external> <logged> <fds> <sockets>" (bytes, then the emulator's logged requests, open file
// descriptors and how many of them are sockets). The test's own allocations (its requests' bodies)
// are then not counted. HUBKIT_WEB_DIST serves the built web app (pages rendered on the server).
import { readdirSync, readlinkSync } from "node:fs";
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
  ...(process.env.HUBKIT_WEB_DIST ? { webDistDir: process.env.HUBKIT_WEB_DIST } : {}),
});

/** Open descriptors, and those that are sockets (Linux's /proc names them "socket:[inode]"). */
function descriptors(): { fds: number; sockets: number } {
  let fds = 0;
  let sockets = 0;
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      fds++;
      if (target.startsWith("socket:")) sockets++;
    } catch {
      // the descriptor readdir itself used, closed by now
    }
  }
  return { fds, sockets };
}

process.on("SIGUSR2", () => {
  void (async () => {
    for (let i = 0; i < 4; i++) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const { rss, heapUsed, external } = process.memoryUsage();
    const { fds, sockets } = descriptors();
    const logged = hub.emulator!.requests.length;
    console.log(`hubkit memory: ${rss} ${heapUsed} ${external} ${logged} ${fds} ${sockets}`);
  })();
});
console.log(`hubkit hub: ${hub.url}`);
process.once("SIGTERM", () => void hub.close().then(() => process.exit(0)));
