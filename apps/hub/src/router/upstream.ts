// What the relay and the upstream clients share: where requests go, the request as the relay builds
// it, what a connection reports to the exchange it serves, and the errors the clients raise.

/** Where requests go, parsed once rather than per request. */
export interface Upstream {
  secure: boolean;
  host: string;
  port: number;
  /** the Host header sent (default port left out, IPv6 in brackets) */
  hostHeader: string;
  /** path prefix of the base URL, without its trailing slash ("" for an origin) */
  basePath: string;
}

export function upstreamOf(base: string): Upstream {
  const url = new URL(base);
  const secure = url.protocol === "https:";
  return {
    secure,
    // IPv6 literals come bracketed in URLs, bare in socket options.
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : secure ? 443 : 80,
    hostHeader: url.host,
    basePath: url.pathname.replace(/\/+$/, ""),
  };
}

/** One request for the upstream, checked sendable; the client adds the request line, host and connection. */
export interface UpstreamRequest {
  method: string;
  /** the path sent, the base URL's path included */
  path: string;
  /** the other header lines, each `name: value\r\n`, content-length included */
  headerLines: string;
  body: Buffer | undefined;
}

/** What a connection reports to the exchange it serves, in order: head, body pieces, flush per read. */
export interface UpstreamExchange {
  /** HEAD: the response has no body whatever its headers say */
  readonly headOnly: boolean;
  /** called on every socket read, before it is parsed */
  heard(): void;
  /** the response head: status and the raw header list [name, value, …] */
  head(status: number, rawHeaders: string[]): void;
  /** a piece of the decoded body */
  body(piece: Buffer): void;
  /** after each socket read is parsed: what arrived together leaves together; `complete` at the end */
  flush(complete: boolean): void;
  /** the exchange failed (connection error or close, timeout, malformed response); called once */
  fail(error: Error): void;
}

/** A connection to the upstream as the relay sees it: one exchange at a time. */
export interface UpstreamLink {
  /** the exchange it serves, until the response ends or fails */
  readonly exchange: UpstreamExchange | undefined;
  /** sends a request (all its bytes) and reports the response to `exchange` */
  send(exchange: UpstreamExchange, request: UpstreamRequest, onSent?: () => void): void;
  /** ends the exchange under way and closes the connection; `error` is reported to the exchange */
  abort(error?: Error): void;
  /** stops reading the response (the browser is slow to take it), until resume() */
  pause(): void;
  resume(): void;
}

/** Connections to one upstream. */
export interface UpstreamClient {
  /** an idle connection, or a new one */
  take(): UpstreamLink;
  /** closes the connections idle for longer than the keep-alive time (called about once a second) */
  sweep(now: number): void;
  destroy(): void;
}

/** Idle keep-alive connections to the upstream close after this long (undici's default). */
export const UPSTREAM_KEEP_ALIVE_MS = 4_000;

/** Our own timeouts, told apart from socket errors by their code. */
export const CONNECT_TIMEOUT = "HUBKIT_UPSTREAM_CONNECT_TIMEOUT";
export const HEADERS_TIMEOUT = "HUBKIT_UPSTREAM_HEADERS_TIMEOUT";
export const BODY_TIMEOUT = "HUBKIT_UPSTREAM_BODY_TIMEOUT";
/** The response's framing was malformed (the walker and the parser disagreed on where a body ends). */
export const FRAMING_MISMATCH = "HUBKIT_UPSTREAM_FRAMING";

export function codedError(code: string): Error {
  return Object.assign(new Error(code), { code });
}

/** A connection that closed before its response ended (Node's client calls it a "socket hang up"). */
export const hangUp = () => Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });

export const EMPTY = Buffer.alloc(0);

/** The last `count` bytes of `before` followed by `data`. */
export function lastBytes(before: Buffer, data: Buffer, count: number): Buffer {
  if (data.length >= count) return Buffer.from(data.subarray(data.length - count));
  return Buffer.from(Buffer.concat([before, data]).subarray(-count));
}
