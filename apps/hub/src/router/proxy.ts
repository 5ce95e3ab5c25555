// Same-origin inference proxy for the browser: /router/{provider}/… forwards to the inference router
// (the in-process emulator offline, the real router online). Bodies pass through untouched, responses
// stream back unbuffered (SSE included), and the server's token is added only on the way out. Only
// this server's own pages (and non-browser clients) may call it; upstreams that connect slowly or
// fall silent are cut off; error bodies are scrubbed of anything shaped like a credential.
//
// Upstream requests go over our own keep-alive connections (net/tls) rather than fetch/undici or
// node:http's client: the request leaves as one write of bytes, and the response is parsed by Node's
// own native HTTP parser (llhttp, the one node:http runs) driven directly, without ClientRequest,
// IncomingMessage, stream plumbing or an agent; the body pieces a socket read brings are relayed
// joined, so an open stream costs little memory and each chunk little CPU (bench/RESULTS.md, hub
// /router proxy). The three timeouts undici gave are kept: connect, silence before the headers,
// silence between body chunks.
//
// Per stream the hub does the work of a server and of a client; Fastify's request lifecycle (routing,
// hooks, reply and stream plumbing) cost about as much again. So a plain /router request is served
// straight from Node's `request` event (RouterProxy.handle) after the same checks, and the reply is
// written to the raw response (headers as one flat list, body chunks joined per socket read). Fastify keeps
// the route for everything else: refusals and errors it answers itself, odd methods or encodings.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import net, { type Socket } from "node:net";
import tls, { type TLSSocket } from "node:tls";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../http/errors.js";
import { checkSameOrigin, SECURITY_HEADERS } from "../http/request-guard.js";

export interface ProxyOptions {
  /** base URL of the router requests are forwarded to (no trailing slash needed) */
  routerUrl: string;
  /** token sent as `Authorization: Bearer …` when the browser sends none */
  serverToken?: string;
  /** largest request body accepted, in bytes */
  bodyLimit: number;
  /**
   * Offline only: loopback origins of the emulator. JSON replies that point at them (fal, replicate and
   * BFL result and polling URLs) are rewritten to go through this server, under /emulator/{port}/….
   */
  emulatorOrigins?: string[];
  /** called when a proxied exchange ends (also when the browser hung up first) */
  onExchangeEnd?: (exchange: ProxyExchange) => void;
  /** most milliseconds to open a connection to the upstream (default 10 000) */
  upstreamConnectTimeoutMs?: number;
  /**
   * most milliseconds the upstream may stay silent: before its response headers, and between two
   * chunks of its body (default 120 000)
   */
  upstreamIdleTimeoutMs?: number;
  /**
   * The server-wide checks Fastify's onRequest hook applies (Host allow-list, path, query): true when a
   * request passes them all. Without it RouterProxy.handle takes nothing and Fastify serves every request.
   */
  admits?: (request: IncomingMessage) => boolean;
  /**
   * The team gateway (gateway/): who calls, limits, routing and failover, usage. When set, every
   * /router request is admitted by it first and goes where it says; without it requests go to
   * `routerUrl` as they came.
   */
  gateway?: ProxyGateway;
}

/** One place a gateway call may be sent. */
export interface GatewayAttempt {
  /** base URL of the upstream (the router, or a provider's own API) */
  base: string;
  /** path under the base, with its query */
  path: string;
  authorization?: string;
  /** the body sent (for a routed chat call, with the provider's model id) */
  body?: Buffer;
  /** the provider served, for the measured figures and the attempts header */
  provider?: string;
  /** a provider's own API: the hub's billing header is not sent there */
  direct?: boolean;
  /** more request header lines, each `name: value\r\n` */
  headerLines?: string;
}

/** How a gateway attempt ended before anything was relayed: its status, or why it got none. */
export interface AttemptOutcome {
  status?: number;
  error?: string;
}

/** What the gateway made of a request: where to send it, in order, and what to do when it ends. */
export interface GatewayCall {
  attempts: GatewayAttempt[];
  /** performance.now() past which no further attempt starts */
  deadline: number;
  /** keep the last bytes of the relayed reply (usage figures live at its end) */
  keepTail?: boolean;
  /** every attempt's outcome, as soon as known (for the circuit breaker) */
  attempted?(attempt: GatewayAttempt, outcome: AttemptOutcome): void;
  /** the call ended: the exchange as relayed, the reply's last bytes, the attempts made */
  ended?(exchange: ProxyExchange, tail: Buffer | undefined, attempts: number): void;
}

export interface ProxyGateway {
  /** a call, a refusal, or either later */
  admit(
    request: IncomingMessage,
    rest: string,
    body: Buffer | undefined,
  ): GatewayCall | HttpError | Promise<GatewayCall | HttpError>;
  /** paths under /router the gateway answers itself (Fastify routes), e.g. /v1/models */
  answers(rest: string): boolean;
}

export interface RouterProxy {
  /**
   * Serves a /router/… request straight from Node's `request` event, without Fastify. Takes only a
   * request that passes every check Fastify would apply (server-wide, same origin, provider path, body
   * size) and needs nothing Fastify adds (GET, HEAD or POST/PUT/PATCH with a plain Content-Type and no
   * Content-Encoding, server not closing); for anything else returns false: Fastify then answers it as
   * before, refusals and errors included.
   */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
}

export const DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS = 120_000;

/** One request through the proxy, as it ended. */
export interface ProxyExchange {
  method: string;
  /** the path on this server, e.g. /router/together/v1/chat/completions */
  path: string;
  /** upstream status; undefined when the upstream could not be reached */
  status?: number;
  /**
   * `complete`: the whole reply reached the browser; `client-closed`: the browser closed the connection
   * first (e.g. Stop in the playground), so the upstream request was aborted and its connection closed
   */
  outcome: "complete" | "client-closed";
  /**
   * milliseconds from the request to the first byte of a streamed body (first token), or to the
   * response headers otherwise; undefined when the upstream never answered
   */
  latencyMs?: number;
  /** milliseconds from the request to the end of the exchange */
  durationMs: number;
  /** events of an event stream (about one per token), after the first one */
  streamEvents?: number;
  /** milliseconds between the first and the last chunk of an event stream */
  streamMs?: number;
  /** the provider that answered, when the gateway chose it */
  provider?: string;
}

