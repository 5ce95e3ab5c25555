// Handlers return a Reply; one writer sends it, applying the response-shaping faults
// (wrong content type, malformed JSON, cut connections, error events, slow streams).
import type { ServerResponse } from "node:http";
import type { FaultRule } from "./types.js";

export type Reply =
  | { kind: "json"; status: number; body: unknown; headers?: Record<string, string>; contentType?: string }
  | {
      kind: "bytes";
      status: number;
      bytes: Uint8Array;
      contentType: string;
      headers?: Record<string, string>;
    }
  | { kind: "text"; status: number; text: string; contentType?: string; headers?: Record<string, string> }
  /** Server-sent events; each item is serialised as JSON unless it is a string (sent verbatim). */
  | { kind: "sse"; events: unknown[]; headers?: Record<string, string>; compactData?: boolean }
  /** Hold the connection open without answering (until the client gives up or close()). */
  | { kind: "hang" };

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  kind: "json",
  status,
  body,
  headers,
});

export const bytes = (bytes: Uint8Array, contentType: string, headers?: Record<string, string>): Reply => ({
  kind: "bytes",
  status: 200,
  bytes,
  contentType,
  headers,
});

export const sse = (events: unknown[], compactData = false): Reply => ({ kind: "sse", events, compactData });

/** A client-facing problem: handlers throw it and the dispatcher turns it into its reply. */
export class HttpError extends Error {
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.kind === "hang" ? 0 : reply.kind === "sse" ? 200 : reply.status}`);
  }
}

export interface WriteContext {
  fault?: FaultRule;
  streamIntervalMs: number;
  /** Resolves after `ms`, or early when the emulator closes. */
  sleep(ms: number): Promise<void>;
}

function cut(res: ServerResponse): void {
  // Destroying the socket mid-body is what a dropped connection looks like to the client.
  res.socket?.destroy();
  res.destroy();
}

export async function writeReply(res: ServerResponse, reply: Reply, ctx: WriteContext): Promise<void> {
  const fault = ctx.fault;
  if (reply.kind === "hang") {
    return;
  }
  for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
  if (fault?.retryAfter !== undefined) res.setHeader("Retry-After", String(fault.retryAfter));

  if (reply.kind === "sse") {
    await writeStream(res, reply.events, reply.compactData ?? false, ctx);
    return;
  }

  let body: Buffer;
  let contentType: string;
  if (reply.kind === "json") {
    body = Buffer.from(JSON.stringify(reply.body));
    contentType = reply.contentType ?? "application/json";
  } else if (reply.kind === "text") {
    body = Buffer.from(reply.text);
    contentType = reply.contentType ?? "text/plain; charset=utf-8";
  } else {
    body = Buffer.from(reply.bytes);
    contentType = reply.contentType;
  }
  let status = reply.status;
  if (fault?.malformedJson) {
    status = 200;
    contentType = "application/json";
    body = Buffer.from(body.toString("utf8").slice(0, Math.max(1, Math.floor(body.length / 2))) + '{"');
  }
  if (fault?.contentType && fault.status === undefined) contentType = fault.contentType;
  res.statusCode = status;
  res.setHeader("Content-Type", contentType);
  if (fault?.cutStreamAfter !== undefined && fault.cutStreamAfter < body.length) {
    // Announce the full length, send part of it, then drop the connection.
    res.setHeader("Content-Length", String(body.length));
    res.flushHeaders();
    res.write(body.subarray(0, fault.cutStreamAfter));
    await ctx.sleep(20);
    cut(res);
    return;
  }
  res.setHeader("Content-Length", String(body.length));
  res.end(body);
}

async function writeStream(
  res: ServerResponse,
  events: unknown[],
  compact: boolean,
  ctx: WriteContext,
): Promise<void> {
  const fault = ctx.fault;
  res.statusCode = 200;
  res.setHeader(
    "Content-Type",
    fault?.contentType && fault.status === undefined ? fault.contentType : "text/event-stream",
  );
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("Connection", "keep-alive");
  res.flushHeaders();
  const prefix = compact ? "data:" : "data: ";
  const frames = events.map((e) => prefix + (typeof e === "string" ? e : JSON.stringify(e)) + "\n\n");
  if (fault?.streamErrorEvent !== undefined && fault.streamErrorEvent !== false) {
    const error =
      typeof fault.streamErrorEvent === "object"
        ? fault.streamErrorEvent
        : {
            error:
              typeof fault.streamErrorEvent === "string"
                ? fault.streamErrorEvent
                : "Input validation error: backend crashed while streaming",
            error_type: "generation",
          };
    frames.splice(Math.min(1, frames.length), frames.length, prefix + JSON.stringify(error) + "\n\n");
  }
  if (fault?.malformedJson && frames.length > 0) {
    const at = Math.min(1, frames.length - 1);
    frames[at] = frames[at].slice(0, Math.floor(frames[at].length / 2)) + "\n\n";
  }
  const interval = fault?.eventDelayMs ?? ctx.streamIntervalMs;
  for (let i = 0; i < frames.length; i++) {
    if (fault?.cutStreamAfter !== undefined && i >= fault.cutStreamAfter) {
      await ctx.sleep(20);
      cut(res);
      return;
    }
    if (interval > 0 && i > 0) await ctx.sleep(interval);
    if (res.destroyed) return;
    res.write(frames[i]);
  }
  res.end();
}
