// One proxied exchange: the request sent upstream, the answer relayed to the browser's raw response
// (status, forwarded headers scrubbed, security headers, then the body), gateway failover before
// anything is relayed, and the exchange's record when the browser's response closes.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { HttpError } from "../http/errors.js";
import { nextAttempt, TAIL_BYTES, type ActiveCall } from "./failover.js";
import {
  CACHE_CONTROL_AT,
  CONTENT_LENGTH_AT,
  CONTENT_TYPE_AT,
  FORWARDED_RESPONSE_HEADERS,
  responseHeadersOf,
  upstreamRequestOf,
} from "./headers.js";
import { answerError, SECURITY_HEADER_LIST, sendWhole, upstreamFailure } from "./replies.js";
import { rewriteLoopbackUrls, type EmulatorPorts } from "./rewrite.js";
import { scrubSecrets } from "./scrub.js";
import type { AttemptOutcome, GatewayAttempt, ProxyExchange } from "./types.js";
import {
  BODY_TIMEOUT,
  codedError,
  EMPTY,
  HEADERS_TIMEOUT,
  lastBytes,
  type Upstream,
  type UpstreamClient,
  type UpstreamExchange,
  type UpstreamLink,
} from "./upstream.js";

/** An exchange waiting on its upstream, with the time it was last heard from. */
export interface Watched {
  heardAt: number;
  /** silent past the idle timeout */
  silent(): void;
}

/** What every exchange of one proxy shares. */
export interface RelayContext {
  readonly connectMs: number;
  readonly idleMs: number;
  /** the server's token, scrubbed from what the upstream sends back */
  readonly literalSecrets: readonly string[];
  /** offline: the emulator's hosts, whose URLs in JSON replies are rewritten (none online) */
  readonly emulator: EmulatorPorts;
  /** exchanges waiting on their upstream: one sweep finds the silent ones */
  readonly waiting: Set<Watched>;
  readonly onExchangeEnd?: (exchange: ProxyExchange) => void;
  clientOf(target: Upstream): UpstreamClient;
  /** a gateway attempt's base URL, parsed once */
  upstreamOfBase(base: string): Upstream;
}

const MAX_REWRITTEN_JSON = 16 * 1024 * 1024;
/** Error bodies are read whole to be scrubbed; past this size the rest is dropped. */
const MAX_ERROR_BODY = 1024 * 1024;
/** An SSE event's data field, counted for the provider figures. */
const DATA_FIELD = Buffer.from("data:");
const LF = 10;
const JSON_TYPE = /^application\/(problem\+)?json/;

/**
 * Forwards one request and relays the answer to the raw response: status, the forwarded headers
 * (scrubbed) and the security headers in one writeHead, then the body. Errors are answered here too
 * (JSON, as the server's error handler would), so the caller has nothing left to do.
 */
export function forward(
  context: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  target: Upstream,
  path: string,
  authorization: string | undefined,
  body: Buffer | undefined,
  active?: ActiveCall,
): void {
  const method = req.method ?? "GET";
  const attempt = active?.call.attempts[active.index];
  const request = upstreamRequestOf(
    method,
    target.basePath + path,
    req.headers,
    authorization,
    attempt,
    body,
  );
  if (request instanceof HttpError) {
    answerError(res, request);
    return;
  }
  const relay = new Relay(context, req, res, method, context.clientOf(target).take(), active);
  // A large upload may take a while to leave: the silence is counted from its end.
  const sent = body && body.length > 1024 * 1024 ? () => (relay.heardAt = performance.now()) : undefined;
  relay.connection.send(relay, request, sent);
}

/**
 * The body is relayed as it comes. Each socket read of the upstream's response goes through the
 * parser at once; the body pieces it decodes (often many SSE events, each its own chunk of the
 * upstream's chunked encoding) are joined and leave for the browser in one chunk and one system
 * call, and nothing is held past the read. A response that arrived whole in one read (a short
 * reply, or a stream the upstream wrote at once) leaves in one write with its length instead of
 * chunked framing. While the browser reads slower than the upstream sends, the upstream connection
 * is paused (Node stops reading its socket). Error bodies (status ≥ 400) and, offline, JSON replies
 * to rewrite are read whole (capped) first.
 *
 * For an event stream, when the upstream breaks it off (connection cut, or silent past the idle
 * timeout), the browser gets a final `{"error": …}` event, which clients report as the backend
 * failing, instead of a bare network error. No `[DONE]` follows: the stream is not complete. Any
 * other body that breaks off ends the reply cut (the browser sees a network error).
 */
