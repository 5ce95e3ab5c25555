/**
 * Error types, with 4.x's classes, names, constructors and fields. hubkit's extras (timeout, every
 * attempt of a failover) are subclasses or optional fields inside the same hierarchy.
 */

/** A JSON value as an error carries it (the request body, the response body). */
export type JsonObject = { [key: string]: unknown };

/** The request as sent; an Authorization header is replaced by "Bearer [redacted]". */
export interface HttpRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: JsonObject;
}

/** The reply that made the call fail. */
export interface HttpResponse {
  requestId: string;
  status: number;
  body: JsonObject | string;
}

/** The part of a reply an error keeps: its request id, status and (already read) body. */
export function responseOf(response: Response, body: unknown): HttpResponse {
  return {
    requestId: response.headers.get("x-request-id") ?? "",
    status: response.status,
    body: body as JsonObject | string,
  };
}

/** One provider tried under "auto" before the call moved on to the next (hubkit's failover). */
export interface FailedAttempt {
  provider: string;
  error: Error;
}

/** Base of every error the client throws (abstract, as in 4.x: only subclasses are raised). */
export abstract class InferenceClientError extends Error {
  /** hubkit: under "auto" with failover, the providers tried before this error, in order. */
  declare attempts?: FailedAttempt[];

  constructor(message: string) {
    super(message);
    this.name = "InferenceClientError";
  }
}

/** Arguments, options or routing that cannot work; raised before any request. */
export class InferenceClientInputError extends InferenceClientError {
  constructor(message: string) {
    super(message);
    this.name = "InputError";
  }
}

/** The router cannot be used for the call (the auto-router with a non-hub key). */
export class InferenceClientRoutingError extends InferenceClientError {
  constructor(message: string) {
    super(message);
    this.name = "RoutingError";
  }
}

abstract class InferenceClientHttpRequestError extends InferenceClientError {
  httpRequest: HttpRequest;
  httpResponse: HttpResponse;

  constructor(message: string, httpRequest: HttpRequest, httpResponse: HttpResponse) {
    super(message);
    this.httpRequest = httpRequest.headers
      ? { ...httpRequest, headers: redactHeaders(httpRequest.headers) }
      : { ...httpRequest };
    this.httpResponse = httpResponse;
  }
}

/** Any credential header is kept by name only, so an error can be logged as is. */
function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { ...headers };
  for (const name of Object.keys(out)) {
    const lower = name.toLowerCase();
    if (lower === "authorization") out[name] = "Bearer [redacted]";
    else if (lower === "x-key" || lower === "x-api-key") out[name] = "[redacted]";
  }
  return out;
}

/** The router or a provider answered with an HTTP error. */
export class InferenceClientProviderApiError extends InferenceClientHttpRequestError {
  constructor(message: string, httpRequest: HttpRequest, httpResponse: HttpResponse) {
    super(message, httpRequest, httpResponse);
    this.name = "ProviderApiError";
  }
}

/** The hub API (mapping, task list) answered with an HTTP error or an unusable reply. */
export class InferenceClientHubApiError extends InferenceClientHttpRequestError {
  constructor(message: string, httpRequest: HttpRequest, httpResponse: HttpResponse) {
    super(message, httpRequest, httpResponse);
    this.name = "HubApiError";
  }
}

/** A provider's reply (or its asynchronous job, or a download) did not have the promised shape. */
export class InferenceClientProviderOutputError extends InferenceClientError {
  constructor(message: string) {
    super(message);
    this.name = "ProviderOutputError";
  }
}

/** hubkit: the `timeout` option (or a polling deadline) ran out. */
export class InferenceClientTimeoutError extends InferenceClientError {
  constructor(message: string) {
    super(message);
    this.name = "TimeoutError";
  }
}

/**
 * @deprecated 3.x name, removed in 4.x. Kept so that 3.x `catch` code still compiles and matches:
 * it is the same class as `InferenceClientProviderOutputError`, which every malformed reply raises.
 */
export const InferenceOutputError = InferenceClientProviderOutputError;
/** @deprecated see the value of the same name. */
export type InferenceOutputError = InferenceClientProviderOutputError;
