import { InferenceClientInputError, InferenceClientTimeoutError } from "../errors.js";
import type { Options } from "../types.js";

/** One call's lifetime: the caller's signal merged with the `timeout` deadline. */
export interface Call {
  options: Options;
  /** Turns an abort caused by the deadline into a timeout error, and scrubs the token from messages. */
  fail(error: unknown): unknown;
}

export function startCall(options: Options, accessToken: string | undefined): Call {
  const { timeout } = options;
  let deadline: AbortSignal | undefined;
  let callOptions = options;
  if (timeout !== undefined) {
    if (!(Number.isFinite(timeout) && timeout > 0)) {
      throw new InferenceClientInputError(
        `timeout must be a positive number of milliseconds, got ${timeout}`,
      );
    }
    deadline = AbortSignal.timeout(timeout);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    callOptions = { ...options, signal };
  }
  return {
    options: callOptions,
    fail(error) {
      if (deadline?.aborted && !options.signal?.aborted) {
        return new InferenceClientTimeoutError(`The call did not complete within the ${timeout} ms timeout.`);
      }
      return redactError(error, accessToken);
    },
  };
}

const HUB_TOKEN = /hf_[A-Za-z0-9]{6,}/g;

/** Removes the token (and anything shaped like a hub token) from a text. */
export function redactText(text: string, accessToken: string | undefined): string {
  const out = accessToken && accessToken.length >= 4 ? text.replaceAll(accessToken, "[redacted]") : text;
  return out.replace(HUB_TOKEN, "hf_[redacted]");
}

function redactError(error: unknown, accessToken: string | undefined): unknown {
  if (error instanceof Error) {
    const clean = redactText(error.message, accessToken);
    if (clean !== error.message) error.message = clean;
    const response = (error as { httpResponse?: { body?: unknown } }).httpResponse;
    if (response && typeof response.body === "string") response.body = redactText(response.body, accessToken);
    else if (response && response.body && typeof response.body === "object") {
      const text = JSON.stringify(response.body);
      const cleanBody = redactText(text, accessToken);
      if (cleanBody !== text) response.body = JSON.parse(cleanBody) as unknown;
    }
  }
  return error;
}
