// The proxy's public face: its options, what the gateway (gateway/) gives and is told, and the record
// of an exchange. Other rooms import these through router/proxy.ts.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpError } from "../http/errors.js";

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
