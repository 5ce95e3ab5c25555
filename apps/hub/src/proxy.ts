// Same-origin inference proxy for the browser: /router/{provider}/… forwards to the inference router
// (the in-process emulator offline, the real router online). Bodies pass through untouched, responses
// stream back unbuffered (SSE included), and the server's token is added only on the way out.
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors.js";

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
}

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
  const emulatorPorts = new Map<string, string>();
  let routerPort: string | undefined;
  for (const origin of options.emulatorOrigins ?? []) {
    const url = new URL(origin);
    if (url.origin === new URL(routerBase).origin) routerPort = url.port;
    else emulatorPorts.set(url.port, url.origin);
  }

  /** Points loopback emulator URLs in a JSON reply back at this server, so a browser can follow them. */
  const rewriteLoopbackUrls = (text: string, selfOrigin: string) =>
    text.replace(/http:\/\/127\.0\.0\.1:(\d+)/g, (match, port: string) => {
      if (port === routerPort) return `${selfOrigin}/router`;
      if (emulatorPorts.has(port)) return `${selfOrigin}/emulator/${port}`;
      return match;
    });

  const forward = async (
    request: FastifyRequest,
    reply: FastifyReply,
    target: string,
    authorization?: string,
  ) => {
    const controller = new AbortController();
    const upstreamReply: { status?: number } = {};
    reply.raw.on("close", () => {
      const finished = reply.raw.writableFinished;
      // Aborting the upstream fetch closes its connection, so the router stops generating.
      if (!finished) controller.abort();
      options.onExchangeEnd?.({
        method: request.method,
        path: request.url.split("?")[0],
        status: upstreamReply.status,
        outcome: finished ? "complete" : "client-closed",
      });
    });
    const body =
      Buffer.isBuffer(request.body) && request.method !== "GET" && request.method !== "HEAD"
        ? request.body
        : undefined;
    let upstream: Response;
    try {
      upstream = await fetch(target, {
        method: request.method,
        headers: copyRequestHeaders(request, authorization),
        body: body ? new Uint8Array(body) : undefined,
        signal: controller.signal,
        redirect: "manual",
      });
    } catch (error) {
      throw new HttpError(502, `The inference upstream could not be reached (${(error as Error).message})`);
    }
    upstreamReply.status = upstream.status;
    reply.code(upstream.status);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) reply.header(name, value);
    }
    const contentType = upstream.headers.get("content-type") ?? "";
    if (contentType.startsWith("text/event-stream")) {
      reply.header("cache-control", "no-cache");
      reply.header("x-accel-buffering", "no");
    }
    if (!upstream.body) return reply.send();
    if (emulatorPorts.size > 0 && /^application\/(problem\+)?json/.test(contentType)) {
      const length = Number(upstream.headers.get("content-length") ?? 0);
      if (length <= MAX_REWRITTEN_JSON) {
        const text = await upstream.text();
        return reply.send(rewriteLoopbackUrls(text, `${request.protocol}://${request.host}`));
      }
    }
    return reply.send(Readable.fromWeb(upstream.body as WebReadableStream));
  };

  await app.register(async (scope) => {
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
        return forward(request, reply, `${routerBase}${rest}`, authorization);
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
          return forward(request, reply, `${origin}${rest}`, request.headers.authorization);
        },
      );
    }
  });
}
