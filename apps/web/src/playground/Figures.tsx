// Speed figures of one reply: time to first token, total time, tokens and tokens per second.
import { formatSeconds, tokensPerSecond, type ReplyMetrics } from "./stream.js";

export function Figures({ metrics }: { metrics: ReplyMetrics }) {
  const rate = tokensPerSecond(metrics);
  return (
    <dl className="figures" aria-label="Reply speed">
      <div>
        <dt>first token</dt>
        <dd data-figure="ttft">{formatSeconds(metrics.firstTokenMs)}</dd>
      </div>
      <div>
        <dt>total</dt>
        <dd data-figure="total">{formatSeconds(metrics.totalMs)}</dd>
      </div>
      <div>
        <dt>tokens</dt>
        <dd data-figure="tokens" title={metrics.counted ? "from the provider's usage" : "chunks received"}>
          {metrics.tokens}
        </dd>
      </div>
      <div>
        <dt>speed</dt>
        <dd data-figure="rate">{rate === undefined ? "–" : `${rate.toFixed(1)} tok/s`}</dd>
      </div>
    </dl>
  );
}
