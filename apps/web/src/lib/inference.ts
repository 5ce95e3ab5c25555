// The browser's inference client: always through the hub server's same-origin proxy (/router), which
// forwards to the emulator offline or the real router online. The client code is loaded on demand.
import type { InferenceClient } from "@hubkit/inference";

export async function createClient(token: string): Promise<InferenceClient> {
  const { InferenceClient: Client } = await import("@hubkit/inference");
  return new Client(token || undefined, {
    routerUrl: `${location.origin}/router`,
    hubUrl: location.origin,
  });
}

export interface DisplayedError {
  title: string;
  message: string;
  details: string[];
}

/** What the UI shows for a failed call: the client's message, plus status and request id when known. */
export function describeError(error: unknown): DisplayedError {
  if (error instanceof Error) {
    // 4.x errors carry the failed reply as httpResponse {requestId, status, body}.
    const extra = error as Error & { httpResponse?: { status?: number; requestId?: string } };
    const details: string[] = [];
    if (typeof extra.httpResponse?.status === "number") details.push(`HTTP ${extra.httpResponse.status}`);
    if (extra.httpResponse?.requestId) details.push(`request id: ${extra.httpResponse.requestId}`);
    const title = error.name && error.name !== "Error" ? error.name : "Error";
    return { title, message: error.message || "The call failed without a message", details };
  }
  return { title: "Error", message: String(error), details: [] };
}

export function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || /aborted/i.test(error.message));
}
