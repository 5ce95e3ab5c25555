// Offline, JSON replies point at the emulator's loopback hosts; the browser must follow them here.
import { upstreamOf, type Upstream } from "./upstream.js";

/** The emulator's origins by port, and the router's port among them. */
export interface EmulatorPorts {
  /** every emulator host but the router, by port, parsed once */
  hosts: Map<string, Upstream>;
  routerPort: string | undefined;
}

export function emulatorPortsOf(origins: readonly string[], routerBase: string): EmulatorPorts {
  const hosts = new Map<string, Upstream>();
  let routerPort: string | undefined;
  const routerOrigin = new URL(routerBase).origin;
  for (const origin of origins) {
    const url = new URL(origin);
    if (url.origin === routerOrigin) routerPort = url.port;
    else hosts.set(url.port, upstreamOf(url.origin));
  }
  return { hosts, routerPort };
}

/**
 * Points loopback emulator URLs in a JSON reply back at this server, so a browser can follow them.
 * Job URLs that clients take only the path of stay as they are, as the real router passes them:
 * fal.ai's queue URLs (`response_url`, `status_url`, `cancel_url`, polled under /router/fal-ai) and
 * WaveSpeed's `urls.get` (polled under /router/wavespeed). Rewritten, their path would start with
 * /emulator/{port} and the poll would miss the router.
 */
export function rewriteLoopbackUrls(text: string, selfOrigin: string, ports: EmulatorPorts): string {
  return text.replace(
    /("(?:(?:response|status|cancel)_url|get)"\s*:\s*")?http:\/\/127\.0\.0\.1:(\d+)/g,
    (match, queueKey: string | undefined, port: string) => {
      if (queueKey) return match;
      if (port === ports.routerPort) return `${selfOrigin}/router`;
      if (ports.hosts.has(port)) return `${selfOrigin}/emulator/${port}`;
      return match;
    },
  );
}
