// What the proxy bench's server processes (upstream, hubs) answer their parent over IPC: "cpu", their
// CPU time so far; "memory", their memory after a full GC (with --expose-gc; else as it stands).
export function answerProbes(extra = () => ({})) {
  process.on("message", (message) => {
    if (message === "cpu") {
      const { user, system } = process.cpuUsage();
      process.send({ cpuMs: (user + system) / 1000, ...extra() });
    }
    if (message === "memory") {
      globalThis.gc?.();
      globalThis.gc?.();
      const m = process.memoryUsage();
      // external already includes arrayBuffers (Node's Buffers).
      process.send({ rss: m.rss, heap: m.heapUsed + m.external });
    }
  });
}
