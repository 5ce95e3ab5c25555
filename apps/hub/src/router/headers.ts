// Which headers cross the proxy, each way: the request's head for the upstream (checked sendable),
// and the response headers the relay looks up and forwards.
import type { IncomingHttpHeaders } from "node:http";
import { HttpError } from "../http/errors.js";
import type { GatewayAttempt } from "./types.js";
import type { UpstreamRequest } from "./upstream.js";

const FORWARDED_REQUEST_HEADERS = [
  "accept",
  "content-type",
  "x-hf-bill-to",
  "x-wait-for-model",
  "x-use-cache",
  "prefer",
  "user-agent",
];
export const FORWARDED_RESPONSE_HEADERS = [
  "content-type",
  "cache-control",
  "retry-after",
  "x-request-id",
  "content-disposition",
  "x-compute-type",
  "x-compute-time",
];

/** Response headers looked up by the proxy: the forwarded ones, then content-length. */
const RESPONSE_HEADER_SLOTS = new Map(
  [...FORWARDED_RESPONSE_HEADERS, "content-length"].map((name, index) => [name, index]),
);
export const CONTENT_TYPE_AT = FORWARDED_RESPONSE_HEADERS.indexOf("content-type");
export const CACHE_CONTROL_AT = FORWARDED_RESPONSE_HEADERS.indexOf("cache-control");
export const CONTENT_LENGTH_AT = FORWARDED_RESPONSE_HEADERS.length;
/** Headers of which a repeat is dropped rather than joined (as node:http's IncomingMessage does). */
const SINGLE_VALUED = new Set(["content-type", "retry-after", "content-length"]);

/** The looked-up headers of a raw list [name, value, …], by slot; repeats joined with ", ". */
export function responseHeadersOf(raw: readonly string[]): (string | undefined)[] {
  const found: (string | undefined)[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    const slot = RESPONSE_HEADER_SLOTS.get(name);
    if (slot === undefined) continue;
    const before = found[slot];
    if (before === undefined) found[slot] = raw[i + 1];
    else if (!SINGLE_VALUED.has(name)) found[slot] = `${before}, ${raw[i + 1]}`;
  }
  return found;
}

/** What node:http refuses to send: a method that is not a token, a path or header value it cannot write. */
const HTTP_TOKEN = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
const UNSENDABLE_PATH = /[^\u0021-\u00ff]/;
const UNSENDABLE_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

const unsendable = (what: string) =>
  new HttpError(400, `The ${what} cannot be forwarded to the inference upstream`);

/**
 * The request for the upstream: the browser's method and forwarded headers, the token, the gateway
 * attempt's own header lines and the body's length; or a 400 when any of it cannot be sent.
 */
export function upstreamRequestOf(
  method: string,
  path: string,
  incoming: IncomingHttpHeaders,
  authorization: string | undefined,
  attempt: GatewayAttempt | undefined,
  body: Buffer | undefined,
): UpstreamRequest | HttpError {
  if (!HTTP_TOKEN.test(method) || UNSENDABLE_PATH.test(path)) return unsendable("request path");
  let headerLines = "";
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming[name];
    if (typeof value !== "string" || (name === "x-hf-bill-to" && attempt?.direct)) continue;
    if (UNSENDABLE_HEADER_VALUE.test(value)) return unsendable(`${name} header`);
    headerLines += `${name}: ${value}\r\n`;
  }
  if (authorization) {
    if (UNSENDABLE_HEADER_VALUE.test(authorization)) return unsendable("authorization header");
    headerLines += `authorization: ${authorization}\r\n`;
  }
  if (attempt?.headerLines) headerLines += attempt.headerLines;
  if (body) headerLines += `content-length: ${body.length}\r\n`;
  else if (method !== "GET" && method !== "HEAD" && method !== "DELETE" && method !== "OPTIONS") {
    headerLines += "content-length: 0\r\n";
  }
  return { method, path, headerLines, body };
}
