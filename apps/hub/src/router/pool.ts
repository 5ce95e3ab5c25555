// Keep-alive connections to one upstream for the native client (upstream-connection.ts).
import net, { type Socket } from "node:net";
import tls from "node:tls";
import { UpstreamConnection, type ConnectionOwner } from "./upstream-connection.js";
import {
  CONNECT_TIMEOUT,
  codedError,
  UPSTREAM_KEEP_ALIVE_MS,
  type Upstream,
  type UpstreamClient,
} from "./upstream.js";

/**
 * Keep-alive connections to one upstream, the most recently freed reused first. Idle connections are
 * closed by sweep() (called about once a second), not by a timer each, and take() never hands out
 * one idle past the keep-alive time that the sweep has not reached yet: the upstream may be closing
 * it at that very moment (Node's servers close idle connections after 5 s), and a request written
 * into that close fails with a 502. A new connection has a connect timer until it is connected (TLS
 * included).
 */
export class UpstreamPool implements UpstreamClient, ConnectionOwner {
  /** Idle connections, oldest first, and since when each is idle. */
  private readonly idle: UpstreamConnection[] = [];
  private readonly idleSince: number[] = [];
  private readonly all = new Set<UpstreamConnection>();

  constructor(
    private readonly target: Upstream,
    private readonly connectMs: number,
    private readonly keepAliveMs = UPSTREAM_KEEP_ALIVE_MS,
  ) {}

  /** An idle connection, or a new one. */
  take(): UpstreamConnection {
    const newest = this.idle.length - 1;
    // The newest idle connection is reused; when even it is too old, all of them are.
    if (newest >= 0 && performance.now() - this.idleSince[newest] >= this.keepAliveMs)
      this.sweep(performance.now());
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
    const connection = new UpstreamConnection(socket, this, this.target.hostHeader);
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
    while (this.idle.length > 0 && now - this.idleSince[0] >= this.keepAliveMs) {
      this.idleSince.shift();
      this.idle.shift()?.socket.destroy();
    }
  }

  destroy(): void {
    for (const connection of this.all) connection.socket.destroy();
  }
}