class Relay implements UpstreamExchange, Watched {
  readonly headOnly: boolean;
  heardAt: number;
  private readonly attempt: GatewayAttempt | undefined;
  // Timings for the providers' measured latency and throughput (provider-stats.ts).
  private readonly started: number;
  private status: number | undefined;
  private headersAt: number | undefined;
  private firstChunkAt: number | undefined;
  private lastChunkAt = 0;
  private events = 0;
  private aborted = false;
  private gotHeaders = false;
  /** a gateway attempt that failed over to the next: this one's reply is no longer the browser's */
  private superseded = false;
  /** What the body is for: relayed as it comes, read whole (then `whole`), or nothing. */
  private mode: "wait" | "relay" | "whole" | "none" = "wait";
  private eventStream = false;
  private out: string[] = [];
  /** Relay: body pieces of the current read; whole: the body so far. */
  private pieces: Buffer[] = [];
  private size = 0;
  private limit = 0;
  private whole: ((bytes: Buffer) => void) | undefined;
  private headSent = false;
  private blocked = false;
  // The last two bytes sent, to know whether an event stream stopped between events.
  private last = LF;
  private beforeLast = LF;
  private readonly resumeOnDrain = () => {
    this.blocked = false;
    if (this.connection.exchange === this) this.connection.resume();
  };

  constructor(
    private readonly context: RelayContext,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly method: string,
    readonly connection: UpstreamLink,
    private readonly active: ActiveCall | undefined,
  ) {
    this.headOnly = method === "HEAD";
    this.attempt = active?.call.attempts[active.index];
    this.started = this.heardAt = performance.now();
    // Silent past the idle timeout: before the headers it is a 504, after them the stream is cut.
    context.waiting.add(this);
    res.on("close", () => this.closed());
  }

  silent(): void {
    this.context.waiting.delete(this);
    this.connection.abort(codedError(this.gotHeaders ? BODY_TIMEOUT : HEADERS_TIMEOUT));
  }

  heard(): void {
    this.heardAt = performance.now();
  }

  head(statusCode: number, raw: string[]): void {
    this.gotHeaders = true;
    if (this.aborted) {
      this.mode = "none";
      this.connection.abort();
      return;
    }
    try {
      this.respond(statusCode, raw);
    } catch {
      this.mode = "none";
      this.connection.abort();
      answerError(
        this.res,
        new HttpError(502, "The inference upstream sent a response that cannot be relayed"),
      );
    }
  }

  body(piece: Buffer): void {
    if (this.mode === "relay") {
      this.pieces.push(piece);
      this.size += piece.length;
    } else if (this.mode === "whole" && this.size < this.limit) {
      if (this.size + piece.length > this.limit) piece = piece.subarray(0, this.limit - this.size);
      this.pieces.push(piece);
      this.size += piece.length;
    }
  }

  flush(complete: boolean): void {
    if (complete) this.context.waiting.delete(this);
    if (this.mode === "relay") {
      this.relayRead(complete);
    } else if (this.mode === "whole" && (complete || this.size >= this.limit)) {
      // Past the cap the rest is dropped, with the connection.
      if (!complete) this.connection.abort();
      this.context.waiting.delete(this);
      this.mode = "none";
      this.whole?.(this.takePieces());
    }
  }

  fail(error: Error): void {
    this.context.waiting.delete(this);
    if (this.aborted) return;
    const mode = this.mode;
    if (mode === "wait" && this.failOver({ error: (error as { code?: string }).code ?? "error" }, true))
      return;
    if (mode === "wait" || mode === "whole") {
      // Nothing relayed yet: answer with our own error, not the upstream's headers.
      answerError(this.res, upstreamFailure(error, this.context.connectMs, this.context.idleMs));
    } else if (mode === "relay") {
      this.breakOff(error);
    }
  }

