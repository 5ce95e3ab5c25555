// How /router requests come in: straight from Node's `request` event when plain (handle), else through
// Fastify's routes (refusals, encoded bodies, odd methods, inject); then, with a gateway, its
// admission before the first attempt. The offline /emulator/{port}/… routes too.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../http/errors.js";
import { checkSameOrigin } from "../http/request-guard.js";
import { startCall } from "./failover.js";
import { forward, type RelayContext } from "./relay.js";
import { answerError } from "./replies.js";
import type { GatewayCall, ProxyOptions } from "./types.js";
import type { Upstream } from "./upstream.js";

const PROVIDER_RE = /^\/[a-z0-9][a-z0-9-]*(\/|$)/;
/** Content-Types whose body the proxy takes as is (Fastify's parser accepts them all); others go to Fastify. */
const PLAIN_CONTENT_TYPE =
  /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(?:\s*;\s*[\w!#$&^.+-]+=(?:[\w!#$&^.+-]+|"[\w !#$&^.+=,:/-]*"))*$/;
const noop = () => {};

/** What the routes need besides the relay's context. */
export interface RouteContext {
  relay: RelayContext;
  options: ProxyOptions;
  /** where requests go without a gateway */
  router: Upstream;
  /** the server started closing: Fastify answers new requests (503, connection: close) */
  closing(): boolean;
}

/**
 * Sends a /router request on: as it came without a gateway; else where the gateway says (after it
 * has admitted the caller), or its refusal.
 */
function dispatch(
  context: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  authorization: string | undefined,
  body: Buffer | undefined,
): void {
  const { relay } = context;
  const gateway = context.options.gateway;
  if (!gateway) {
    forward(relay, req, res, context.router, rest, authorization, body);
    return;
  }
  const start = (call: GatewayCall | HttpError) => {
    if (call instanceof HttpError) {
      answerError(res, call);
      return;
    }
    if (call.attempts.length === 0) {
      answerError(res, new HttpError(503, "No inference provider is available for this request"));
      return;
    }
    const first = call.attempts[0];
    const target = relay.upstreamOfBase(first.base);
    forward(relay, req, res, target, first.path, first.authorization, first.body, startCall(call));
  };
  const refuse = (error: unknown) =>
    answerError(
      res,
      error instanceof HttpError ? error : new HttpError(500, "The gateway failed on this request"),
    );
  let admitted;
  try {
    admitted = gateway.admit(req, rest, body);
  } catch (error) {
    refuse(error);
    return;
  }
  if (admitted instanceof Promise) admitted.then(start, refuse);
  else start(admitted);
}

/**
 * The direct path (RouterProxy.handle): takes only a request that passes every check Fastify would
 * apply and needs nothing Fastify adds; false leaves it to Fastify.
 */
export function directHandler(context: RouteContext): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { options } = context;
  const serverAuthorization = options.serverToken ? `Bearer ${options.serverToken}` : undefined;
  /** The last Content-Type found plain. */
  let plainType: string | undefined;
  /** Whether a request's body is one the proxy takes as is. */
  const plainBody = (headers: IncomingHttpHeaders): boolean => {
    // Fastify decompresses encoded bodies and judges unusual Content-Types and missing ones.
    const type = headers["content-type"];
    if (headers["content-encoding"] !== undefined || type === undefined) return false;
    // Clients send the same type on every request: one that passed is not matched again.
    if (type !== plainType) {
      if (!PLAIN_CONTENT_TYPE.test(type)) return false;
      plainType = type;
    }
    // Too large by its own account: Fastify answers 413 without reading it.
    const length = headers["content-length"];
    return length === undefined || Number(length) <= options.bodyLimit;
  };
  return (req, res) => {
    const url = req.url;
    if (context.closing() || url === undefined || !url.startsWith("/router/") || !options.admits)
      return false;
    const method = req.method;
    const withBody = method === "POST" || method === "PUT" || method === "PATCH";
    if (!withBody && method !== "GET" && method !== "HEAD") return false;
    const headers = req.headers;
    if (withBody && !plainBody(headers)) return false;
    const rest = url.slice("/router".length);
    if (!PROVIDER_RE.test(rest) || !options.admits(req) || checkSameOrigin(req) !== undefined) return false;
    if (options.gateway?.answers(rest)) return false;
    // The token sent upstream: the browser's own, else the server's.
    const authorization = headers.authorization ?? serverAuthorization;
    if (!withBody) {
      dispatch(context, req, res, rest, authorization, undefined);
      return true;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > options.bodyLimit) {
        tooLarge = true;
        chunks.length = 0;
        answerError(res, new HttpError(413, "Request body is too large"));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (tooLarge) return;
      dispatch(
        context,
        req,
        res,
        rest,
        authorization,
        chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size),
      );
    });
    // A browser that hangs up mid-body: Node closes the connection, nothing was sent upstream yet.
    req.on("error", noop);
    return true;
  };
}

/** What Fastify parsed as the body, for the methods that send one. */
const bodyOf = (request: { method: string; body: unknown }) =>
  Buffer.isBuffer(request.body) && request.method !== "GET" && request.method !== "HEAD"
    ? request.body
    : undefined;

/** Fastify's /router/* route (and /emulator/{port}/* offline): what handle() leaves comes here. */
export async function registerProxyRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  const { options, relay } = context;
  const serverAuthorization = options.serverToken ? `Bearer ${options.serverToken}` : undefined;
  await app.register(async (scope) => {
    // Refused before the body is read: a cross-origin page must not get the server's token spent.
    scope.addHook("onRequest", async (request) => {
      const refusal = checkSameOrigin(request);
      if (refusal) throw new HttpError(403, refusal);
    });
    // Bodies are forwarded as raw bytes whatever their type (JSON, audio, images).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: options.bodyLimit },
      (_request, body, done) => {
        done(null, body);
      },
    );

    // The reply is written by forward() on the raw response, as on the direct path.
    scope.all(
      "/router/*",
      { config: { compress: false }, bodyLimit: options.bodyLimit },
      async (request, reply) => {
        const rest = request.url.slice("/router".length);
        if (!PROVIDER_RE.test(rest)) {
          throw new HttpError(
            404,
            "Inference proxy paths look like /router/{provider}/…, e.g. /router/together/v1/chat/completions",
          );
        }
        reply.hijack();
        const authorization = request.headers.authorization ?? serverAuthorization;
        dispatch(context, request.raw, reply.raw, rest, authorization, bodyOf(request));
      },
    );

    const emulatorHosts = relay.emulator.hosts;
    if (emulatorHosts.size === 0) return;
    scope.all(
      "/emulator/:port/*",
      { config: { compress: false }, bodyLimit: options.bodyLimit },
      async (request, reply) => {
        const { port } = request.params as { port: string };
        // The port as written in the URL, digits only: a percent-encoded one (%34%30…) is decoded
        // in the params but not in the URL, which was then cut at the wrong place and sent on as
        // a malformed request line.
        if (!request.url.startsWith(`/emulator/${port}/`) || !/^\d{1,5}$/.test(port)) {
          throw new HttpError(400, "Emulator paths look like /emulator/{port}/…, the port in plain digits");
        }
        const origin = emulatorHosts.get(port);
        if (!origin) throw new HttpError(404, `No emulator host listens on port ${port.slice(0, 10)}`);
        const rest = request.url.slice(`/emulator/${port}`.length);
        reply.hijack();
        forward(relay, request.raw, reply.raw, origin, rest, request.headers.authorization, bodyOf(request));
      },
    );
  });
}
