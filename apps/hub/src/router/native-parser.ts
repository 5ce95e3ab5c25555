// Node's own HTTP parser (llhttp, native), reached through the internal `_http_common` module: the
// parser node:http's client runs on each response. It is not public API; when a Node release stops
// exposing it, the proxy falls back to node:http's client (node-http-client.ts). Why it is used at
// all, with figures: docs/decisions/003-router-proxy-client.md.
import { createRequire } from "node:module";

/**
 * Callbacks are slots on the parser object; kOnBody is called with each piece of the decoded body
 * (chunked framing and lengths are the parser's business), kOnMessageComplete at its end.
 */
export interface NativeParser {
  initialize(type: number, resource: object, maxHeaderSize: number, lenient: number): void;
  /** bytes parsed, or an Error (`code` HPE_…) for a malformed message */
  execute(data: Buffer): number | Error;
  /** the connection ended: completes a body delimited by the close, or returns an Error */
  finish(): number | Error | undefined;
  close(): void;
  [slot: number]: unknown;
}
export interface NativeParserClass {
  new (): NativeParser;
  RESPONSE: number;
  kOnHeaders: number;
  kOnHeadersComplete: number;
  kOnBody: number;
  kOnMessageComplete: number;
  kLenientNone: number;
}

/** The parser class, or undefined when this Node does not expose it in the shape used here. */
export function loadNativeParser(): NativeParserClass | undefined {
  try {
    const { HTTPParser } = createRequire(import.meta.url)("_http_common") as {
      HTTPParser?: NativeParserClass;
    };
    if (typeof HTTPParser !== "function") return undefined;
    const slots = [HTTPParser.kOnHeaders, HTTPParser.kOnHeadersComplete, HTTPParser.kOnBody];
    if (!slots.every((slot) => typeof slot === "number")) return undefined;
    if (typeof HTTPParser.kOnMessageComplete !== "number" || typeof HTTPParser.RESPONSE !== "number")
      return undefined;
    return HTTPParser;
  } catch {
    return undefined;
  }
}