const FORWARDED_REQUEST_HEADERS = [
  "accept",
  "content-type",
  "x-hf-bill-to",
  "x-wait-for-model",
  "x-use-cache",
  "prefer",
  "user-agent",
];
const FORWARDED_RESPONSE_HEADERS = [
  "content-type",
  "cache-control",
  "retry-after",
  "x-request-id",
  "content-disposition",
  "x-compute-type",
  "x-compute-time",
];
const PROVIDER_RE = /^\/[a-z0-9][a-z0-9-]*(\/|$)/;
const MAX_REWRITTEN_JSON = 16 * 1024 * 1024;
/** Error bodies are read whole to be scrubbed; past this size the rest is dropped. */
const MAX_ERROR_BODY = 1024 * 1024;

/** Response headers looked up by the proxy: the forwarded ones, then content-length. */
const RESPONSE_HEADER_SLOTS = new Map(
  [...FORWARDED_RESPONSE_HEADERS, "content-length"].map((name, index) => [name, index]),
);
const CONTENT_TYPE_AT = FORWARDED_RESPONSE_HEADERS.indexOf("content-type");
const CACHE_CONTROL_AT = FORWARDED_RESPONSE_HEADERS.indexOf("cache-control");
const CONTENT_LENGTH_AT = FORWARDED_RESPONSE_HEADERS.length;
/** Headers of which a repeat is dropped rather than joined (as node:http's IncomingMessage does). */
const SINGLE_VALUED = new Set(["content-type", "retry-after", "content-length"]);

/** The looked-up headers of a raw list [name, value, …], by slot; repeats joined with ", ". */
function responseHeadersOf(raw: readonly string[]): (string | undefined)[] {
  const found: (string | undefined)[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    const slot = RESPONSE_HEADER_SLOTS.get(name);
    if (slot === undefined) continue;
    const before = found[slot];
    if (before === undefined) found[slot] = raw[i + 1];
    else if (!SINGLE_VALUED.has(name)) found[slot] = `${before}, ${raw[i + 1]}`;
  }
  return found;
}

/** What node:http refuses to send: a method that is not a token, a path or header value it cannot write. */
const HTTP_TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
const UNSENDABLE_PATH = /[^\u0021-\u00ff]/;
const UNSENDABLE_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * Credential shapes: hub tokens, `Bearer`/`Key`/`Basic` header values, and the key formats of the
 * providers behind the router. An upstream that echoes a request header must not hand them on.
 */
const SECRET_PATTERNS: readonly RegExp[] = [
  /\b(Bearer|Key|Basic|Token)(\s+)[A-Za-z0-9._~+/=:-]{6,}/gi,
  /\bhf_[A-Za-z0-9]{6,}/g,
  /\b(?:sk|rk|pk)-[A-Za-z0-9_-]{12,}/g,
  /\b(?:r8|gsk|fw|xai|csk|nvapi|sk-ant|fal)[_-][A-Za-z0-9_-]{12,}/g,
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[0-9a-f]{16,}/gi,
];
const REDACTED = "[redacted]";

/** Any of the shapes, case-insensitive (a superset): one scan tells that most texts need no scrub. */
const ANY_SECRET = new RegExp(SECRET_PATTERNS.map((pattern) => pattern.source).join("|"), "i");

/** Replaces credential-shaped text (and any given literal secret) with "[redacted]". */
export function scrubSecrets(text: string, literals: readonly string[] = []): string {
  if (!ANY_SECRET.test(text) && !literals.some((literal) => literal.length >= 6 && text.includes(literal))) {
    return text;
  }
  let out = text;
  for (const literal of literals) if (literal.length >= 6) out = out.split(literal).join(REDACTED);
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (match: string, scheme?: string, space?: string) =>
      typeof scheme === "string" && typeof space === "string" ? `${scheme}${space}${REDACTED}` : REDACTED,
    );
  }
  return out;
}

/** Where requests go, parsed once rather than per request. */
interface Upstream {
  secure: boolean;
  host: string;
  port: number;
  /** the Host header sent (default port left out, IPv6 in brackets) */
  hostHeader: string;
  /** path prefix of the base URL, without its trailing slash ("" for an origin) */
  basePath: string;
}

function upstreamOf(base: string): Upstream {
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

/** Idle keep-alive connections to the upstream close after this long (undici's default). */
const UPSTREAM_KEEP_ALIVE_MS = 4_000;

/** Our own timeouts, told apart from socket errors by their code. */
const CONNECT_TIMEOUT = "HUBKIT_UPSTREAM_CONNECT_TIMEOUT";
const HEADERS_TIMEOUT = "HUBKIT_UPSTREAM_HEADERS_TIMEOUT";
const BODY_TIMEOUT = "HUBKIT_UPSTREAM_BODY_TIMEOUT";

function codedError(code: string): Error {
  return Object.assign(new Error(code), { code });
}

/** A connection that closed before its response ended (Node's client calls it a "socket hang up"). */
const hangUp = () => Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });

/**
 * Node's own HTTP parser (llhttp, native): the one node:http's client runs on each response, driven
 * here directly. Callbacks are slots on the parser object; kOnBody is called with each piece of the
 * decoded body (chunked framing and lengths are the parser's business), kOnMessageComplete at its end.
 */
interface NativeParser {
  initialize(type: number, resource: object, maxHeaderSize: number, lenient: number): void;
  /** bytes parsed, or an Error (`code` HPE_…) for a malformed message */
  execute(data: Buffer): number | Error;
  /** the connection ended: completes a body delimited by the close, or returns an Error */
  finish(): number | Error | undefined;
  close(): void;
  [slot: number]: unknown;
}
interface NativeParserClass {
  new (): NativeParser;
  RESPONSE: number;
  kOnHeaders: number;
  kOnHeadersComplete: number;
  kOnBody: number;
  kOnMessageComplete: number;
  kLenientNone: number;
}
const { HTTPParser } = createRequire(import.meta.url)("_http_common") as { HTTPParser: NativeParserClass };
if (typeof HTTPParser !== "function" || typeof HTTPParser.kOnHeadersComplete !== "number") {
  throw new Error(
    `The inference proxy needs Node's HTTP parser (node:_http_common HTTPParser), which Node ${process.version} does not expose`,
  );
}

/** How a response body is delimited, as far as the proxy takes it apart. */
const enum Framing {
  /** no body (HEAD, 204, 304) */
  None,
  /** by the parser's body callback: a body delimited by the close, or after an interim response */
  Decode,
  Length,
  Chunked,
}
/** Where the chunk walker is in a chunked body. */
const enum Chunk {
  Size,
  Extension,
  SizeEnd,
  Data,
  DataEnd,
  DataEndLf,
  Trailer,
}
const CR = 13;
const SEMICOLON = 59;
const HEAD_END = Buffer.from("\r\n\r\n");
const EMPTY = Buffer.alloc(0);
/** The walker and the parser disagreed on where a body ends (a malformed response). */
const FRAMING_MISMATCH = "HUBKIT_UPSTREAM_FRAMING";

