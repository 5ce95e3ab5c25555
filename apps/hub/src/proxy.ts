// Same-origin inference proxy for the browser: /router/{provider}/… forwards to the inference router
// (the in-process emulator offline, the real router online). Bodies pass through untouched, responses
// stream back unbuffered (SSE included), and the server's token is added only on the way out. Only
// this server's own pages (and non-browser clients) may call it; upstreams that connect slowly or
// fall silent are cut off; error bodies are scrubbed of anything shaped like a credential.
//
// Upstream requests go through node:http(s) rather than fetch/undici: the parser is native and the
// upstream response is relayed with its chunks joined per socket read, so an open stream costs less
// memory and each chunk far less CPU (bench/RESULTS.md, hub /router proxy). The three timeouts undici
// gave are kept: connect, silence before the headers, silence between body chunks.
//
// Per stream the hub does the work of a server and of a client; Fastify's request lifecycle (routing,
// hooks, reply and stream plumbing) cost about as much again. So a plain /router request is served
// straight from Node's `request` event (RouterProxy.handle) after the same checks, and the reply is
// written to the raw response (headers as one flat list, body chunks joined per tick). Fastify keeps
// the route for everything else: refusals and errors it answers itself, odd methods or encodings.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import tls, { type TLSSocket } from "node:tls";
import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors.js";
import { checkSameOrigin, SECURITY_HEADERS } from "./request-guard.js";

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

/**
 * Keep-alive connections to one upstream, the most recently freed reused first. ClientRequest takes
 * any object with addRequest() as its agent; Node's http.Agent does the same job with per-request
 * bookkeeping (pool names, socket lists, a socket timer re-armed and listeners moved on every
 * request) that came to about a tenth of the hub's CPU per proxied stream. Idle connections are
 * closed by sweep() (called about once a second), not by a timer each.
 */
class UpstreamPool {
  /** Read by ClientRequest: requests ask for keep-alive. */
  readonly keepAlive = true;
  /** Idle connections, oldest first, and since when each is idle. */
  private readonly idle: Socket[] = [];
  private readonly idleSince: number[] = [];
  private readonly all = new Set<Socket>();

  constructor(private readonly target: Upstream) {}

  /** Called by ClientRequest: hands it an idle connection, or a new one. */
  addRequest(request: http.ClientRequest): void {
    const reused = this.idle.pop();
    if (reused) {
      this.idleSince.pop();
      reused.ref();
      request.onSocket(reused);
      return;
    }
    const { host, port, secure } = this.target;
    const socket: Socket = secure
      ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host })
      : net.connect({ host, port });
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 1000);
    this.all.add(socket);
    // Node emits "free" once a response ended and the connection may serve another request.
    socket.on("free", () => this.release(socket));
    socket.on("close", () => this.forget(socket));
    // An idle connection that fails just closes; in use, the request gets the error from Node.
    socket.on("error", noop);
    request.onSocket(socket);
  }

  private release(socket: Socket): void {
    if (socket.destroyed || !socket.writable) {
      socket.destroy();
      return;
    }
    // Let the finished request be collected (Node's agent does the same).
    (socket as Socket & { _httpMessage: unknown })._httpMessage = null;
    socket.unref();
    this.idle.push(socket);
    this.idleSince.push(performance.now());
  }

  private forget(socket: Socket): void {
    this.all.delete(socket);
    const at = this.idle.indexOf(socket);
    if (at !== -1) {
      this.idle.splice(at, 1);
      this.idleSince.splice(at, 1);
    }
  }

  /** Closes the connections idle for longer than the keep-alive time. */
  sweep(now: number): void {
    while (this.idle.length > 0 && now - this.idleSince[0] >= UPSTREAM_KEEP_ALIVE_MS) {
      this.idleSince.shift();
      this.idle.shift()?.destroy();
    }
  }

  destroy(): void {
    for (const socket of this.all) socket.destroy();
  }
}

/** Our own timeouts, told apart from socket errors by their code. */
const CONNECT_TIMEOUT = "HUBKIT_UPSTREAM_CONNECT_TIMEOUT";
const HEADERS_TIMEOUT = "HUBKIT_UPSTREAM_HEADERS_TIMEOUT";
const BODY_TIMEOUT = "HUBKIT_UPSTREAM_BODY_TIMEOUT";

function timeoutError(code: string): Error {
  return Object.assign(new Error(code), { code });
}

