// Measured latency and throughput of each inference provider, from the recent calls through this
// server's /router proxy (the playground, the widgets, any client pointed at the hub): what the model
// page's provider picker shows beside each provider. Kept in memory, per server.
import type { ProviderFigures, ProviderStatsReply } from "../contract/api.js";
import { providerPrices } from "../gateway/routing.js";
import type { ProxyExchange } from "./proxy.js";

/** Where the hub API answers summary(). */
export const PROVIDER_STATS_PATH = "/api/hubkit/provider-stats";

/** The price table's rates, fixed while the server runs. */
const PRICES = providerPrices();
/** Calls kept per provider, and how old a call may be to count. */
const KEPT_PER_PROVIDER = 50;
const WINDOW_MS = 60 * 60 * 1000;

interface Sample {
  at: number;
  latencyMs: number;
  tokensPerSecond?: number;
}

export type { ProviderStatsReply } from "../contract/api.js";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The provider of a proxied path: /router/{provider}/…; OpenAI-style /router/v1/… calls name none. */
export function providerOfPath(path: string): string | undefined {
  const match = /^\/router\/([\w.-]+)\//.exec(path);
  return match && match[1] !== "v1" ? match[1] : undefined;
}

export class ProviderStats {
  private readonly samples = new Map<string, Sample[]>();
  /** calls recorded so far */
  private recorded = 0;

  constructor(private readonly now: () => number = Date.now) {}

  record(exchange: ProxyExchange): void {
    const provider = exchange.provider ?? providerOfPath(exchange.path);
    // Failed and abandoned calls say nothing about a provider's speed.
    if (!provider || exchange.outcome !== "complete" || exchange.latencyMs === undefined) return;
    if (exchange.status === undefined || exchange.status >= 400) return;
    const sample: Sample = { at: this.now(), latencyMs: exchange.latencyMs };
    if (exchange.streamEvents && exchange.streamMs && exchange.streamMs > 0) {
      sample.tokensPerSecond = (exchange.streamEvents * 1000) / exchange.streamMs;
    }
    const list = this.samples.get(provider) ?? [];
    list.push(sample);
    this.recorded++;
    if (list.length > KEPT_PER_PROVIDER) list.shift();
    this.samples.set(provider, list);
  }

  /**
   * Changes whenever summary() would: a call is recorded, or one leaves the window (with no call
   * recorded, the calls in the window only ever fall out of it, so their number tells them apart).
   */
  version(): string {
    const since = this.now() - WINDOW_MS;
    let inWindow = 0;
    for (const list of this.samples.values()) for (const sample of list) if (sample.at >= since) inWindow++;
    return `${this.recorded}:${inWindow}`;
  }

  /**
   * Latency per provider with recent calls weighing more (a call `halfLifeMs` old counts half as much
   * as one now): what the router gateway's :fastest orders by, so a provider that slows down (or
   * recovers) moves within minutes rather than after its median shifts.
   */
  decayedLatency(halfLifeMs = 5 * 60_000): Record<string, number> {
    const now = this.now();
    const since = now - WINDOW_MS;
    const out: Record<string, number> = {};
    for (const [provider, list] of this.samples) {
      let weights = 0;
      let sum = 0;
      for (const sample of list) {
        if (sample.at < since) continue;
        const weight = 2 ** (-(now - sample.at) / halfLifeMs);
        weights += weight;
        sum += weight * sample.latencyMs;
      }
      if (weights > 0) out[provider] = sum / weights;
    }
    return out;
  }

  summary(): ProviderStatsReply {
    const since = this.now() - WINDOW_MS;
    const providers: Record<string, ProviderFigures> = {};
    for (const [provider, list] of this.samples) {
      const recent = list.filter((sample) => sample.at >= since);
      if (recent.length === 0) continue;
      const rates = recent.flatMap((sample) =>
        sample.tokensPerSecond === undefined ? [] : [sample.tokensPerSecond],
      );
      providers[provider] = {
        calls: recent.length,
        latencyMs: Math.round(median(recent.map((sample) => sample.latencyMs))),
        tokensPerSecond: rates.length ? Math.round(median(rates) * 10) / 10 : null,
      };
    }
    return { windowMinutes: WINDOW_MS / 60_000, providers, prices: PRICES };
  }
}
