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
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors.js";
import { checkSameOrigin } from "./request-guard.js";

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
    basePath: url.pathname.replace(/\/+$/, ""),
  };
}

/** Idle keep-alive connections to the upstream close after this long (undici's default). */
const UPSTREAM_KEEP_ALIVE_MS = 4_000;

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

/**
 * Relays a response body. Chunks that arrive together (one socket read upstream: often many SSE
 * events, each its own chunk of the upstream's chunked encoding) leave together, joined into one
 * write at the end of the current tick: one chunk frame and one system call toward the browser
 * instead of one per event, and nothing held past the tick. The upstream is paused while the
 * browser reads slower than it sends.
 *
 * For an event stream, when the upstream breaks it off (connection cut, or silent past the idle
 * timeout), the browser gets a final `{"error": …}` event, which clients report as the backend
 * failing, instead of a bare network error. No `[DONE]` follows: the stream is not complete. Any
 * other body that breaks off ends the reply with an error (the browser sees a cut response).
 */
/** An SSE event's data field, counted for the provider figures. */
const DATA_FIELD = Buffer.from("data:");

function relayBody(
  source: IncomingMessage,
  eventStream: boolean,
  idleMs: number,
  isAborted: () => boolean,
  timedOut: () => boolean,
  onChunk?: (chunk: Buffer) => void,
): PassThrough {
  const out = new PassThrough();
  let batch: Buffer[] = [];
  let ended = false;
  // The last two bytes sent, to know whether an event stream stopped between events.
  let last = LF;
  let beforeLast = LF;
  const flush = () => {
    if (batch.length === 0 || out.destroyed) return;
    const data = batch.length === 1 ? batch[0] : Buffer.concat(batch);
    batch = [];
    if (data.length >= 2) beforeLast = data[data.length - 2];
    else if (data.length === 1) beforeLast = last;
    if (data.length > 0) last = data[data.length - 1];
    if (!out.write(data)) {
      source.pause();
      out.once("drain", () => source.resume());
    }
  };
  source.on("data", (chunk: Buffer) => {
    if (batch.length === 0) process.nextTick(flush);
    batch.push(chunk);
    onChunk?.(chunk);
  });
  source.on("end", () => {
    if (ended) return;
    ended = true;
    flush();
    out.end();
  });
  const breakOff = (error?: Error) => {
    if (ended || source.complete) return;
    ended = true;
    if (isAborted()) {
      out.destroy();
      return;
    }
    flush();
    if (!eventStream) {
      out.destroy(error ?? new Error("the inference upstream closed the connection before the end"));
      return;
    }
    const why = timedOut() ? `sent nothing for ${idleMs} ms` : "closed the connection before the end";
    // A partial event is terminated first (clients then reject it as malformed, which it is).
    const separator = last === LF && beforeLast === LF ? "" : "\n\n";
    const event = JSON.stringify({ error: `The inference upstream ${why} of the stream` });
    out.end(`${separator}data: ${event}\n\n`);
  };
  // A cut connection shows as "aborted" (an error) or as a close before the end, by Node version.
  source.on("error", breakOff);
  source.on("close", () => breakOff());
  // The browser went away: stop reading the upstream (forward() also closes its connection).
  out.on("close", () => {
    if (!ended) source.destroy();
  });
  return out;
}

const LF = 10;

function copyRequestHeaders(
  request: FastifyRequest,
  authorization: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  if (authorization) headers.authorization = authorization;
  return headers;
}

