// HTTP load with autocannon, the latency of every response kept: autocannon's own percentiles are
// histogram buckets, and the suites judge p95/p99 from the responses themselves.
import autocannon from "autocannon";
import { percentile } from "./stats.mjs";

/**
 * `connections` keep-alive connections on `url` for `durationS` seconds, each request's path from
 * `nextPath()`. Resolves with requests per second, counts and latency percentiles (ms).
 */
export function httpLoad(url, nextPath, { connections, durationS }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon(
      {
        url,
        connections,
        duration: durationS,
        requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        const errors = result.errors + result.timeouts;
        resolve({
          requestsPerSecond: result.requests.average,
          total: result.requests.total,
          non2xx: result.non2xx,
          errors,
          failures: result.non2xx + errors,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}