/** The framing a response head announces (the parser has refused contradictory ones). */
function framingOf(raw: readonly string[]): Framing {
  let framing = Framing.Decode;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    if (name.length === 17 && name.toLowerCase() === "transfer-encoding") {
      // Only a plain "chunked" is walked; other codings are the parser's to delimit.
      if (raw[i + 1].trim().toLowerCase() !== "chunked" || framing === Framing.Chunked) return Framing.Decode;
      framing = Framing.Chunked;
    } else if (name.length === 14 && framing === Framing.Decode && name.toLowerCase() === "content-length") {
      framing = Framing.Length;
    }
  }
  return framing;
}

function contentLengthOf(raw: readonly string[]): string {
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === "content-length") return raw[i + 1];
  return "0";
}

/** The last `count` bytes of `before` followed by `data`. */
function lastBytes(before: Buffer, data: Buffer, count: number): Buffer {
  if (data.length >= count) return Buffer.from(data.subarray(data.length - count));
  return Buffer.from(Buffer.concat([before, data]).subarray(-count));
}

/** What a connection reports to the exchange it serves, in order: head, body pieces, flush per read. */
interface UpstreamExchange {
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

/**
 * One keep-alive connection to the upstream, with its own parser. Node's ClientRequest and
 * IncomingMessage (header objects, streams, events per body chunk, the agent's per-request
 * bookkeeping) were most of the hub's JavaScript per proxied stream: here the request goes out as
 * one write of bytes built from a template and each socket read of the response is handed to the
 * native parser, whose callbacks go straight to the exchange.
 *
 * The parser checks every byte (strictly: CRLF line ends, valid chunk sizes and framing) but is not
 * asked for the body: its body callback copies each piece into a new Buffer and calls into
 * JavaScript, once per chunk of the upstream's chunked encoding (one per SSE event), and that was a
 * fifth of the hub's instructions per proxied stream. Instead, after the parser has accepted a read,
 * `walk` takes the body out of the same bytes: for a length-delimited body a slice, for a chunked one
 * the chunks' data copied into one Buffer past each chunk's size line. The walker and the parser must
 * agree on where the body ends (checked after every read; any disagreement closes the connection
 * and fails the exchange), and bytes after the end make the connection unusable. Bodies delimited by
 * the connection's close, and a response after an informational (1xx) one, take the parser's
 * callback instead.
 */
class UpstreamConnection {
  exchange: UpstreamExchange | undefined;
  /** the parser completed the current response (the connection may serve another) */
  private done = false;
  /** the current response's head was parsed */
  private headDone = false;
  /** bytes that cannot belong to the current exchange came (a second response): not reusable */
  private spoiled = false;
  private keepAlive = false;
  /** an informational (1xx) response is being skipped; `sawInterim` once one was, this exchange */
  private interim = false;
  private sawInterim = false;
  /** header fields Node's parser handed over early (past 32 of them, or trailers) */
  private headerParts: string[] = [];
  /** the last bytes (up to 3) of a head that spans reads, to find its end across the boundary */
  private headTail: Buffer = EMPTY;
  private framing = Framing.None;
  /** the walker found the end of the body */
  private bodyDone = false;
  /** Length: body bytes still to come; Chunked: data bytes left in the current chunk */
  private remaining = 0;
  private chunkState = Chunk.Size;
  /** Chunked, in the trailer section: bytes in the current line so far */
  private lineLength = 0;
  private lastError: Error | undefined;
  private readonly parser: NativeParser;
  private readonly decoded = (piece: Buffer) => {
    if (!this.done) this.exchange?.body(piece);
  };

  constructor(
    readonly socket: Socket,
    private readonly pool: UpstreamPool,
  ) {
    const parser = (this.parser = new HTTPParser());
    parser.initialize(HTTPParser.RESPONSE, {}, 0, HTTPParser.kLenientNone);
    parser[HTTPParser.kOnHeaders] = (fields: string[]) => {
      for (const field of fields) this.headerParts.push(field);
    };
    parser[HTTPParser.kOnHeadersComplete] = (
      _major: number,
      _minor: number,
      headers: string[] | undefined,
      _method: unknown,
      _url: unknown,
      status: number,
      _message: unknown,
      upgrade: boolean,
      keepAlive: boolean,
    ): number => {
      const fields = headers ?? this.headerParts;
      this.headerParts = [];
      const exchange = this.exchange;
      if (exchange === undefined || this.headDone) {
        this.spoiled = true;
        return 1;
      }
      if (status < 200 && status !== 101 && !upgrade) {
        // 102/103 come before the real response (no body); Node's client skips them too.
        this.interim = this.sawInterim = true;
        return 1;
      }
      this.headDone = true;
      this.keepAlive = keepAlive && !upgrade;
      if (upgrade) this.spoiled = true;
      const noBody = exchange.headOnly || upgrade || status === 204 || status === 304;
      this.framing = noBody ? Framing.None : this.sawInterim ? Framing.Decode : framingOf(fields);
      this.parser[HTTPParser.kOnBody] = this.framing === Framing.Decode ? this.decoded : undefined;
      if (this.framing === Framing.Length) this.remaining = Number(contentLengthOf(fields));
      this.bodyDone =
        this.framing === Framing.None || (this.framing === Framing.Length && this.remaining === 0);
      exchange.head(status, fields);
      return noBody ? 1 : 0;
    };
    parser[HTTPParser.kOnMessageComplete] = () => {
      // Trailers (fields after the body) are not forwarded.
      this.headerParts = [];
      if (this.interim) this.interim = false;
      else if (this.done || !this.headDone) this.spoiled = true;
      else this.done = true;
    };
    socket.on("data", (data: Buffer) => this.read(data));
    socket.on("end", () => this.ended());
    socket.on("error", (error: Error) => (this.lastError = error));
    socket.on("close", () => this.closed());
  }

  /** Sends a request (all its bytes) and reports the response to `exchange`. */
  send(exchange: UpstreamExchange, request: Buffer | string, onSent?: () => void): void {
    this.exchange = exchange;
    this.done = this.headDone = this.keepAlive = this.sawInterim = false;
    this.headTail = EMPTY;
    this.chunkState = Chunk.Size;
    this.remaining = 0;
    if (typeof request === "string") this.socket.write(request, "latin1", onSent);
    else this.socket.write(request, onSent);
  }

