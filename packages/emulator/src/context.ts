// What a route handler receives, and the emulator-wide state it may use.
import type { Catalog } from "./catalog.js";
import type { Reply } from "./reply.js";
import type { FaultRule, HostKey, ProviderId, RecordedRequest } from "./types.js";

/** A bounded map that forgets its oldest entries (polling jobs, predictions). */
export class BoundedMap<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  clear(): void {
    this.map.clear();
  }
}

export interface Job {
  id: string;
  /** Polls answered so far. */
  polls: number;
  neverComplete: boolean;
  /** Produces the final result (lazily, so nothing big is kept in memory). */
  result: () => unknown;
  extra: Record<string, unknown>;
}

export interface Env {
  /** Loopback base URL of every host. */
  urls: Record<HostKey, string>;
  catalog: Catalog;
  pollSteps: number;
  now(): number;
  jobs: BoundedMap<Job>;
  /** Increasing counter, mixed into ids so repeated identical requests get distinct job ids. */
  nextSerial(): number;
}

export interface Ctx {
  req: RecordedRequest;
  host: HostKey;
  /** "router" when reached through router.huggingface.co/{provider}/…. */
  via: "router" | "direct";
  provider?: ProviderId;
  /** Path below the provider: the router prefix `/{provider}` is stripped. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  bodyBytes: Buffer;
  fault?: FaultRule;
  env: Env;
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