/** Why the upstream could not answer, for the browser (no URL, no header value). */
function upstreamFailure(error: unknown, connectMs: number, idleMs: number): HttpError {
  const code = (error as { code?: string }).code;
  if (code === CONNECT_TIMEOUT) {
    return new HttpError(504, `The inference upstream did not accept a connection within ${connectMs} ms`);
  }
  if (code === HEADERS_TIMEOUT) {
    return new HttpError(504, `The inference upstream sent no response for ${idleMs} ms`);
  }
  const reason = code ?? (error as Error).name ?? "unknown error";
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
  if (error.statusCode === 503) headers.push("retry-after", "5");
  res.writeHead(error.statusCode, headers).end(body);
}

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
  const poolOf = (target: Upstream) => {
    let pool = pools.get(target);
    if (!pool) pools.set(target, (pool = new UpstreamPool(target)));
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
  /** Sockets that finished connecting (TLS included): a pooled one needs no connect timeout. */
  const connected = new WeakSet<Socket>();
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

  /** Reads at most `limit` bytes of a body, then drops the rest. */
  const readCapped = async (body: IncomingMessage, limit: number, heard: { heardAt: number }) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      heard.heardAt = performance.now();
      const bytes = chunk as Buffer;
      if (size + bytes.length > limit) {
        chunks.push(bytes.subarray(0, limit - size));
        size = limit;
        body.destroy();
        break;
      }
      chunks.push(bytes);
      size += bytes.length;
    }
    return Buffer.concat(chunks, size);
  };

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
   */
  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    target: Upstream,
    path: string,
    authorization: string | undefined,
    body: Buffer | undefined,
  ): void => {
    const secure = target.secure;
    // Timings for the providers' measured latency and throughput (provider-stats.ts).
    const started = performance.now();
    let status: number | undefined;
    let headersAt: number | undefined;
    let firstChunkAt: number | undefined;
    let lastChunkAt = 0;
    let events = 0;
    let aborted = false;
    let gotHeaders = false;
    let bodyTimedOut = false;
    let connectTimer: NodeJS.Timeout | undefined;

    // Headers as a flat list: Node writes them as they are (no header map); Host must then be given.
    const headers = ["host", target.hostHeader];
    const incoming = req.headers;
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = incoming[name];
      if (typeof value === "string") headers.push(name, value);
    }
    if (authorization) headers.push("authorization", authorization);
    if (body) headers.push("content-length", String(body.length));
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({
        host: target.host,
        port: target.port,
        path: target.basePath + path,
        method: req.method,
        headers,
        // Stands in for an http.Agent (ClientRequest calls only its addRequest).
        agent: poolOf(target) as unknown as http.Agent,
      });
    } catch {
      // Node refuses a path it could not send (e.g. characters it will not escape).
      answerError(res, new HttpError(400, "The request path cannot be forwarded to the inference upstream"));
      return;
    }

    // Silent past the idle timeout: before the headers it is a 504, after them the stream is cut.
    const watch = {
      heardAt: started,
      silent: () => {
        waiting.delete(watch);
        if (gotHeaders) bodyTimedOut = true;
        outgoing.destroy(timeoutError(gotHeaders ? BODY_TIMEOUT : HEADERS_TIMEOUT));
      },
    };
    waiting.add(watch);

    res.on("close", () => {
      waiting.delete(watch);
      const finished = res.writableFinished;
      // Closing the upstream connection makes the router stop generating.
      if (!finished) {
        aborted = true;
        outgoing.destroy();
      }
      if (!options.onExchangeEnd) return;
      const url = req.url ?? "";
      const query = url.indexOf("?");
      options.onExchangeEnd({
        method: req.method ?? "",
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
      });
    });

    // Timed only for a new connection (a pooled one is already connected).
    outgoing.once("socket", (socket: Socket) => {
      if (connected.has(socket)) return;
      connectTimer = setTimeout(() => outgoing.destroy(timeoutError(CONNECT_TIMEOUT)), connectMs);
      socket.once(secure ? "secureConnect" : "connect", () => {
        connected.add(socket);
        clearTimeout(connectTimer);
      });
    });
    outgoing.on("error", (error) => {
      clearTimeout(connectTimer);
      if (!gotHeaders) waiting.delete(watch);
      // After the headers, a broken body is the relay's to report.
      if (!gotHeaders && !aborted) answerError(res, upstreamFailure(error, connectMs, idleMs));
    });
    outgoing.once("response", (upstream: IncomingMessage) => {
      gotHeaders = true;
      watch.heardAt = performance.now();
      clearTimeout(connectTimer);
      if (aborted) {
        upstream.destroy();
        return;
      }
      try {
        respond(upstream);
      } catch {
        upstream.destroy();
        answerError(res, new HttpError(502, "The inference upstream sent a response that cannot be relayed"));
      }
    });
    outgoing.end(body);
    // A large upload may take a while to leave: the silence is counted from its end.
    if (body && body.length > 1024 * 1024) outgoing.once("finish", () => (watch.heardAt = performance.now()));

    const respond = (upstream: IncomingMessage) => {
      // A body the browser stops reading, or that the upstream breaks off, must not throw unhandled.
      upstream.on("error", noop);
      const statusCode = upstream.statusCode ?? 502;
      status = statusCode;
      headersAt = watch.heardAt;
      if (statusCode < 200 || statusCode > 599) {
        upstream.destroy();
        answerError(res, new HttpError(502, `The inference upstream answered with status ${statusCode}`));
        return;
      }
      const upstreamHeaders: IncomingHttpHeaders = upstream.headers;
      const contentType = (upstreamHeaders["content-type"] as string | undefined) ?? "";
      const eventStream = contentType.startsWith("text/event-stream");
      const out = SECURITY_HEADER_LIST.slice();
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        // An event stream gets its own cache-control below.
        if (eventStream && name === "cache-control") continue;
        const raw = upstreamHeaders[name];
        if (raw === undefined) continue;
        out.push(name, scrubSecrets(Array.isArray(raw) ? raw.join(", ") : raw, literalSecrets));
      }
      if (eventStream) out.push("cache-control", "no-cache", "x-accel-buffering", "no");

      if (req.method === "HEAD" || statusCode === 204 || statusCode === 304) {
        upstream.resume();
        res.writeHead(statusCode, out).end();
        return;
      }
      if (statusCode >= 400) {
        // Read as latin1 so binary bodies come back byte for byte; credentials are ASCII.
        readCapped(upstream, MAX_ERROR_BODY, watch).then(
          (bytes) =>
            sendWhole(
              res,
              statusCode,
              out,
              Buffer.from(scrubSecrets(bytes.toString("latin1"), literalSecrets), "latin1"),
            ),
          // The upstream broke off a body read whole: answer with our own error, not its headers.
          (error) => aborted || answerError(res, upstreamFailure(error, connectMs, idleMs)),
        );
        return;
      }
      if (emulatorPorts.size > 0 && /^application\/(problem\+)?json/.test(contentType)) {
        const length = Number(upstreamHeaders["content-length"] ?? 0);
        if (length <= MAX_REWRITTEN_JSON) {
          readCapped(upstream, MAX_REWRITTEN_JSON, watch).then(
            (bytes) => {
              const protocol = (req.socket as TLSSocket).encrypted ? "https" : "http";
              const text = rewriteLoopbackUrls(bytes.toString("utf8"), `${protocol}://${incoming.host}`);
              sendWhole(res, statusCode, out, Buffer.from(text, "utf8"));
            },
            (error) => aborted || answerError(res, upstreamFailure(error, connectMs, idleMs)),
          );
          return;
        }
      }
      relay(upstream, eventStream, statusCode, out);
    };

    /**
     * Relays a response body. The upstream is read in paused mode: chunks that arrive together (one
     * socket read upstream: often many SSE events, each its own chunk of the upstream's chunked
     * encoding) wait in its buffer until the end of the tick, and one read() takes them all, joined:
     * one chunk frame and one system call toward the browser instead of one per event, no event
     * emitted per chunk, and nothing held past the tick. While the browser reads slower than the
     * upstream sends, nothing is read: the upstream's buffer fills and Node stops reading its socket.
     * The headers leave at the end of the tick they arrived in; a body that came whole with them (a
     * short reply, or a stream the upstream wrote at once) leaves in the same write, with its length
     * instead of chunked framing.
     *
     * For an event stream, when the upstream breaks it off (connection cut, or silent past the idle
     * timeout), the browser gets a final `{"error": …}` event, which clients report as the backend
     * failing, instead of a bare network error. No `[DONE]` follows: the stream is not complete. Any
     * other body that breaks off ends the reply cut (the browser sees a network error).
     */
    const relay = (upstream: IncomingMessage, eventStream: boolean, statusCode: number, head: string[]) => {
      let ended = false;
      let blocked = false;
      let headSent = false;
      const sendHead = () => {
        headSent = true;
        res.writeHead(statusCode, head);
      };
      // The last two bytes sent, to know whether an event stream stopped between events.
      let last = LF;
      let beforeLast = LF;
      const note = (data: Buffer, now: number) => {
        const size = data.length;
        if (size >= 2) beforeLast = data[size - 2];
        else if (size === 1) beforeLast = last;
        if (size > 0) last = data[size - 1];
        if (eventStream) {
          // Events and their times for the providers' measured figures, counted in the bytes.
          firstChunkAt ??= now;
          lastChunkAt = now;
          for (let at = data.indexOf(DATA_FIELD); at !== -1; at = data.indexOf(DATA_FIELD, at + 5)) events++;
        }
      };
      const send = (data: Buffer, now: number): boolean => {
        note(data, now);
        return res.write(data);
      };
      const pump = () => {
        const now = (watch.heardAt = performance.now());
        if (blocked || !headSent || res.destroyed) return;
        for (
          let data = upstream.read() as Buffer | null;
          data !== null;
          data = upstream.read() as Buffer | null
        ) {
          if (!send(data, now)) {
            blocked = true;
            res.once("drain", () => {
              blocked = false;
              pump();
            });
            return;
          }
        }
      };
      // Queued before the upstream's own 'readable' ticks, so it runs first.
      process.nextTick(() => {
        if (ended || res.destroyed) return;
        if (upstream.complete) {
          ended = true;
          waiting.delete(watch);
          const data = (upstream.read() as Buffer | null) ?? Buffer.alloc(0);
          note(data, performance.now());
          head.push("content-length", String(data.length));
          res.writeHead(statusCode, head).end(data);
          return;
        }
        sendHead();
        pump();
      });
      upstream.on("readable", pump);
      upstream.on("end", () => {
        waiting.delete(watch);
        if (ended) return;
        ended = true;
        if (!res.destroyed) res.end();
      });
      const breakOff = () => {
        if (ended || upstream.complete) return;
        ended = true;
        if (aborted || res.destroyed) return;
        if (!eventStream) {
          res.destroy();
          return;
        }
        if (!headSent) sendHead();
        // What arrived before the break still goes out, ahead of the error event.
        for (
          let data = upstream.read() as Buffer | null;
          data !== null;
          data = upstream.read() as Buffer | null
        ) {
          send(data, performance.now());
        }
        const why = bodyTimedOut ? `sent nothing for ${idleMs} ms` : "closed the connection before the end";
        // A partial event is terminated first (clients then reject it as malformed, which it is).
        const separator = last === LF && beforeLast === LF ? "" : "\n\n";
        const event = JSON.stringify({ error: `The inference upstream ${why} of the stream` });
        res.end(`${separator}data: ${event}\n\n`);
      };
      // A cut connection shows as "aborted" (an error) or as a close before the end, by Node version.
      upstream.on("error", breakOff);
      upstream.on("close", breakOff);
    };
  };

  /** The token sent upstream: the browser's own, else the server's. */
  const routerAuthorization = (headers: IncomingHttpHeaders) => headers.authorization ?? serverAuthorization;

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
      if (headers["content-encoding"] !== undefined || type === undefined || !PLAIN_CONTENT_TYPE.test(type)) {
        return false;
      }
      // Too large by its own account: Fastify answers 413 without reading it.
      const length = headers["content-length"];
      if (length !== undefined && !(Number(length) <= options.bodyLimit)) return false;
    }
    const rest = url.slice("/router".length);
    if (!PROVIDER_RE.test(rest) || !options.admits(req) || checkSameOrigin(req) !== undefined) return false;
    const authorization = routerAuthorization(headers);
    if (!withBody) {
      forward(req, res, router, rest, authorization, undefined);
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
      forward(
        req,
        res,
        router,
        rest,
        authorization,
        chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size),
      );
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
        forward(request.raw, reply.raw, router, rest, routerAuthorization(request.headers), bodyOf(request));
      },
    );

    if (emulatorPorts.size > 0) {
      scope.all(
        "/emulator/:port/*",
        { config: { compress: false }, bodyLimit: options.bodyLimit },
        async (request, reply) => {
          const { port } = request.params as { port: string };
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