  private read(data: Buffer): void {
    const exchange = this.exchange;
    if (exchange === undefined) {
      // Bytes on an idle connection: nothing can be expecting them.
      this.socket.destroy();
      return;
    }
    exchange.heard();
    const headBefore = this.headDone;
    const parsed = this.parser.execute(data);
    if (this.exchange !== exchange) return; // aborted from a callback
    if (typeof parsed !== "number") {
      // Malformed bytes after a complete response spoil only the connection.
      if (!this.done) {
        this.abort(parsed);
        return;
      }
      this.spoiled = true;
    }
    if (!this.headDone) {
      // The head goes on in the next read (or only interim responses came).
      this.headTail = lastBytes(this.headTail, data, 3);
      return;
    }
    if (this.framing !== Framing.Decode) {
      let at = 0;
      if (!headBefore) {
        at = this.bodyStart(data);
        this.headTail = EMPTY;
      }
      if (at !== -1 && !this.bodyDone) at = this.walk(exchange, data, at);
      if (at === -1 || this.bodyDone !== this.done) {
        this.abort(codedError(FRAMING_MISMATCH));
        return;
      }
      if (this.done && at < data.length) this.spoiled = true;
    }
    this.settle(exchange);
  }

  /** Where the body starts in the read that completed the head: past the head's first blank line. */
  private bodyStart(data: Buffer): number {
    const tail = this.headTail;
    if (tail.length > 0) {
      const across = Buffer.concat([tail, data.subarray(0, 3)]).indexOf(HEAD_END);
      if (across !== -1) return across + 4 - tail.length;
    }
    const at = data.indexOf(HEAD_END);
    return at === -1 ? -1 : at + 4;
  }

  /**
   * Takes the body out of `data` from `at` (bytes the parser has accepted), hands it to the exchange
   * as one piece, and returns the offset past the last body byte in `data`.
   */
  private walk(exchange: UpstreamExchange, data: Buffer, at: number): number {
    const end = data.length;
    if (this.framing === Framing.Length) {
      const take = Math.min(this.remaining, end - at);
      if (take > 0) exchange.body(at === 0 && take === end ? data : data.subarray(at, at + take));
      this.remaining -= take;
      if (this.remaining === 0) this.bodyDone = true;
      return at + take;
    }
    // Chunked: size line (hex, then extensions to be skipped), CRLF, data, CRLF; a 0 size ends the
    // chunks, then trailer lines up to a blank one. The parser has checked all of it already.
    let state = this.chunkState;
    let left = this.remaining;
    let first = -1;
    let firstEnd = -1;
    let out: Buffer | undefined;
    let outAt = 0;
    while (at < end) {
      if (state === Chunk.Data) {
        const take = Math.min(left, end - at);
        if (first === -1) {
          first = at;
          firstEnd = at + take;
        } else {
          if (out === undefined) {
            out = Buffer.allocUnsafe(end - first);
            outAt = data.copy(out, 0, first, firstEnd);
          }
          outAt += data.copy(out, outAt, at, at + take);
        }
        at += take;
        left -= take;
        if (left === 0) state = Chunk.DataEnd;
      } else if (state === Chunk.Size) {
        const c = data[at++];
        if (c === CR) state = Chunk.SizeEnd;
        else if (c === SEMICOLON) state = Chunk.Extension;
        else left = left * 16 + ((c & 0x40) !== 0 ? (c | 0x20) - 87 : c - 48);
      } else if (state === Chunk.Extension) {
        const cr = data.indexOf(CR, at);
        at = cr === -1 ? end : cr + 1;
        if (cr !== -1) state = Chunk.SizeEnd;
      } else if (state === Chunk.SizeEnd) {
        at++; // LF
        if (left === 0) {
          state = Chunk.Trailer;
          this.lineLength = 0;
        } else state = Chunk.Data;
      } else if (state === Chunk.DataEnd) {
        at += 2; // CRLF, perhaps split across reads
        if (at > end) {
          at = end;
          state = Chunk.DataEndLf;
        } else state = Chunk.Size;
      } else if (state === Chunk.DataEndLf) {
        at++;
        state = Chunk.Size;
      } else {
        // Trailer section: ends at a line holding only CR.
        const c = data[at++];
        if (c !== LF) this.lineLength++;
        else if (this.lineLength === 1) {
          this.bodyDone = true;
          break;
        } else this.lineLength = 0;
      }
    }
    this.chunkState = state;
    this.remaining = left;
    if (first !== -1)
      exchange.body(out !== undefined ? out.subarray(0, outAt) : data.subarray(first, firstEnd));
    return at;
  }

  /** After a read: hands the exchange what arrived, and frees the connection if the response ended. */
  private settle(exchange: UpstreamExchange): void {
    const complete = this.done;
    if (complete) this.exchange = undefined;
    exchange.flush(complete);
    if (!complete) return;
    if (this.keepAlive && !this.spoiled && !this.socket.destroyed) this.pool.release(this);
    else this.socket.destroy();
  }

  private ended(): void {
    const exchange = this.exchange;
    if (exchange !== undefined && !this.done && this.framing === Framing.Decode) {
      // A body delimited by the end of the connection ends here; anything else was cut short.
      const finished = this.parser.finish();
      if (this.exchange === exchange && this.done && typeof finished !== "object") {
        this.keepAlive = false;
        this.settle(exchange);
      }
    }
    this.socket.destroy();
  }

  private closed(): void {
    this.pool.forget(this);
    const exchange = this.exchange;
    this.exchange = undefined;
    exchange?.fail(this.lastError ?? hangUp());
    this.parser.close();
  }

  /** Ends the exchange under way and closes the connection; `error` is reported to the exchange. */
  abort(error?: Error): void {
    const exchange = this.exchange;
    this.exchange = undefined;
    this.socket.destroy();
    if (error) exchange?.fail(error);
  }
}

/**
 * Keep-alive connections to one upstream, the most recently freed reused first. Idle connections are
 * closed by sweep() (called about once a second), not by a timer each; a new connection has a connect
 * timer until it is connected (TLS included).
 */
class UpstreamPool {
  /** Idle connections, oldest first, and since when each is idle. */
  private readonly idle: UpstreamConnection[] = [];
  private readonly idleSince: number[] = [];
  private readonly all = new Set<UpstreamConnection>();

  constructor(
    private readonly target: Upstream,
    private readonly connectMs: number,
  ) {}

