// The upstream client on public Node: node:http/node:https with a keep-alive Agent, one ClientRequest
// and IncomingMessage per exchange. The proxy uses it when Node does not expose its parser to the
// native client (native-parser.ts), or when HUBKIT_PROXY_CLIENT=node-http (to measure the two:
// bench suite proxy-client, docs/decisions/003-router-proxy-client.md).
import http, { type ClientRequest, type IncomingMessage } from "node:http";
import https from "node:https";
import net from "node:net";
import {
  CONNECT_TIMEOUT,
  codedError,
  hangUp,
  UPSTREAM_KEEP_ALIVE_MS,
  type Upstream,
  type UpstreamClient,
  type UpstreamExchange,
  type UpstreamLink,
  type UpstreamRequest,
} from "./upstream.js";

/** `name: value\r\n` lines as a flat [name, value, …] list, the form node:http takes raw headers in. */
function headerList(hostHeader: string, lines: string): string[] {
  const list = ["host", hostHeader];
  for (const line of lines.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) list.push(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return list;
}

/** One exchange at a time over the agent's connections. */
class NodeHttpLink implements UpstreamLink {
  exchange: UpstreamExchange | undefined;
  private request: ClientRequest | undefined;
  private response: IncomingMessage | undefined;

  constructor(private readonly client: NodeHttpClient) {}

  send(exchange: UpstreamExchange, request: UpstreamRequest, onSent?: () => void): void {
    this.exchange = exchange;
    const { target, agent, connectMs } = this.client;
    const outgoing = (target.secure ? https : http).request({
      agent,
      host: target.host,
      port: target.port,
      servername: target.secure && !net.isIP(target.host) ? target.host : undefined,
      method: request.method,
      path: request.path,
      setHost: false,
      headers: headerList(target.hostHeader, request.headerLines),
    });
    this.request = outgoing;
    outgoing.on("socket", (socket) => {
      socket.setNoDelay(true);
      if (!socket.connecting) return;
      const timer = setTimeout(() => this.abort(codedError(CONNECT_TIMEOUT)), connectMs);
      const connected = () => clearTimeout(timer);
      socket.once(target.secure ? "secureConnect" : "connect", connected);
      socket.once("close", connected);
    });
    outgoing.on("response", (response) => this.respond(exchange, response));
    outgoing.on("error", (error) => this.failed(exchange, error));
    outgoing.end(request.body, onSent);
  }

  private respond(exchange: UpstreamExchange, response: IncomingMessage): void {
    if (this.exchange !== exchange) {
      response.destroy();
      return;
    }
    this.response = response;
    exchange.heard();
    exchange.head(response.statusCode ?? 0, response.rawHeaders);
    if (this.exchange !== exchange) return; // aborted from the head
    response.on("data", (piece: Buffer) => {
      if (this.exchange !== exchange) return;
      exchange.heard();
      exchange.body(piece);
      exchange.flush(false);
    });
    response.on("end", () => {
      if (this.exchange !== exchange) return;
      this.exchange = undefined;
      exchange.flush(true);
    });
    response.on("error", (error) => this.failed(exchange, error));
    // A response cut short ends without an error in some cases: "aborted" says so.
    response.on("aborted", () => this.failed(exchange, hangUp()));
  }

  private failed(exchange: UpstreamExchange, error: Error): void {
    if (this.exchange !== exchange) return;
    this.exchange = undefined;
    exchange.fail(error);
  }

  abort(error?: Error): void {
    const exchange = this.exchange;
    this.exchange = undefined;
    this.request?.destroy();
    this.response?.destroy();
    if (error) exchange?.fail(error);
  }

  pause(): void {
    this.response?.pause();
  }

  resume(): void {
    this.response?.resume();
  }
}

/** Connections to one upstream through a keep-alive Agent (idle ones closed after the keep-alive time). */
export class NodeHttpClient implements UpstreamClient {
  readonly agent: http.Agent;

  constructor(
    readonly target: Upstream,
    readonly connectMs: number,
  ) {
    const options = { keepAlive: true, timeout: UPSTREAM_KEEP_ALIVE_MS, scheduling: "lifo" as const };
    this.agent = target.secure ? new https.Agent(options) : new http.Agent(options);
  }

  take(): UpstreamLink {
    return new NodeHttpLink(this);
  }

  sweep(): void {
    // The agent closes idle connections itself (its `timeout`).
  }

  destroy(): void {
    this.agent.destroy();
  }
}
