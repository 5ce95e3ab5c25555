// Error bodies in each service's own shape, and the auth rules of every host.
import { HttpError, json } from "./reply.js";
import type { Reply } from "./reply.js";
import { PROVIDER_FACTS, type ErrorStyle } from "./providers.js";
import { PROVIDER_IDS, type HostKey, type ProviderId } from "./types.js";

export type { ErrorStyle };

export const PROVIDER_ERROR_STYLE: Readonly<Record<ProviderId, ErrorStyle>> = Object.fromEntries(
  PROVIDER_IDS.map((provider) => [provider, PROVIDER_FACTS[provider].errorStyle]),
) as Record<ProviderId, ErrorStyle>;

const TYPE_BY_STATUS: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  404: "not_found_error",
  422: "invalid_request_error",
  429: "rate_limit_error",
};

/** An error reply shaped like `style`. `param` names the offending field when there is one. */
export function errorReply(
  style: ErrorStyle,
  status: number,
  message: string,
  param: string | null = null,
): Reply {
  const type = TYPE_BY_STATUS[status] ?? "server_error";
  switch (style) {
    case "openai":
      return json(status, { error: { message, type, param, code: null } });
    case "flat":
      return json(status, { message, type, param, code: String(status) });
    case "message":
      return json(status, { message, type });
    case "cohere":
      return json(status, { id: `err-${status}`, message });
    case "fireworks":
      return json(status, { error: { object: "error", type, message } });
    case "vllm":
      return json(status, {
        object: "error",
        message,
        type: status === 401 ? "AuthenticationError" : "BadRequestError",
        param,
        code: status,
      });
    case "detail":
      return json(status, { detail: message });
    case "novita":
      return json(status, { code: status, reason: type.toUpperCase(), message, metadata: {} });
    case "problem":
      return {
        kind: "json",
        status,
        body: { title: status === 401 ? "Unauthenticated" : "Invalid input", detail: message, status },
        contentType: "application/problem+json",
      };
    case "hf":
      return json(status, { error: message });
    case "zai":
      return json(status, { error: { code: String(1000 + status), message } });
    case "wavespeed":
      return json(status, { code: status, message, data: null });
  }
}

export function fail(style: ErrorStyle, status: number, message: string, param: string | null = null): never {
  throw new HttpError(errorReply(style, status, message, param));
}

const HUB_TOKEN = /^hf_[A-Za-z0-9]{4,}$/;

export function isHubToken(token: string | undefined): boolean {
  return token !== undefined && HUB_TOKEN.test(token);
}

/** `Authorization: <scheme> <token>` split; undefined when absent. */
export function parseAuthorization(value: string | undefined): { scheme: string; token: string } | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\S+)(?:\s+(.*?))?\s*$/.exec(value);
  if (!m) return { scheme: "", token: "" };
  return { scheme: m[1], token: m[2] ?? "" };
}

export type Caller = { kind: "anonymous" } | { kind: "hub-token" } | { kind: "provider-key" };

/**
 * Hub: anonymous calls are fine; a sent Authorization must be `Bearer hf_…`.
 * Router: needs `Bearer hf_…`, except hf-inference, which the real router also serves
 * anonymously (rate-limited). Anything else in the header is rejected as invalid credentials.
 */
export function authorizeHubOrRouter(
  host: "hub" | "router",
  provider: ProviderId | undefined,
  headers: Record<string, string>,
): Caller {
  const auth = parseAuthorization(headers["authorization"]);
  if (auth === undefined) {
    if (host === "hub" || provider === "hf-inference") return { kind: "anonymous" };
    fail(
      "hf",
      401,
      `You must provide a Hugging Face access token (Authorization: Bearer hf_…) to use the ${provider} provider through the router.`,
    );
  }
  if (auth.scheme.toLowerCase() !== "bearer" || !isHubToken(auth.token)) {
    fail("hf", 401, "Invalid credentials in Authorization header");
  }
  return { kind: "hub-token" };
}

/**
 * Direct provider APIs: each wants its own key form, and a hub token is never valid there.
 * black-forest-labs: `x-key: <key>` (or `Authorization: X-Key <key>`, what the reference client
 * sends); fal-ai: `Authorization: Key <key>`; replicate: `Bearer` or `Token`; others: `Bearer`.
 */
export function authorizeProvider(
  host: HostKey,
  provider: ProviderId,
  headers: Record<string, string>,
): Caller {
  const style = PROVIDER_ERROR_STYLE[provider];
  const auth = parseAuthorization(headers["authorization"]);
  let token: string | undefined;
  let schemeOk = false;
  let expected = "Authorization: Bearer <key>";
  if (provider === "black-forest-labs") {
    expected = "x-key: <key>";
    if (headers["x-key"] !== undefined) {
      token = headers["x-key"].trim();
      schemeOk = true;
    } else if (auth) {
      token = auth.token;
      schemeOk = auth.scheme.toLowerCase() === "x-key";
    }
  } else if (auth) {
    token = auth.token;
    const scheme = auth.scheme.toLowerCase();
    if (provider === "fal-ai") {
      expected = "Authorization: Key <key>";
      schemeOk = scheme === "key";
    } else if (provider === "replicate") {
      expected = "Authorization: Bearer <token>";
      schemeOk = scheme === "bearer" || scheme === "token";
    } else {
      schemeOk = scheme === "bearer";
    }
  }
  if (token === undefined) fail(style, 401, `Missing API key: send ${expected} (host ${host}).`);
  if (isHubToken(token))
    fail(
      style,
      401,
      `Invalid API key: Hugging Face tokens are not accepted by ${provider}; use a ${provider} API key.`,
    );
  if (!schemeOk || token === "" || /\s/.test(token) || token === "undefined" || token === "null") {
    fail(style, 401, `Invalid API key or authorization scheme: expected ${expected}.`);
  }
  return { kind: "provider-key" };
}