  /** An idle connection, or a new one. */
  take(): UpstreamConnection {
    const reused = this.idle.pop();
    if (reused) {
      this.idleSince.pop();
      reused.socket.ref();
      return reused;
    }
    const { host, port, secure } = this.target;
    const socket: Socket = secure
      ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
      : net.connect({ host, port });
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 1000);
    const timer = setTimeout(() => socket.destroy(codedError(CONNECT_TIMEOUT)), this.connectMs);
    const connected = () => clearTimeout(timer);
    socket.once(secure ? "secureConnect" : "connect", connected);
    socket.once("close", connected);
    const connection = new UpstreamConnection(socket, this);
    this.all.add(connection);
    return connection;
  }

  release(connection: UpstreamConnection): void {
    const socket = connection.socket;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    // A reply the browser was slow to take may have left it paused.
    if (socket.isPaused()) socket.resume();
    socket.unref();
    this.idle.push(connection);
    this.idleSince.push(performance.now());
  }

  forget(connection: UpstreamConnection): void {
    this.all.delete(connection);
    const at = this.idle.indexOf(connection);
    if (at !== -1) {
      this.idle.splice(at, 1);
      this.idleSince.splice(at, 1);
    }
  }

  /** Closes the connections idle for longer than the keep-alive time. */
  sweep(now: number): void {
    while (this.idle.length > 0 && now - this.idleSince[0] >= UPSTREAM_KEEP_ALIVE_MS) {
      this.idleSince.shift();
      this.idle.shift()?.socket.destroy();
    }
  }

  destroy(): void {
    for (const connection of this.all) connection.socket.destroy();
  }
}

/** Why the upstream could not answer, for the browser (no URL, no header value). */
function upstreamFailure(error: unknown, connectMs: number, idleMs: number): HttpError {
  const code = (error as { code?: string }).code;
  if (code === CONNECT_TIMEOUT) {
    return new HttpError(504, `The inference upstream did not accept a connection within ${connectMs} ms`);
  }
  if (code === FRAMING_MISMATCH) {
    return new HttpError(502, "The inference upstream sent a malformed response");
  }
  if (code === HEADERS_TIMEOUT) {
    return new HttpError(504, `The inference upstream sent no response for ${idleMs} ms`);
  }
  const reason = code ?? (error as Error).name ?? "unknown error";
  // OpenSSL's verification codes (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED, …) and Node's
  // ERR_TLS_CERT_ALTNAME_INVALID: the host answered, but is not the one it claims to be.
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(reason)) {
    return new HttpError(502, `The inference upstream's TLS certificate was refused (${reason})`);
  }
  return new HttpError(502, `The inference upstream could not be reached (${reason})`);
}

/** The security headers every answer carries, as [name, value, …] for res.writeHead. */
const SECURITY_HEADER_LIST: readonly string[] = Object.entries(SECURITY_HEADERS).flat();

/** Answers with `{ "error": message }`, as the server's error handler does (or cuts a reply under way). */
function answerError(res: ServerResponse, error: HttpError): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: error.message });
  const headers = [
    "content-type",
    "application/json; charset=utf-8",
    "content-length",
    String(Buffer.byteLength(body)),
    ...SECURITY_HEADER_LIST,
  ];
  const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
  if (retryAfter !== undefined) headers.push("retry-after", String(retryAfter));
  else if (error.statusCode === 503) headers.push("retry-after", "5");
  res.writeHead(error.statusCode, headers).end(body);
}

/** A gateway call under way: which attempt is current, what the earlier ones gave, the reply's tail. */
interface ActiveCall {
  call: GatewayCall;
  index: number;
  /** `provider=status` (or `=error code`) per attempt, for the x-hubkit-attempts header */
  log: string[];
  tail?: Buffer;
}
/** Bytes of a reply kept for the gateway: a chat reply's usage object and the stream's last events. */
const TAIL_BYTES = 4096;

/** An SSE event's data field, counted for the provider figures. */
const DATA_FIELD = Buffer.from("data:");
const LF = 10;
const noop = () => {};

