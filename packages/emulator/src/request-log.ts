// The emulator's request log: what each request was, for tests to assert on, kept bounded (the last
// maxRecordedRequests records, bounded copies of their bodies, a budget for bodies in all), and every
// hub token that reached a third-party host.
import { HOST_ORIGINS } from "./hosts.js";
import type { HostKey, ProviderId, RecordedRequest, TokenLeak } from "./types.js";

/** The request log keeps the first this many bytes of a body… */
const RECORDED_BODY_BYTES = 64 * 1024;
/** …and its parsed form when the whole body is no larger than this. */
const RECORDED_PARSED_BYTES = 1024 * 1024;
/**
 * Most bytes of bodies the request log keeps in all (a parsed body counted at twice its bytes): past
 * it, the bodies of the oldest records are dropped (the records stay, with `bodySize`).
 */
const RECORDED_BODIES_BUDGET = 16 * 1024 * 1024;

function recordCost(record: RecordedRequest): number {
  return (
    record.bodyBytes.length + (record.body === null || record.body === undefined ? 0 : 2 * record.bodySize)
  );
}
const HUB_TOKEN_IN_TEXT = /hf_[A-Za-z0-9]{4,}/;

/** What a request was, as the emulator read it. */
export interface RequestFacts {
  seq: number;
  method: string;
  host: HostKey;
  url: URL;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  bodyBytes: Buffer;
  provider: ProviderId | undefined;
  model: string | undefined;
}

export class RequestLog {
  readonly requests: RecordedRequest[] = [];
  readonly tokenLeaks: TokenLeak[] = [];

  constructor(private readonly maxRecorded: number) {}

  /** Records a request (and any hub token it carried to a third-party host); returns its record. */
  add(facts: RequestFacts): RecordedRequest {
    const { host, url, headers, bodyBytes } = facts;
    const record: RecordedRequest = {
      seq: facts.seq,
      time: Date.now(),
      method: facts.method,
      host,
      origin: HOST_ORIGINS[host],
      path: url.pathname,
      search: url.search,
      query: facts.query,
      url: HOST_ORIGINS[host] + url.pathname + url.search,
      headers,
      // The log keeps bounded copies: a view into the request's buffer (or its parsed body) kept the
      // whole of it, about 60 MB per 30 MiB request, for each of the last maxRecordedRequests.
      body: bodyBytes.length > RECORDED_PARSED_BYTES ? null : facts.body,
      bodyBytes: Buffer.from(bodyBytes.subarray(0, RECORDED_BODY_BYTES)),
      bodySize: bodyBytes.length,
      provider: facts.provider,
      model: facts.model,
      hubTokenLeak: false,
    };
    if (host !== "hub" && host !== "router") this.checkLeaks(record, headers, url);
    const requests = this.requests;
    requests.push(record);
    if (requests.length > this.maxRecorded) requests.splice(0, requests.length - this.maxRecorded);
    let kept = 0;
    for (const r of requests) kept += recordCost(r);
    for (let i = 0; kept > RECORDED_BODIES_BUDGET && i < requests.length - 1; i++) {
      kept -= recordCost(requests[i]);
      requests[i].body = null;
      requests[i].bodyBytes = new Uint8Array(0);
    }
    return record;
  }

  private checkLeaks(record: RecordedRequest, headers: Record<string, string>, url: URL): void {
    const leaks = this.tokenLeaks;
    const leak = (where: string) =>
      leaks.push({ seq: record.seq, host: record.host, path: url.pathname, where });
    for (const [name, value] of Object.entries(headers)) if (HUB_TOKEN_IN_TEXT.test(value)) leak(name);
    if (HUB_TOKEN_IN_TEXT.test(url.search)) leak("query");
    record.hubTokenLeak = leaks.length > 0 && leaks[leaks.length - 1].seq === record.seq;
    if (leaks.length > this.maxRecorded) leaks.splice(0, leaks.length - this.maxRecorded);
  }

  clear(): void {
    this.requests.length = 0;
    this.tokenLeaks.length = 0;
  }

  /** The most recent request, optionally the most recent one matching `filter`. */
  last(filter?: (record: RecordedRequest) => boolean): RecordedRequest | undefined {
    for (let i = this.requests.length - 1; i >= 0; i--)
      if (!filter || filter(this.requests[i])) return this.requests[i];
    return undefined;
  }
}
