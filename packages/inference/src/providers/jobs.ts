import {
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  InferenceClientTimeoutError,
} from "../errors.js";
import type { InferenceProgress } from "../types.js";
import { delay } from "../utils/delay.js";
import type { ResponseContext } from "./helper.js";

/** What one look at a job found: its result, or where it is. */
export type JobState<T> =
  | { done: true; value: T }
  | { done: false; status: InferenceProgress["status"]; providerStatus?: string; queuePosition?: number };

export interface JobDefaults {
  intervalMs: number;
  /** Most polls (the provider's own bound, e.g. zai-org's 60), unless `poll.maxAttempts` says. */
  maxAttempts?: number;
}

/** Reports one step of a job to `Options.onProgress`; a throwing callback does not break the call. */
export function reportProgress(
  context: ResponseContext,
  status: InferenceProgress["status"],
  extra: Pick<InferenceProgress, "providerStatus" | "queuePosition"> = {},
): void {
  const onProgress = context.options.onProgress;
  if (!onProgress) return;
  try {
    onProgress({
      provider: String(context.provider),
      status,
      elapsedMs: Date.now() - (context.startedAt ?? Date.now()),
      ...extra,
    });
  } catch {
    // A UI callback's bug must not fail the inference call.
  }
}

/**
 * Polls a submitted job: waits `poll.intervalMs`, calls `look`, reports its state, until the job is
 * done, the deadline (`poll.timeoutMs`, default 10 min) or the attempt bound passes, or the signal
 * aborts. Reports "submitted" first and "done" (or "failed") last.
 */
export async function pollJob<T>(
  context: ResponseContext,
  defaults: JobDefaults,
  jobName: string,
  look: () => Promise<JobState<T>>,
): Promise<T> {
  const poll = context.options.poll ?? {};
  const interval = poll.intervalMs ?? defaults.intervalMs;
  const maxAttempts = poll.maxAttempts ?? defaults.maxAttempts ?? Infinity;
  const deadline = Date.now() + (poll.timeoutMs ?? 10 * 60_000);
  reportProgress(context, "submitted");
  let last: string | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      if (attempt >= maxAttempts || Date.now() + interval > deadline) {
        throw new InferenceClientTimeoutError(
          `Timed out waiting for ${String(context.provider)} to complete ${jobName} (last status: ${last ?? "none"})`,
        );
      }
      await delay(interval, context.signal);
      const state = await look();
      if (state.done) {
        reportProgress(context, "done");
        return state.value;
      }
      last = state.providerStatus ?? state.status;
      reportProgress(context, state.status, {
        providerStatus: state.providerStatus,
        queuePosition: state.queuePosition,
      });
    }
  } catch (error) {
    reportProgress(context, "failed", { providerStatus: last });
    throw error;
  }
}

/** GETs a job's status as JSON with the call's headers; a failed poll is a ProviderApiError. */
export async function getJobJson(
  url: string,
  context: ResponseContext,
  headers = context.headers,
): Promise<unknown> {
  const { "Content-Type": _contentType, ...getHeaders } = headers;
  const response = await context.fetch(url, { headers: getHeaders, signal: context.signal });
  if (!response.ok) {
    const body = await response.text().catch(() => "");
    throw new InferenceClientProviderApiError(
      `Failed to fetch the job status from ${String(context.provider)}: ${response.status}`,
      { url, method: "GET" },
      { requestId: response.headers.get("x-request-id") ?? "", status: response.status, body },
    );
  }
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InferenceClientProviderOutputError(
      `The job status from ${String(context.provider)} is not valid JSON: ${text.slice(0, 200)}`,
    );
  }
}
