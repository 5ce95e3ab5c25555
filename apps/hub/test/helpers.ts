// Raw HTTP for the hub's tests: headers fetch would refuse or rewrite (Host, Origin, Sec-Fetch-*),
// malformed request lines, and requests that never finish.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request with exactly these headers (node:http sends no Origin or Sec-Fetch-* of its own). */
export function send(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawReply> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * Writes raw bytes on a fresh connection and returns everything the server sends until it closes the
 * connection (or `waitMs` passes), with the status line and headers parsed.
 */
export function rawExchange(
  baseUrl: string,
  bytes: string,
  waitMs = 5000,
): Promise<RawReply & { raw: string; elapsedMs: number; closedByServer: boolean }> {
  const { hostname, port } = new URL(baseUrl);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let raw = "";
    let closedByServer = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const [head = "", ...rest] = raw.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers: IncomingHttpHeaders = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
        headers,
        body: rest.join("\r\n\r\n"),
        raw,
        elapsedMs: Date.now() - started,
        closedByServer,
      });
    };
    const timer = setTimeout(finish, waitMs);
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (raw += chunk));
    socket.on("end", () => {
      closedByServer = true;
      finish();
    });
    socket.on("close", () => {
      closedByServer = true;
      finish();
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.write(bytes, "latin1");
  });
}

export const SECURITY_HEADER_NAMES = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
];

export function missingSecurityHeaders(headers: IncomingHttpHeaders): string[] {
  return SECURITY_HEADER_NAMES.filter((name) => headers[name] === undefined);
}
