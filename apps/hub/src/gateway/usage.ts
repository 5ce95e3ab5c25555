// Usage per call: tokens in and out (from the reply's `usage`, which sits at its end: the last bytes
// the proxy kept; a stream without one counts its events), the provider that answered, latency and
// cost at the price table's rates. Rows are written in batches off the hot path.
import type { ProxyExchange } from "../router/proxy.js";
import type { Caller } from "./callers.js";
import { costOf } from "./routing.js";
import type { GatewayData, UsageRecord } from "./store.js";

/** What a call's usage row starts from, before the reply is known. */
export interface CallRecord {
  caller: Caller | null;
  org?: string;
  model: string;
  provider?: string;
}

const PROMPT_TOKENS = /"(?:prompt_tokens|input_tokens)"\s*:\s*(\d+)/g;
const COMPLETION_TOKENS = /"(?:completion_tokens|output_tokens)"\s*:\s*(\d+)/g;
const FLUSH_MS = 250;

function lastMatch(text: string, pattern: RegExp): number | undefined {
  let value: number | undefined;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) value = Number(match[1]);
  return value;
}

/** Tokens in and out of a reply from its last bytes; a stream without a usage object counts its events. */
export function tokensOf(
  tail: Buffer | undefined,
  exchange: ProxyExchange,
): { tokensIn: number; tokensOut: number } {
  const text = tail ? tail.toString("latin1") : "";
  const tokensIn = lastMatch(text, PROMPT_TOKENS);
  const tokensOut = lastMatch(text, COMPLETION_TOKENS);
  if (tokensIn !== undefined || tokensOut !== undefined)
    return { tokensIn: tokensIn ?? 0, tokensOut: tokensOut ?? 0 };
  // Events after the first: the role event, one per token, the finish event and [DONE].
  return { tokensIn: 0, tokensOut: Math.max(0, (exchange.streamEvents ?? 0) - 2) };
}

export class UsageLog {
  private pending: UsageRecord[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly store: GatewayData,
    private readonly warn: (message: string) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  record(
    call: CallRecord,
    exchange: ProxyExchange,
    tail: Buffer | undefined,
    attempts: number,
  ): { tokens: number; costUsd: number } {
    const { tokensIn, tokensOut } =
      exchange.status !== undefined && exchange.status < 400
        ? tokensOf(tail, exchange)
        : { tokensIn: 0, tokensOut: 0 };
    const provider = exchange.provider ?? call.provider;
    const costUsd = costOf(call.model, provider, tokensIn, tokensOut);
    this.pending.push({
      at: Date.now(),
      user: call.caller?.user,
      tokenId: call.caller?.tokenId,
      org: call.org,
      model: call.model,
      provider,
      status: exchange.status,
      tokensIn,
      tokensOut,
      latencyMs: Math.round((exchange.latencyMs ?? exchange.durationMs) * 10) / 10,
      costUsd,
      attempts,
    });
    return { tokens: tokensIn + tokensOut, costUsd };
  }

  /** Writes what is pending (also called before reading, so a reader sees every finished call). */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    try {
      await this.store.addUsage(rows);
    } catch (error) {
      this.warn(`usage: ${rows.length} calls not recorded: ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
