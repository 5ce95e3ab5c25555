// The router state the server rendered with, handed to the browser so that it hydrates the same page
// without loading the data again. It travels as JSON in a non-executed <script type="application/json">
// (the hub's CSP forbids inline scripts). Errors, in loader data or as route errors, keep their name,
// message and HTTP status, which the error pages show.
import { isRouteErrorResponse } from "react-router";
import { HubApiError } from "./api.js";

export const HYDRATION_ELEMENT_ID = "hubkit-hydration";

export interface HydrationState {
  loaderData: Record<string, unknown>;
  errors: Record<string, unknown> | null;
}

interface SerializedError {
  __error: { name: string; message: string; status?: number };
}

function replacer(_key: string, value: unknown): unknown {
  if (isRouteErrorResponse(value)) {
    return {
      __error: { name: "HubApiError", message: String(value.data ?? value.statusText), status: value.status },
    };
  }
  if (value instanceof Error) {
    const status = (value as { status?: unknown }).status;
    return {
      __error: {
        name: value.name,
        message: value.message,
        status: typeof status === "number" ? status : undefined,
      },
    } satisfies SerializedError;
  }
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === "object" && "__error" in value) {
    const { name, message, status } = (value as SerializedError).__error;
    const error = typeof status === "number" ? new HubApiError(message, status) : new Error(message);
    error.name = name;
    return error;
  }
  return value;
}

/** JSON safe to place inside a <script> element: "<" is escaped so no "</script>" can close it. */
export function serializeHydrationState(state: HydrationState): string {
  return JSON.stringify(state, replacer)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function parseHydrationState(text: string): HydrationState {
  return JSON.parse(text, reviver) as HydrationState;
}