  /** What one socket read brought leaves for the browser together; the whole reply in one write if it came so. */
  private relayRead(complete: boolean): void {
    const res = this.res;
    if (res.destroyed) return;
    const data = this.takePieces();
    this.note(data, this.heardAt);
    if (!this.headSent) {
      this.headSent = true;
      if (complete) {
        this.out.push("content-length", String(data.length));
        res.writeHead(this.status ?? 200, this.out).end(data);
        return;
      }
      res.writeHead(this.status ?? 200, this.out);
    }
    if (complete) {
      res.end(data);
    } else if (data.length > 0 && !res.write(data) && !this.blocked) {
      this.blocked = true;
      this.connection.pause();
      res.once("drain", this.resumeOnDrain);
    }
  }

  /** The response head: failover, or the browser's status and headers and what the body is for. */
  private respond(statusCode: number, raw: string[]): void {
    if (this.active && this.failOver({ status: statusCode }, statusCode >= 500 || statusCode === 429)) {
      this.mode = "none";
      this.connection.abort();
      return;
    }
    this.status = statusCode;
    this.headersAt = this.heardAt;
    if (statusCode < 200 || statusCode > 599) {
      this.mode = "none";
      this.connection.abort();
      answerError(this.res, new HttpError(502, `The inference upstream answered with status ${statusCode}`));
      return;
    }
    const found = responseHeadersOf(raw);
    const contentType = found[CONTENT_TYPE_AT] ?? "";
    this.eventStream = contentType.startsWith("text/event-stream");
    this.out = this.headersOut(found);
    if (this.headOnly || statusCode === 204 || statusCode === 304) {
      this.mode = "none";
      this.res.writeHead(statusCode, this.out).end();
      return;
    }
    if (statusCode >= 400) {
      this.readWhole(MAX_ERROR_BODY, (bytes) =>
        // Read as latin1 so binary bodies come back byte for byte; credentials are ASCII.
        Buffer.from(scrubSecrets(bytes.toString("latin1"), this.context.literalSecrets), "latin1"),
      );
      return;
    }
    if (
      this.context.emulator.hosts.size > 0 &&
      JSON_TYPE.test(contentType) &&
      Number(found[CONTENT_LENGTH_AT] ?? 0) <= MAX_REWRITTEN_JSON
    ) {
      this.readWhole(MAX_REWRITTEN_JSON, (bytes) => {
        const active = this.active;
        if (active?.call.keepTail) active.tail = bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES));
        const protocol = (this.req.socket as TLSSocket).encrypted ? "https" : "http";
        const self = `${protocol}://${this.req.headers.host}`;
        return Buffer.from(rewriteLoopbackUrls(bytes.toString("utf8"), self, this.context.emulator), "utf8");
      });
      return;
    }
    this.mode = "relay";
  }

  /** The browser's headers: security headers, the forwarded ones (scrubbed), the stream's and the gateway's. */
  private headersOut(found: (string | undefined)[]): string[] {
    const out = SECURITY_HEADER_LIST.slice();
    for (let i = 0; i < FORWARDED_RESPONSE_HEADERS.length; i++) {
      const value = found[i];
      // An event stream gets its own cache-control below.
      if (value === undefined || (this.eventStream && i === CACHE_CONTROL_AT)) continue;
      out.push(FORWARDED_RESPONSE_HEADERS[i], scrubSecrets(value, this.context.literalSecrets));
    }
    if (this.eventStream) out.push("cache-control", "no-cache", "x-accel-buffering", "no");
    if (this.active) {
      out.push("x-hubkit-attempts", this.active.log.join(", "));
      if (this.attempt?.provider) out.push("x-inference-provider", this.attempt.provider);
    }
    return out;
  }

  /** The body is read whole (up to `limit`), then sent as `transform` makes it. */
  private readWhole(limit: number, transform: (bytes: Buffer) => Buffer): void {
    this.mode = "whole";
    this.limit = limit;
    const status = this.status ?? 200;
    this.whole = (bytes) => sendWhole(this.res, status, this.out, transform(bytes));
  }

  /**
   * A gateway attempt's outcome, before anything was relayed: recorded, and when it is a failure
   * (no answer, 5xx, 429) and another attempt may start before the deadline, the next one is sent
   * and true returned.
   */
  private failOver(outcome: AttemptOutcome, retriable: boolean): boolean {
    const { active, attempt } = this;
    if (!active || !attempt) return false;
    const next = nextAttempt(active, attempt, outcome, retriable && !this.aborted && !this.res.destroyed);
    if (!next) return false;
    this.superseded = true;
    this.context.waiting.delete(this);
    const target = this.context.upstreamOfBase(next.base);
    forward(this.context, this.req, this.res, target, next.path, next.authorization, next.body, active);
    return true;
  }

  private note(data: Buffer, now: number): void {
    const length = data.length;
    if (length >= 2) this.beforeLast = data[length - 2];
    else if (length === 1) this.beforeLast = this.last;
    if (length > 0) this.last = data[length - 1];
    const active = this.active;
    if (active?.call.keepTail && length > 0) active.tail = lastBytes(active.tail ?? EMPTY, data, TAIL_BYTES);
    if (this.eventStream && length > 0) {
      // Events and their times for the providers' measured figures, counted in the bytes.
      this.firstChunkAt ??= now;
      this.lastChunkAt = now;
      for (let at = data.indexOf(DATA_FIELD); at !== -1; at = data.indexOf(DATA_FIELD, at + 5)) this.events++;
    }
  }

  private takePieces(): Buffer {
    const data = this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces, this.size);
    this.pieces = [];
    this.size = 0;
    return data;
  }

  /** The upstream broke off a relayed body: an event stream gets its error event, anything else is cut. */
  private breakOff(error: Error): void {
    const res = this.res;
    if (this.aborted || res.destroyed) return;
    if (!this.eventStream) {
      res.destroy();
      return;
    }
    if (!this.headSent) {
      this.headSent = true;
      res.writeHead(this.status ?? 502, this.out);
    }
    // What arrived before the break still goes out, ahead of the error event.
    if (this.size > 0) {
      const data = this.takePieces();
      this.note(data, performance.now());
      res.write(data);
    }
    const why =
      (error as { code?: string }).code === BODY_TIMEOUT
        ? `sent nothing for ${this.context.idleMs} ms`
        : "closed the connection before the end";
    // A partial event is terminated first (clients then reject it as malformed, which it is).
    const separator = this.last === LF && this.beforeLast === LF ? "" : "\n\n";
    const event = JSON.stringify({ error: `The inference upstream ${why} of the stream` });
    res.end(`${separator}data: ${event}\n\n`);
  }

  /** The browser's response closed: the upstream is let go if unfinished, and the exchange reported. */
  private closed(): void {
    if (this.superseded) return;
    this.context.waiting.delete(this);
    const finished = this.res.writableFinished;
    // Closing the upstream connection makes the router stop generating.
    if (!finished) {
      this.aborted = true;
      if (this.connection.exchange === this) this.connection.abort();
    }
    const { active, attempt } = this;
    if (!this.context.onExchangeEnd && !active?.call.ended) return;
    const url = this.req.url ?? "";
    const query = url.indexOf("?");
    const { started, firstChunkAt, headersAt } = this;
    const ended: ProxyExchange = {
      method: this.method,
      path: query === -1 ? url : url.slice(0, query),
      status: this.status,
      outcome: finished ? "complete" : "client-closed",
      latencyMs:
        firstChunkAt !== undefined
          ? firstChunkAt - started
          : headersAt !== undefined
            ? headersAt - started
            : undefined,
      durationMs: performance.now() - started,
      ...(firstChunkAt !== undefined
        ? { streamEvents: Math.max(0, this.events - 1), streamMs: this.lastChunkAt - firstChunkAt }
        : {}),
      ...(attempt?.provider ? { provider: attempt.provider } : {}),
    };
    this.context.onExchangeEnd?.(ended);
    active?.call.ended?.(ended, active.tail, active.index + 1);
  }
}
