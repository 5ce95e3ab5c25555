/**
 * The one polling loop every asynchronous provider job uses (fal's queue, replicate, novita,
 * together video, black-forest-labs, wavespeed, zai-org images): a provider describes its job's state at each step, this
 * module waits between steps, enforces the deadline, honours abort and reports progress.
 */
import { routerBase } from "../config.js";
import {
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  InferenceClientTimeoutError,
  responseOf,
} from "../errors.js";
import type { InferenceProgress, Options } from "../types.js";
import { delay } from "../utils/delay.js";

/** Where a job stands after one step, as its provider reported it. */
export interface JobState<T> {
  status: "queued" | "running" | "done" | "failed";
  /** The provider's own status word, as sent ("IN_QUEUE", "processing", …). */
  providerStatus?: string;
  /** Jobs ahead of this one, when the provider says. */
  queuePosition?: number;
  /** With "done": the job's output (e.g. the reply holding the result URL). */
  result?: T;
  /** With "failed": why (becomes the error's message). */
  error?: string;
}

/** What `pollJob` needs to know about a job. */
export interface PollJob<T> {
  /** The provider running it (progress events, errors). */
  provider: string;
  /** The call's options: `poll`, `signal`, `onProgress` (and when the call started). */
  options: Options;
  /** Wait between two polls unless `options.poll.intervalMs` says otherwise. */
  intervalMs: number;
  /** Most polls unless `options.poll.maxAttempts` says otherwise (default: bounded by the deadline only). */
  maxAttempts?: number;
  /** The state the submit reply already gave; polling stops at once if it is final. */
  initial?: JobState<T>;
  /** Polls once and says where the job stands. */
  check(attempt: number): Promise<JobState<T>>;
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/**
 * Runs a job to its end: reports "submitted", then polls every interval until the job is done
 * (returns its result) or failed (ProviderOutputError), the deadline passes (TimeoutError) or
 * the signal aborts (rejects with the signal's reason, as fetch does). Whatever ends the job
 * early, including a poll that fails, is reported once as "failed".
 */
export async function pollJob<T>(job: PollJob<T>): Promise<T> {
  const { provider, options } = job;
  // Set by the request pipeline when the call starts; a job polled outside it counts from here.
  const startedAt = (options as { startedAt?: number }).startedAt ?? Date.now();
  const poll = options.poll ?? {};
  const interval = poll.intervalMs ?? job.intervalMs;
  const maxAttempts = poll.maxAttempts ?? job.maxAttempts ?? Infinity;
  const timeoutMs = poll.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  /** Sends one progress event to `options.onProgress`; a throwing callback never breaks the call. */
  const report = (status: InferenceProgress["status"], state: JobState<T>) => {
    if (!options.onProgress) return;
    const event: InferenceProgress = { provider, status, elapsedMs: Date.now() - startedAt };
    if (state.queuePosition !== undefined) event.queuePosition = state.queuePosition;
    if (state.providerStatus !== undefined) event.providerStatus = state.providerStatus;
    try {
      options.onProgress(event);
    } catch {
      // A UI callback's bug must not fail the inference.
    }
  };

  let state: JobState<T> = job.initial ?? { status: "queued" };
  report("submitted", state);
  try {
    for (let attempt = 0; state.status !== "done"; attempt++) {
      if (state.status === "failed") {
        throw new InferenceClientProviderOutputError(state.error ?? `The ${provider} job failed`);
      }
      if (attempt >= maxAttempts || Date.now() + interval > deadline) {
        throw new InferenceClientTimeoutError(
          `Timed out waiting for the ${provider} job after ${attempt} polls (${timeoutMs} ms deadline; last status: ${state.providerStatus ?? state.status})`,
        );
      }
      await delay(interval, options.signal);
      state = await job.check(attempt);
      if (state.status !== "failed") report(state.status, state);
    }
  } catch (error) {
    report("failed", { status: "failed", providerStatus: state.providerStatus });
    throw error;
  }
  return state.result as T;
}

/**
 * GETs a job's status or result as JSON with the call's fetch, headers and signal. A failed reply
 * is a ProviderApiError naming `what`; a reply that is not JSON a ProviderOutputError.
 */
export async function fetchJobJson(
  url: string,
  init: { fetch: typeof fetch; headers?: Record<string, string>; signal?: AbortSignal },
  what: string,
): Promise<unknown> {
  const response = await init.fetch(url, { headers: init.headers, signal: init.signal });
  if (!response.ok) {
    const body = await response.text().catch(() => "");
    throw new InferenceClientProviderApiError(
      `Failed to fetch ${what}`,
      { url, method: "GET", headers: init.headers },
      responseOf(response, body),
    );
  }
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new InferenceClientProviderOutputError(`Failed to parse ${what}: received malformed response`);
  }
}

/** What the job helpers below read from a provider's response context. */
interface JobContext {
  url: string;
  headers?: Record<string, string>;
  fetch: typeof fetch;
  signal?: AbortSignal;
  options: Options;
}

/** Where a job is polled: under `{router}/{provider}` when the call went through it, else the provider's own origin. */
export function jobBase(context: JobContext, provider: string): string {
  const router = routerBase(context.options);
  return context.url.startsWith(`${router}/${provider}/`)
    ? `${router}/${provider}`
    : new URL(context.url).origin;
}

/**
 * `pollJob` over one status URL fetched with the call's fetch, headers and signal: each reply is
 * read by `state` (shared here so the job-based providers do not each repeat it).
 */
export function pollJson<T>(
  context: JobContext,
  url: string,
  what: string,
  state: (reply: unknown) => JobState<T>,
  job: Omit<PollJob<T>, "options" | "check">,
): Promise<T> {
  return pollJob({
    ...job,
    options: context.options,
    check: async () => state(await fetchJobJson(url, context, what)),
  });
}