export async function registerRouterProxy(app: FastifyInstance, options: ProxyOptions): Promise<void> {
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
  // Keep-alive pools; an idle pooled connection closes after a few seconds (the agent's socket
  // timeout applies only while a socket is free: in use, each request sets its own idle timeout).
  const agentOptions = { keepAlive: true, timeout: UPSTREAM_KEEP_ALIVE_MS, scheduling: "lifo" as const };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  app.addHook("onClose", async () => {
    agents.http.destroy();
    agents.https.destroy();
  });
  /** Sockets that finished connecting (TLS included): a pooled one needs no connect timeout. */
  const connected = new WeakSet<Socket>();
  const literalSecrets = options.serverToken ? [options.serverToken] : [];

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
  const readCapped = async (body: IncomingMessage, limit: number) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
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

  const forward = async (
    request: FastifyRequest,
    reply: FastifyReply,
    target: Upstream,
    path: string,
    authorization?: string,
  ) => {
    const secure = target.secure;
    const upstreamReply: { status?: number } = {};
    // Timings for the providers' measured latency and throughput (provider-stats.ts).
    const started = performance.now();
    const timing: { headersAt?: number; firstChunkAt?: number; lastChunkAt?: number; events: number } = {
      events: 0,
    };
    let aborted = false;
    let gotHeaders = false;
    let bodyTimedOut = false;
    const outgoing = (secure ? https : http).request({
      host: target.host,
      port: target.port,
      path: target.basePath + path,
      method: request.method,
      headers: copyRequestHeaders(request, authorization),
      agent: secure ? agents.https : agents.http,
    });
    reply.raw.on("close", () => {
      const finished = reply.raw.writableFinished;
      // Closing the upstream connection makes the router stop generating.
      if (!finished) {
        aborted = true;
        outgoing.destroy();
      }
      options.onExchangeEnd?.({
        method: request.method,
        path: request.url.split("?")[0],
        status: upstreamReply.status,
        outcome: finished ? "complete" : "client-closed",
        latencyMs:
          timing.firstChunkAt !== undefined
            ? timing.firstChunkAt - started
            : timing.headersAt !== undefined
              ? timing.headersAt - started
              : undefined,
        durationMs: performance.now() - started,
        ...(timing.firstChunkAt !== undefined && timing.lastChunkAt !== undefined
          ? {
              streamEvents: Math.max(0, timing.events - 1),
              streamMs: timing.lastChunkAt - timing.firstChunkAt,
            }
          : {}),
      });
    });
    const body =
      Buffer.isBuffer(request.body) && request.method !== "GET" && request.method !== "HEAD"
        ? request.body
        : undefined;
    let upstream: IncomingMessage;
    try {
      upstream = await new Promise<IncomingMessage>((resolve, reject) => {
        // Timed only for a new connection (a pooled one is already connected).
        let connectTimer: NodeJS.Timeout | undefined;
        outgoing.once("socket", (socket: Socket) => {
          if (connected.has(socket)) return;
          connectTimer = setTimeout(() => outgoing.destroy(timeoutError(CONNECT_TIMEOUT)), connectMs);
          socket.once(secure ? "secureConnect" : "connect", () => {
            connected.add(socket);
            clearTimeout(connectTimer);
          });
        });
        // Silence on the socket: before the headers it is a 504, after them the stream is cut.
        outgoing.setTimeout(idleMs, () => {
          if (gotHeaders) bodyTimedOut = true;
          outgoing.destroy(timeoutError(gotHeaders ? BODY_TIMEOUT : HEADERS_TIMEOUT));
        });
        outgoing.once("response", (response) => {
          gotHeaders = true;
          clearTimeout(connectTimer);
          resolve(response);
        });
        outgoing.on("error", (error) => {
          clearTimeout(connectTimer);
          reject(error);
        });
        outgoing.end(body);
      });
    } catch (error) {
      if (aborted) return reply;
      throw upstreamFailure(error, connectMs, idleMs);
    }
    // A body the browser stops reading, or that the upstream breaks off, must not throw unhandled.
    upstream.on("error", () => {});
    const statusCode = upstream.statusCode ?? 502;
    upstreamReply.status = statusCode;
    timing.headersAt = performance.now();
    const header = (name: string): string | undefined => {
      const value = upstream.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    };
    reply.code(statusCode);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = header(name);
      if (value !== undefined) reply.header(name, scrubSecrets(value, literalSecrets));
    }
    const contentType = header("content-type") ?? "";
    if (contentType.startsWith("text/event-stream")) {
      reply.header("cache-control", "no-cache");
      reply.header("x-accel-buffering", "no");
    }
    if (request.method === "HEAD" || statusCode === 204 || statusCode === 304) {
      upstream.resume();
      return reply.send();
    }
    try {
      if (statusCode >= 400) {
        // Read as latin1 so binary bodies come back byte for byte; credentials are ASCII.
        const bytes = await readCapped(upstream, MAX_ERROR_BODY);
        return reply.send(Buffer.from(scrubSecrets(bytes.toString("latin1"), literalSecrets), "latin1"));
      }
      if (emulatorPorts.size > 0 && /^application\/(problem\+)?json/.test(contentType)) {
        const length = Number(header("content-length") ?? 0);
        if (length <= MAX_REWRITTEN_JSON) {
          const text = (await readCapped(upstream, MAX_REWRITTEN_JSON)).toString("utf8");
          return reply.send(rewriteLoopbackUrls(text, `${request.protocol}://${request.host}`));
        }
      }
    } catch (error) {
      if (aborted) return reply;
      // The upstream broke off a body read whole: answer with our own error, not its headers.
      for (const name of [...FORWARDED_RESPONSE_HEADERS, "x-accel-buffering"]) reply.removeHeader(name);
      throw upstreamFailure(error, connectMs, idleMs);
    }
    const eventStream = contentType.startsWith("text/event-stream");
    // Counts events and their times for the providers' measured figures (event streams only).
    const countEvents = (chunk: Buffer) => {
      const now = performance.now();
      timing.firstChunkAt ??= now;
      timing.lastChunkAt = now;
      // Counted in the bytes (no string per chunk on the relay's hot path).
      for (let at = chunk.indexOf(DATA_FIELD); at !== -1; at = chunk.indexOf(DATA_FIELD, at + 5))
        timing.events++;
    };
    return reply.send(
      relayBody(
        upstream,
        eventStream,
        idleMs,
        () => aborted,
        () => bodyTimedOut,
        eventStream ? countEvents : undefined,
      ),
    );
  };

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
        const authorization =
          request.headers.authorization ??
          (options.serverToken ? `Bearer ${options.serverToken}` : undefined);
        return forward(request, reply, router, rest, authorization);
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
          return forward(request, reply, origin, rest, request.headers.authorization);
        },
      );
    }
  });
}
