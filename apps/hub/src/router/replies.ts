// The proxy's own answers on the raw response: its errors (JSON, as the server's error handler
// writes them) and whole bodies read before they are sent (error bodies, rewritten JSON).
import type { ServerResponse } from "node:http";
import { HttpError } from "../http/errors.js";
import { SECURITY_HEADERS } from "../http/request-guard.js";
import { CONNECT_TIMEOUT, FRAMING_MISMATCH, HEADERS_TIMEOUT } from "./upstream.js";

/** The security headers every answer carries, as [name, value, …] for res.writeHead. */
export const SECURITY_HEADER_LIST: readonly string[] = Object.entries(SECURITY_HEADERS).flat();

/** Why the upstream could not answer, for the browser (no URL, no header value). */
export function upstreamFailure(error: unknown, connectMs: number, idleMs: number): HttpError {
  const code = (error as { code?: string }).code;
  if (code === CONNECT_TIMEOUT) {
    return new HttpError(504, `The inference upstream did not accept a connection within ${connectMs} ms`);
  }
  if (code === FRAMING_MISMATCH) {
    return new HttpError(502, "The inference upstream sent a malformed response");
  }
  if (code === HEADERS_TIMEOUT) {
    return new HttpError(504, `The inference upstream sent no response for ${idleMs} ms`);
  }
  const reason = code ?? (error as Error).name ?? "unknown error";
  // OpenSSL's verification codes (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED, …) and Node's
  // ERR_TLS_CERT_ALTNAME_INVALID: the host answered, but is not the one it claims to be.
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(reason)) {
    return new HttpError(502, `The inference upstream's TLS certificate was refused (${reason})`);
  }
  return new HttpError(502, `The inference upstream could not be reached (${reason})`);
}

/** Answers with `{ "error": message }`, as the server's error handler does (or cuts a reply under way). */
export function answerError(res: ServerResponse, error: HttpError): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: error.message });
  const headers = [
    "content-type",
    "application/json; charset=utf-8",
    "content-length",
    String(Buffer.byteLength(body)),
    ...SECURITY_HEADER_LIST,
  ];
  const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
  if (retryAfter !== undefined) headers.push("retry-after", String(retryAfter));
  else if (error.statusCode === 503) headers.push("retry-after", "5");
  res.writeHead(error.statusCode, headers).end(body);
}

/** A whole body (an error, or rewritten JSON) with its length; Fastify's default type for bytes. */
export function sendWhole(res: ServerResponse, status: number, headers: string[], bytes: Buffer): void {
  if (!headers.includes("content-type")) headers.push("content-type", "application/octet-stream");
  headers.push("content-length", String(bytes.length));
  res.writeHead(status, headers).end(bytes);
}
