// What the server accepts before any route runs: a well-formed Host from the allow-list (so DNS
// rebinding fails), no NUL in the query, same-origin callers for the proxy, and the security headers
// on every answer, including the raw ones Node and Fastify write for unparseable requests.
import { STATUS_CODES, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import { hostname as machineHostname, networkInterfaces } from "node:os";
import type { Socket } from "node:net";

/**
 * The inline scripts the web app's pages may run, by hash: only the theme script in the <head> of
 * apps/web/index.html (it sets the saved theme before the first paint; inline, so the HTML parser
 * never waits for a file). The hash is of the script's text in the built dist/index.html, whitespace
 * included; the page renderer refuses to start with a frame that has any other inline script
 * (apps/hub/src/pages/render.ts), so the two cannot drift apart unnoticed.
 */
export const INLINE_SCRIPT_HASHES: readonly string[] = [
  "sha256-/PGFjv6mAndq9WK9uqxkLDalTS71A7VjuZ9t4PkbjQ0=",
];

export const CSP = [
  "default-src 'self'",
  `script-src 'self' ${INLINE_SCRIPT_HASHES.map((hash) => `'${hash}'`).join(" ")}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob: https:",
  "connect-src 'self' https:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

/** `name`, `IPv4` or `[IPv6]`, then an optional port: the only Host shapes accepted. */
const HOST_RE = /^(\[[0-9a-f:.]+\]|[a-z0-9._~-]+)(?::(\d{1,5}))?$/i;
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

export interface ParsedHost {
  /** lower-cased, brackets kept for IPv6, no trailing dot */
  name: string;
  port?: number;
}

export function parseHostHeader(value: string): ParsedHost | undefined {
  const match = HOST_RE.exec(value);
  if (!match) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  return { name: match[1].toLowerCase().replace(/\.$/, ""), port };
}

/** How a bind address appears in a Host header (IPv6 in brackets). */
function hostForm(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  return (bare.includes(":") ? `[${bare}]` : bare).toLowerCase();
}

/**
 * Host names accepted by default: the loopback forms, and the bind address; bound to every interface
 * (0.0.0.0 or ::), the machine's own addresses and name instead.
 */
export function defaultAllowedHosts(bindHost: string): string[] {
  const names = new Set(LOOPBACK_NAMES);
  if (bindHost === "0.0.0.0" || bindHost === "::" || bindHost === "[::]") {
    for (const entries of Object.values(networkInterfaces())) {
      for (const entry of entries ?? []) names.add(hostForm(entry.address));
    }
    names.add(machineHostname().toLowerCase());
  } else {
    names.add(hostForm(bindHost));
  }
  return [...names];
}

/**
 * HUBKIT_ALLOWED_HOSTS: comma-separated host names (any port) or `name:port` (that port only);
 * `*` accepts any well-formed Host. Unset or empty → undefined (the defaults apply).
 */
export function parseAllowedHosts(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (entry !== "*" && !parseHostHeader(entry)) {
      throw new Error(
        `HUBKIT_ALLOWED_HOSTS: "${entry.slice(0, 80)}" is not a host name, IP address or [IPv6] address (with an optional :port)`,
      );
    }
  }
  return entries;
}

export class HostAllowList {
  private readonly any: boolean;
  private readonly names = new Set<string>();
  private readonly withPort = new Set<string>();

  constructor(entries: readonly string[]) {
    this.any = entries.includes("*");
    for (const entry of entries) {
      const parsed = entry === "*" ? undefined : parseHostHeader(entry);
      if (!parsed) continue;
      if (parsed.port === undefined) this.names.add(parsed.name);
      else this.withPort.add(`${parsed.name}:${parsed.port}`);
    }
  }

  allows(host: ParsedHost): boolean {
    return (
      this.any ||
      this.names.has(host.name) ||
      (host.port !== undefined && this.withPort.has(`${host.name}:${host.port}`))
    );
  }
}

export interface Refusal {
  statusCode: number;
  message: string;
}

/** Checks the Host header: missing or malformed → 400, not on the allow-list → 403. */
export function checkHost(value: string | undefined, allowList: HostAllowList): Refusal | undefined {
  if (value === undefined || value === "") {
    return { statusCode: 400, message: "The Host header is missing" };
  }
  const parsed = parseHostHeader(value);
  if (!parsed) {
    return {
      statusCode: 400,
      message: "The Host header is malformed: expected a host name or IP address with an optional :port",
    };
  }
  if (!allowList.allows(parsed)) {
    return {
      statusCode: 403,
      message:
        `Host "${value}" is not served here. Use one of this server's addresses, ` +
        "or add the name to HUBKIT_ALLOWED_HOSTS (a guard against DNS rebinding)",
    };
  }
  return undefined;
}

/** A NUL or other C0 control character in a decoded query value or name. */
export function checkQuery(url: string): string | undefined {
  const start = url.indexOf("?");
  if (start === -1) return undefined;
  for (const part of url.slice(start + 1).split("&")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part.replace(/\+/g, " "));
    } catch {
      return "malformed percent-encoding in the query string";
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(decoded)) {
      const name = decoded
        .split("=")[0]
        .replace(/[^\w.[\]-]/g, "?")
        .slice(0, 40);
      return `query parameter "${name}" holds a NUL or control character`;
    }
  }
  return undefined;
}

/**
 * The proxy spends the server's token, so only this server's own pages may call it from a browser.
 * Browsers say where a request comes from (`Sec-Fetch-Site`, `Origin`); a client that sends neither
 * is not a browser (the openai SDK, curl, huggingface_hub) and is let through.
 */
export function checkSameOrigin(request: { headers: IncomingHttpHeaders }): string | undefined {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    return `Cross-origin request refused (Sec-Fetch-Site: ${String(site).slice(0, 20)}): the inference proxy serves only this server's own pages`;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(origin);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    return "Cross-origin request refused (Origin is opaque or malformed): the inference proxy serves only this server's own pages";
  }
  const selfHost = normaliseHost(request.headers.host ?? "", url.protocol);
  if (url.host !== selfHost) {
    return `Cross-origin request refused (Origin ${url.origin}): the inference proxy serves only this server's own pages`;
  }
  return undefined;
}

/** A Host header as `URL.host` spells it (default port dropped, lower case). */
function normaliseHost(host: string, protocol: string): string {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return "";
  }
}

/**
 * Answers a request Node could not parse (bad request line, oversized headers, headers or body that
 * never finished) with JSON, a clear message and the security headers, then closes the socket.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  let status = 400;
  let message = "The request is malformed and could not be parsed";
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    status = 408;
    message = "The request took too long: its headers or body did not arrive in time";
  } else if (error.code === "HPE_HEADER_OVERFLOW") {
    status = 431;
    message = "The request headers are too large";
  } else if (error.code === "HPE_INVALID_METHOD") {
    message = "The request method is not valid HTTP";
  } else if (error.code === "HPE_INVALID_URL" || error.code === "HPE_INVALID_TARGET") {
    message = "The request URL is malformed";
  } else if (typeof error.code === "string" && /HEADER|HOST/.test(error.code)) {
    message = "A request header is malformed";
  }
  const body = JSON.stringify({ error: message });
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const headers = {
    ...SECURITY_HEADERS,
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n");
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`);
}

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}
