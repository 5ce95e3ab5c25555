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
// joined, so an open stream costs little memory and each chunk little CPU. Why, with figures:
// docs/decisions/003-router-proxy-client.md. The three timeouts undici gave are kept: connect,
// silence before the headers, silence between body chunks.
//
// Per stream the hub does the work of a server and of a client; Fastify's request lifecycle (routing,
// hooks, reply and stream plumbing) cost about as much again. So a plain /router request is served
// straight from Node's `request` event (RouterProxy.handle) after the same checks, and the reply is
// written to the raw response (headers as one flat list, body chunks joined per socket read). Fastify
// keeps the route for everything else: refusals and errors it answers itself, odd methods or encodings.
//
// The modules, by duty:
//   types.ts              the options, the gateway's interfaces, the exchange record (public)
//   routes.ts             the direct path (handle), Fastify's routes, the gateway's admission
//   relay.ts              one exchange: request out, answer relayed, failover, the exchange's record
//   failover.ts           a gateway call's attempts
//   headers.ts            the headers that cross each way; the upstream request, checked sendable
//   replies.ts            the proxy's own answers (errors, whole bodies)
//   rewrite.ts            offline: loopback URLs in JSON replies pointed back at this server
//   scrub.ts              credential-shaped text taken out of what the upstream sends back
//   upstream.ts           what the relay and the clients share (interfaces, error codes)
//   pool.ts, upstream-connection.ts, native-parser.ts   the native client
//   node-http-client.ts   the client on node:http (the fallback)
import type { FastifyInstance } from "fastify";
import { NodeHttpClient } from "./node-http-client.js";
import { UpstreamPool } from "./pool.js";
import type { RelayContext, Watched } from "./relay.js";
import { emulatorPortsOf } from "./rewrite.js";
import { directHandler, registerProxyRoutes } from "./routes.js";
import {
  DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS,
  DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS,
  type ProxyOptions,
  type RouterProxy,
} from "./types.js";
import { nativeParserAvailable } from "./upstream-connection.js";
import { upstreamOf, type Upstream, type UpstreamClient } from "./upstream.js";

export { scrubSecrets } from "./scrub.js";
export {
  DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS,
  DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS,
  type AttemptOutcome,
  type GatewayAttempt,
  type GatewayCall,
  type ProxyExchange,
  type ProxyGateway,
  type ProxyOptions,
  type RouterProxy,
} from "./types.js";

/**
 * The upstream client: the native one, unless Node does not expose its parser or
 * HUBKIT_PROXY_CLIENT=node-http asks for node:http's (read when a proxy is registered).
 */
export function upstreamClientKind(): "native" | "node-http" {
  return nativeParserAvailable && process.env.HUBKIT_PROXY_CLIENT !== "node-http" ? "native" : "node-http";
}

export async function registerRouterProxy(app: FastifyInstance, options: ProxyOptions): Promise<RouterProxy> {
  const routerBase = options.routerUrl.replace(/\/+$/, "");
  const router = upstreamOf(routerBase);
  const connectMs = options.upstreamConnectTimeoutMs ?? DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS;
  const idleMs = options.upstreamIdleTimeoutMs ?? DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS;
  const makeClient =
    upstreamClientKind() === "native"
      ? (target: Upstream) => new UpstreamPool(target, connectMs)
      : (target: Upstream) => new NodeHttpClient(target, connectMs);
  const clients = new Map<Upstream, UpstreamClient>();
  /** Upstreams a gateway names by base URL, parsed once each. */
  const bases = new Map<string, Upstream>([[routerBase, router]]);
  /**
   * Exchanges waiting on their upstream, each with the time it was last heard from. One sweep finds
   * those silent past the idle timeout (before the headers, or between two body chunks), instead of
   * a socket timer re-armed per request; it also closes connections idle past the keep-alive time.
   */
  const waiting = new Set<Watched>();
  const relay: RelayContext = {
    connectMs,
    idleMs,
    literalSecrets: options.serverToken ? [options.serverToken] : [],
    emulator: emulatorPortsOf(options.emulatorOrigins ?? [], routerBase),
    waiting,
    onExchangeEnd: options.onExchangeEnd,
    clientOf: (target) => {
      let client = clients.get(target);
      if (!client) clients.set(target, (client = makeClient(target)));
      return client;
    },
    upstreamOfBase: (base) => {
      let target = bases.get(base);
      if (!target) bases.set(base, (target = upstreamOf(base)));
      return target;
    },
  };
  const sweep = setInterval(
    () => {
      const now = performance.now();
      for (const exchange of waiting) if (now - exchange.heardAt >= idleMs) exchange.silent();
      for (const client of clients.values()) client.sweep(now);
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
    for (const client of clients.values()) client.destroy();
  });
  const context = { relay, options, router, closing: () => closing };
  await registerProxyRoutes(app, context);
  return { handle: directHandler(context) };
}
