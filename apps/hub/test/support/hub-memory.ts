// Reads what support/memory-hub.ts reports of a hub child process.
import type { HubProcess } from "./hub-process.js";

export interface HubMemory {
  rss: number;
  heapUsed: number;
  external: number;
  /** requests the in-process emulator has logged */
  logged: number;
  fds: number;
  sockets: number;
}

/** Asks the hub (SIGUSR2) to collect garbage and report; resolves with its next report. */
export async function hubMemory(hub: HubProcess): Promise<HubMemory> {
  const before = hub.output().length;
  const line = await new Promise<string>((resolve, reject) => {
    const onExit = () => reject(new Error(`the hub exited:\n${hub.output()}`));
    const check = () => {
      const match = /hubkit memory: ([\d ]+)\n/.exec(hub.output().slice(before));
      if (!match) return;
      hub.child.stdout!.off("data", check);
      hub.child.off("exit", onExit);
      resolve(match[1]);
    };
    hub.child.stdout!.on("data", check);
    hub.child.once("exit", onExit);
    hub.child.kill("SIGUSR2");
  });
  const [rss, heapUsed, external, logged, fds, sockets] = line.split(" ").map(Number) as number[];
  return { rss, heapUsed, external, logged, fds, sockets } as HubMemory;
}
