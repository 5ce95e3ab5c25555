// Errors the API turns into JSON responses `{ "error": message }` with their status code. Hub
// errors the clients type (RepoNotFound, RevisionNotFound, EntryNotFound, GatedRepo) also carry
// the real hub's `X-Error-Code` and `X-Error-Message` headers.
export type HubErrorCode = "RepoNotFound" | "RevisionNotFound" | "EntryNotFound" | "GatedRepo";

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode?: HubErrorCode,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, message);
}

/** The headers that tell hub clients what went wrong (header values: one line of printable ASCII). */
export function errorHeaders(error: HttpError): Record<string, string> {
  const headers: Record<string, string> = {
    "x-error-message": error.message.replace(/[^\x20-\x7e]/g, "?").slice(0, 500),
  };
  if (error.errorCode) headers["x-error-code"] = error.errorCode;
  return headers;
}

/** 429 with the seconds to wait, sent as Retry-After. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
