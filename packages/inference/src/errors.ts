/**
 * Error types. Messages keep the reference client's texts; the extra fields (status, request id,
 * provider, a request with its credentials redacted) help diagnose without leaking the token.
 */

/** The request as sent, with credentials replaced by "[redacted]". */
export interface RedactedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ErrorDetails {
  provider?: string;
  status?: number;
  requestId?: string;
  request?: RedactedRequest;
  /** The response body (text, at most 2 000 characters), token-redacted. */
  responseBody?: string;
}

/** Base of every error the client throws, except `InferenceOutputError` (a TypeError, as in the reference). */
export class InferenceClientError extends Error {
  override name = "InferenceClientError";
  provider?: string;
  status?: number;
  requestId?: string;
  request?: RedactedRequest;
  responseBody?: string;

  constructor(message: string, details: ErrorDetails = {}) {
    super(message);
    for (const [key, value] of Object.entries(details)) {
      if (value !== undefined) (this as Record<string, unknown>)[key] = value;
    }
  }
}

/** Arguments or options that cannot work (no HTTP request was made, or it would be wrong). */
export class InferenceClientInputError extends InferenceClientError {
  override name = "InputError";
}

/** No provider, model or route can serve the call (unsupported task, missing mapping, …). */
export class InferenceClientRoutingError extends InferenceClientError {
  override name = "RoutingError";
}

/** The hub API (mapping, task list) failed. */
export class InferenceClientHubApiError extends InferenceClientError {
  override name = "HubApiError";
}

/** The router or a provider answered with an HTTP error. */
export class InferenceClientProviderApiError extends InferenceClientError {
  override name = "ProviderApiError";
}

/** A provider's asynchronous job (polling, download) failed, or its reply was unusable. */
export class InferenceClientProviderOutputError extends InferenceClientError {
  override name = "ProviderOutputError";
}

/** The `timeout` option (or a polling deadline) ran out. */
export class InferenceClientTimeoutError extends InferenceClientError {
  override name = "TimeoutError";
}

/** The reply did not have the shape the task promises. */
export class InferenceOutputError extends TypeError {
  override name = "InferenceOutputError";
  provider?: string;

  constructor(message: string, provider?: string) {
    super(
      `Invalid inference output: ${message}. Use the 'request' method with the same parameters to do a custom call with no type checking.`,
    );
    if (provider) this.provider = provider;
  }
}