/** Content-Types whose body the proxy takes as is (Fastify's parser accepts them all); others go to Fastify. */
const PLAIN_CONTENT_TYPE =
  /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(?:\s*;\s*[\w!#$&^.+-]+=(?:[\w!#$&^.+-]+|"[\w !#$&^.+=,:/-]*"))*$/;

export async function registerRouterProxy(app: FastifyInstance, options: ProxyOptions): Promise<RouterProxy> {
  const routerBase = options.routerUrl.replace(/\/+$/, "");
  const router = upstreamOf(routerBase);
  const emulatorPorts = new Map<string, Upstream>();
  let routerPort: string | undefined;
  for (const origin of options.emulatorOrigins ?? []) {
    const url = new URL(origin);
    if (url.origin === new URL(routerBase).origin) routerPort = url.port;
    else emulatorPorts.set(url.port, upstreamOf(url.origin));
  }
  const connectMs = options.upstreamConnectTimeoutMs ?? DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS;
  const idleMs = options.upstreamIdleTimeoutMs ?? DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS;
  const pools = new Map<Upstream, UpstreamPool>();
  /** Upstreams a gateway names by base URL, parsed once each. */
  const bases = new Map<string, Upstream>([[routerBase, router]]);
  const upstreamOfBase = (base: string) => {
    let target = bases.get(base);
    if (!target) bases.set(base, (target = upstreamOf(base)));
    return target;
  };
  const poolOf = (target: Upstream) => {
    let pool = pools.get(target);
    if (!pool) pools.set(target, (pool = new UpstreamPool(target, connectMs)));
    return pool;
  };
  /**
   * Exchanges waiting on their upstream, each with the time it was last heard from. One sweep finds
   * those silent past the idle timeout (before the headers, or between two body chunks), instead of
   * a socket timer re-armed per request; it also closes connections idle past the keep-alive time.
   */
  const waiting = new Set<{ heardAt: number; silent: () => void }>();
  const sweep = setInterval(
    () => {
      const now = performance.now();
      for (const exchange of waiting) if (now - exchange.heardAt >= idleMs) exchange.silent();
      for (const pool of pools.values()) pool.sweep(now);
    },
    Math.max(10, Math.min(1000, Math.floor(idleMs / 8))),
  );
  sweep.unref();
  // Once the server starts closing, Fastify answers new requests (503, connection: close).
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onClose", async () => {
    clearInterval(sweep);
    for (const pool of pools.values()) pool.destroy();
  });
  const literalSecrets = options.serverToken ? [options.serverToken] : [];
  const serverAuthorization = options.serverToken ? `Bearer ${options.serverToken}` : undefined;

  /**
   * Points loopback emulator URLs in a JSON reply back at this server, so a browser can follow them.
   * Job URLs that clients take only the path of stay as they are, as the real router passes them:
   * fal.ai's queue URLs (`response_url`, `status_url`, `cancel_url`, polled under /router/fal-ai) and
   * WaveSpeed's `urls.get` (polled under /router/wavespeed). Rewritten, their path would start with
   * /emulator/{port} and the poll would miss the router.
   */
  const rewriteLoopbackUrls = (text: string, selfOrigin: string) =>
    text.replace(
      /("(?:(?:response|status|cancel)_url|get)"\s*:\s*")?http:\/\/127\.0\.0\.1:(\d+)/g,
      (match, queueKey: string | undefined, port: string) => {
        if (queueKey) return match;
        if (port === routerPort) return `${selfOrigin}/router`;
        if (emulatorPorts.has(port)) return `${selfOrigin}/emulator/${port}`;
        return match;
      },
    );

  /** A whole body (an error, or rewritten JSON) with its length; Fastify's default type for bytes. */
  const sendWhole = (res: ServerResponse, status: number, headers: string[], bytes: Buffer) => {
    if (!headers.includes("content-type")) headers.push("content-type", "application/octet-stream");
    headers.push("content-length", String(bytes.length));
    res.writeHead(status, headers).end(bytes);
  };

  /**
   * Forwards one request and relays the answer to the raw response: status, the forwarded headers
   * (scrubbed) and the security headers in one writeHead, then the body. Errors are answered here too
   * (JSON, as the server's error handler would), so the caller has nothing left to do.
   *
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
  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    target: Upstream,
    path: string,
    authorization: string | undefined,
    body: Buffer | undefined,
    active?: ActiveCall,
  ): void => {
    const method = req.method ?? "GET";
    const attempt = active?.call.attempts[active.index];
    const fullPath = target.basePath + path;
    if (!HTTP_TOKEN.test(method) || UNSENDABLE_PATH.test(fullPath)) {
      answerError(res, new HttpError(400, "The request path cannot be forwarded to the inference upstream"));
      return;
    }
    // The request head, written as is (latin1, as Node writes headers).
    let head = `${method} ${fullPath} HTTP/1.1\r\nhost: ${target.hostHeader}\r\nconnection: keep-alive\r\n`;
    const incoming = req.headers;
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = incoming[name];
      if (typeof value !== "string" || (name === "x-hf-bill-to" && attempt?.direct)) continue;
      if (UNSENDABLE_HEADER_VALUE.test(value)) {
        answerError(
          res,
          new HttpError(400, `The ${name} header cannot be forwarded to the inference upstream`),
        );
        return;
      }
      head += `${name}: ${value}\r\n`;
    }
    if (authorization) {
      if (UNSENDABLE_HEADER_VALUE.test(authorization)) {
        answerError(
          res,
          new HttpError(400, "The authorization header cannot be forwarded to the inference upstream"),
        );
        return;
      }
      head += `authorization: ${authorization}\r\n`;
    }
    if (attempt?.headerLines) head += attempt.headerLines;
    if (body) head += `content-length: ${body.length}\r\n`;
    else if (method !== "GET" && method !== "HEAD" && method !== "DELETE" && method !== "OPTIONS") {
      head += "content-length: 0\r\n";
    }
    head += "\r\n";
    let request: Buffer | string = head;
    if (body && body.length > 0) {
      request = Buffer.allocUnsafe(head.length + body.length);
      request.write(head, 0, "latin1");
      body.copy(request, head.length);
    }

    // Timings for the providers' measured latency and throughput (provider-stats.ts).
    const started = performance.now();
    let status: number | undefined;
    let headersAt: number | undefined;
    let firstChunkAt: number | undefined;
    let lastChunkAt = 0;
    let events = 0;
    let aborted = false;
    let gotHeaders = false;
    /** a gateway attempt that failed over to the next: this one's reply is no longer the browser's */
    let superseded = false;

    const connection = poolOf(target).take();
    // Silent past the idle timeout: before the headers it is a 504, after them the stream is cut.
    const watch = {
      heardAt: started,
      silent: () => {
        waiting.delete(watch);
        connection.abort(codedError(gotHeaders ? BODY_TIMEOUT : HEADERS_TIMEOUT));
      },
    };
    waiting.add(watch);

    res.on("close", () => {
      if (superseded) return;
      waiting.delete(watch);
      const finished = res.writableFinished;
      // Closing the upstream connection makes the router stop generating.
      if (!finished) {
        aborted = true;
        if (connection.exchange === exchange) connection.abort();
      }
      if (!options.onExchangeEnd && !active?.call.ended) return;
      const url = req.url ?? "";
      const query = url.indexOf("?");
      const ended: ProxyExchange = {
        method,
        path: query === -1 ? url : url.slice(0, query),
        status,
        outcome: finished ? "complete" : "client-closed",
        latencyMs:
          firstChunkAt !== undefined
            ? firstChunkAt - started
            : headersAt !== undefined
              ? headersAt - started
              : undefined,
        durationMs: performance.now() - started,
        ...(firstChunkAt !== undefined
          ? { streamEvents: Math.max(0, events - 1), streamMs: lastChunkAt - firstChunkAt }
          : {}),
        ...(attempt?.provider ? { provider: attempt.provider } : {}),
      };
      options.onExchangeEnd?.(ended);
      active?.call.ended?.(ended, active.tail, active.index + 1);
    });

    /**
     * A gateway attempt's outcome, before anything was relayed: recorded, and when it is a failure
     * (no answer, 5xx, 429) and another attempt may start before the deadline, the next one is sent
     * and true returned.
     */
    const failOver = (outcome: AttemptOutcome, retriable: boolean): boolean => {
      if (!active || !attempt) return false;
      active.call.attempted?.(attempt, outcome);
      active.log.push(`${attempt.provider ?? "router"}=${outcome.status ?? outcome.error ?? "error"}`);
      const next = active.index + 1;
      if (
        !retriable ||
        aborted ||
        res.destroyed ||
        next >= active.call.attempts.length ||
        performance.now() >= active.call.deadline
      ) {
        return false;
      }
      superseded = true;
      waiting.delete(watch);
      active.index = next;
      const nextAttempt = active.call.attempts[next];
      forward(
        req,
        res,
        upstreamOfBase(nextAttempt.base),
        nextAttempt.path,
        nextAttempt.authorization,
        nextAttempt.body,
        active,
      );
      return true;
    };

    /** What the body is for: relayed as it comes, read whole (then `whole`), or nothing. */
    let mode: "wait" | "relay" | "whole" | "none" = "wait";
    let eventStream = false;
    let out: string[] = [];
    /** Relay: body pieces of the current read; whole: the body so far. */
    let pieces: Buffer[] = [];
    let size = 0;
    let limit = 0;
    let whole: ((bytes: Buffer) => void) | undefined;
    let headSent = false;
    let blocked = false;
    // The last two bytes sent, to know whether an event stream stopped between events.
    let last = LF;
    let beforeLast = LF;

    const note = (data: Buffer, now: number) => {
      const length = data.length;
      if (length >= 2) beforeLast = data[length - 2];
      else if (length === 1) beforeLast = last;
      if (length > 0) last = data[length - 1];
      if (active?.call.keepTail && length > 0)
        active.tail = lastBytes(active.tail ?? EMPTY, data, TAIL_BYTES);
      if (eventStream && length > 0) {
        // Events and their times for the providers' measured figures, counted in the bytes.
        firstChunkAt ??= now;
        lastChunkAt = now;
        for (let at = data.indexOf(DATA_FIELD); at !== -1; at = data.indexOf(DATA_FIELD, at + 5)) events++;
      }
    };
    const takePieces = (): Buffer => {
      const data = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, size);
      pieces = [];
      size = 0;
      return data;
    };
    const resume = () => {
      blocked = false;
      if (connection.exchange === exchange) connection.socket.resume();
    };

    const respond = (statusCode: number, raw: string[]) => {
      if (active) {
        if (failOver({ status: statusCode }, statusCode >= 500 || statusCode === 429)) {
          mode = "none";
          connection.abort();
          return;
        }
      }
      status = statusCode;
      headersAt = watch.heardAt;
      if (statusCode < 200 || statusCode > 599) {
        mode = "none";
        connection.abort();
        answerError(res, new HttpError(502, `The inference upstream answered with status ${statusCode}`));
        return;
      }
      const found = responseHeadersOf(raw);
      const contentType = found[CONTENT_TYPE_AT] ?? "";
      eventStream = contentType.startsWith("text/event-stream");
      out = SECURITY_HEADER_LIST.slice();
      for (let i = 0; i < FORWARDED_RESPONSE_HEADERS.length; i++) {
        const value = found[i];
        // An event stream gets its own cache-control below.
        if (value === undefined || (eventStream && i === CACHE_CONTROL_AT)) continue;
        out.push(FORWARDED_RESPONSE_HEADERS[i], scrubSecrets(value, literalSecrets));
      }
      if (eventStream) out.push("cache-control", "no-cache", "x-accel-buffering", "no");
      if (active) {
        out.push("x-hubkit-attempts", active.log.join(", "));
        if (attempt?.provider) out.push("x-inference-provider", attempt.provider);
      }

      if (method === "HEAD" || statusCode === 204 || statusCode === 304) {
        mode = "none";
        res.writeHead(statusCode, out).end();
        return;
      }
      if (statusCode >= 400) {
        mode = "whole";
        limit = MAX_ERROR_BODY;
        // Read as latin1 so binary bodies come back byte for byte; credentials are ASCII.
        whole = (bytes) =>
          sendWhole(
            res,
            statusCode,
            out,
            Buffer.from(scrubSecrets(bytes.toString("latin1"), literalSecrets), "latin1"),
          );
        return;
      }
      if (emulatorPorts.size > 0 && /^application\/(problem\+)?json/.test(contentType)) {
        if (Number(found[CONTENT_LENGTH_AT] ?? 0) <= MAX_REWRITTEN_JSON) {
          mode = "whole";
          limit = MAX_REWRITTEN_JSON;
          whole = (bytes) => {
            if (active?.call.keepTail) active.tail = bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES));
            const protocol = (req.socket as TLSSocket).encrypted ? "https" : "http";
            const text = rewriteLoopbackUrls(bytes.toString("utf8"), `${protocol}://${incoming.host}`);
            sendWhole(res, statusCode, out, Buffer.from(text, "utf8"));
          };
          return;
        }
      }
      mode = "relay";
    };

    /** The upstream broke off a relayed body: an event stream gets its error event, anything else is cut. */
    const breakOff = (error: Error) => {
      if (aborted || res.destroyed) return;
      if (!eventStream) {
        res.destroy();
        return;
      }
      if (!headSent) {
        headSent = true;
        res.writeHead(status ?? 502, out);
      }
      // What arrived before the break still goes out, ahead of the error event.
      if (size > 0) {
        const data = takePieces();
        note(data, performance.now());
        res.write(data);
      }
      const why =
        (error as { code?: string }).code === BODY_TIMEOUT
          ? `sent nothing for ${idleMs} ms`
          : "closed the connection before the end";
      // A partial event is terminated first (clients then reject it as malformed, which it is).
      const separator = last === LF && beforeLast === LF ? "" : "\n\n";
      const event = JSON.stringify({ error: `The inference upstream ${why} of the stream` });
      res.end(`${separator}data: ${event}\n\n`);
    };

    const exchange: UpstreamExchange = {
      headOnly: method === "HEAD",
      heard: () => {
        watch.heardAt = performance.now();
      },
      head: (statusCode, raw) => {
        gotHeaders = true;
        if (aborted) {
          mode = "none";
          connection.abort();
          return;
        }
        try {
          respond(statusCode, raw);
        } catch {
          mode = "none";
          connection.abort();
          answerError(
            res,
            new HttpError(502, "The inference upstream sent a response that cannot be relayed"),
          );
        }
      },
      body: (piece) => {
        if (mode === "relay") {
          pieces.push(piece);
          size += piece.length;
        } else if (mode === "whole" && size < limit) {
          if (size + piece.length > limit) piece = piece.subarray(0, limit - size);
          pieces.push(piece);
          size += piece.length;
        }
      },
      flush: (complete) => {
        if (complete) waiting.delete(watch);
        if (mode === "relay") {
          if (res.destroyed) return;
          const now = watch.heardAt;
          const data = takePieces();
          note(data, now);
          if (!headSent) {
            headSent = true;
            if (complete) {
              out.push("content-length", String(data.length));
              res.writeHead(status ?? 200, out).end(data);
              return;
            }
            res.writeHead(status ?? 200, out);
          }
          if (complete) {
            res.end(data);
          } else if (data.length > 0 && !res.write(data) && !blocked) {
            blocked = true;
            connection.socket.pause();
            res.once("drain", resume);
          }
        } else if (mode === "whole" && (complete || size >= limit)) {
          // Past the cap the rest is dropped, with the connection.
          if (!complete) connection.abort();
          waiting.delete(watch);
          mode = "none";
          whole?.(takePieces());
        }
      },
      fail: (error) => {
        waiting.delete(watch);
        if (aborted) return;
        if (mode === "wait" && failOver({ error: (error as { code?: string }).code ?? "error" }, true))
          return;
        if (mode === "wait" || mode === "whole") {
          // Nothing relayed yet: answer with our own error, not the upstream's headers.
          answerError(res, upstreamFailure(error, connectMs, idleMs));
        } else if (mode === "relay") {
          breakOff(error);
        }
      },
    };

    // A large upload may take a while to leave: the silence is counted from its end.
    const sent = body && body.length > 1024 * 1024 ? () => (watch.heardAt = performance.now()) : undefined;
    connection.send(exchange, request, sent);
  };

  /**
   * Sends a /router request on: as it came without a gateway; else where the gateway says (after it
   * has admitted the caller), or its refusal.
   */
  const dispatch = (
    req: IncomingMessage,
    res: ServerResponse,
    rest: string,
    authorization: string | undefined,
    body: Buffer | undefined,
  ): void => {
    const gateway = options.gateway;
    if (!gateway) {
      forward(req, res, router, rest, authorization, body);
      return;
    }
    const start = (call: GatewayCall | HttpError) => {
      if (call instanceof HttpError) {
        answerError(res, call);
        return;
      }
      if (call.attempts.length === 0) {
        answerError(res, new HttpError(503, "No inference provider is available for this request"));
        return;
      }
      const first = call.attempts[0];
      const active: ActiveCall = { call, index: 0, log: [] };
      forward(req, res, upstreamOfBase(first.base), first.path, first.authorization, first.body, active);
    };
    const refuse = (error: unknown) =>
      answerError(
        res,
        error instanceof HttpError ? error : new HttpError(500, "The gateway failed on this request"),
      );
    let admitted;
    try {
      admitted = gateway.admit(req, rest, body);
    } catch (error) {
      refuse(error);
      return;
    }
    if (admitted instanceof Promise) admitted.then(start, refuse);
    else start(admitted);
  };

  /** The token sent upstream: the browser's own, else the server's. */
  const routerAuthorization = (headers: IncomingHttpHeaders) => headers.authorization ?? serverAuthorization;

  /** The last Content-Type found plain. */
  let plainType: string | undefined;
  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url;
    if (closing || url === undefined || !url.startsWith("/router/") || !options.admits) return false;
    const method = req.method;
    const withBody = method === "POST" || method === "PUT" || method === "PATCH";
    if (!withBody && method !== "GET" && method !== "HEAD") return false;
    const headers = req.headers;
    if (withBody) {
      // Fastify decompresses encoded bodies and judges unusual Content-Types and missing ones.
      const type = headers["content-type"];
      if (headers["content-encoding"] !== undefined || type === undefined) return false;
      // Clients send the same type on every request: one that passed is not matched again.
      if (type !== plainType) {
        if (!PLAIN_CONTENT_TYPE.test(type)) return false;
        plainType = type;
      }
      // Too large by its own account: Fastify answers 413 without reading it.
      const length = headers["content-length"];
      if (length !== undefined && !(Number(length) <= options.bodyLimit)) return false;
    }
    const rest = url.slice("/router".length);
    if (!PROVIDER_RE.test(rest) || !options.admits(req) || checkSameOrigin(req) !== undefined) return false;
    if (options.gateway?.answers(rest)) return false;
    const authorization = routerAuthorization(headers);
    if (!withBody) {
      dispatch(req, res, rest, authorization, undefined);
      return true;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > options.bodyLimit) {
        tooLarge = true;
        chunks.length = 0;
        answerError(res, new HttpError(413, "Request body is too large"));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (tooLarge) return;
      dispatch(req, res, rest, authorization, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    });
    // A browser that hangs up mid-body: Node closes the connection, nothing was sent upstream yet.
    req.on("error", noop);
    return true;
  };

  /** What Fastify parsed as the body, for the methods that send one. */
  const bodyOf = (request: { method: string; body: unknown }) =>
    Buffer.isBuffer(request.body) && request.method !== "GET" && request.method !== "HEAD"
      ? request.body
      : undefined;

  await app.register(async (scope) => {
    // Refused before the body is read: a cross-origin page must not get the server's token spent.
    scope.addHook("onRequest", async (request) => {
      const refusal = checkSameOrigin(request);
      if (refusal) throw new HttpError(403, refusal);
    });
    // Bodies are forwarded as raw bytes whatever their type (JSON, audio, images).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: options.bodyLimit },
      (_request, body, done) => {
        done(null, body);
      },
    );

    // What handle() leaves to Fastify (and light-my-request's inject) comes here; the reply is then
    // written by forward() on the raw response, as on the direct path.
    scope.all(
      "/router/*",
      { config: { compress: false }, bodyLimit: options.bodyLimit },
      async (request, reply) => {
        const rest = request.url.slice("/router".length);
        if (!PROVIDER_RE.test(rest)) {
          throw new HttpError(
            404,
            "Inference proxy paths look like /router/{provider}/…, e.g. /router/together/v1/chat/completions",
          );
        }
        reply.hijack();
        dispatch(request.raw, reply.raw, rest, routerAuthorization(request.headers), bodyOf(request));
      },
    );

    if (emulatorPorts.size > 0) {
      scope.all(
        "/emulator/:port/*",
        { config: { compress: false }, bodyLimit: options.bodyLimit },
        async (request, reply) => {
          const { port } = request.params as { port: string };
          // The port as written in the URL, digits only: a percent-encoded one (%34%30…) is decoded
          // in the params but not in the URL, which was then cut at the wrong place and sent on as
          // a malformed request line.
          if (!request.url.startsWith(`/emulator/${port}/`) || !/^\d{1,5}$/.test(port)) {
            throw new HttpError(400, "Emulator paths look like /emulator/{port}/…, the port in plain digits");
          }
          const origin = emulatorPorts.get(port);
          if (!origin) throw new HttpError(404, `No emulator host listens on port ${port.slice(0, 10)}`);
          const rest = request.url.slice(`/emulator/${port}`.length);
          reply.hijack();
          forward(request.raw, reply.raw, origin, rest, request.headers.authorization, bodyOf(request));
        },
      );
    }
  });
  return { handle };
}
