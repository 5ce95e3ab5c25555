import type { InferenceClientError } from "../errors.js";
import {
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  InferenceClientRoutingError,
} from "../errors.js";
import type { ProviderHelper, ResponseContext, TaskHelpers } from "../providers/helper.js";
import type { InferenceTask, Options, RequestArgs } from "../types.js";
import { delay } from "../utils/delay.js";
import { type Call, redactRequest, redactText, startCall } from "./call.js";
import { selectHelper } from "./getProviderHelper.js";
import { fetchProviderMapping } from "./hubApi.js";
import { getLogger } from "./logger.js";
import { type PreparedRequest, prepareRequest } from "./makeRequestOptions.js";
import { type ServerSentEvent, SseParser } from "./sse.js";

export interface TaskOptions extends Options {
  task?: InferenceTask;
  outputType?: "url" | "blob";
}

type Args = RequestArgs & { data?: Blob | ArrayBuffer; stream?: boolean };

/** Task-specific steps around the shared pipeline. */
export interface TaskHooks<Output> {
  /** The helper for hf-inference when no task is given (`request`). */
  generic?: ProviderHelper<Output>;
  /** Rewrites the arguments once the provider is known (e.g. audio as a data URL for fal-ai). */
  prepareArgs?: (args: Args, helper: ProviderHelper<Output>) => Args | Promise<Args>;
}

/** Picks the provider (resolving "auto" from the model's hub mapping) and its helper for the task. */
export async function resolveHelper<Output>(
  helpers: TaskHelpers<Output> | undefined,
  args: Args,
  options: TaskOptions,
  generic?: ProviderHelper<Output>,
): Promise<ProviderHelper<Output>> {
  let provider: string = args.provider ?? "hf-inference";
  if (provider === "auto") {
    if (args.endpointUrl) provider = "hf-inference";
    else {
      if (!args.model) {
        throw new InferenceClientInputError("Specifying a model is required when provider is 'auto'");
      }
      const mapping = await fetchProviderMapping(args.model, args.accessToken, options);
      const entry = mapping?.find(
        (candidate) =>
          candidate.status === "live" &&
          (!options.task || candidate.task === options.task) &&
          helpers?.[candidate.provider as keyof typeof helpers] !== undefined,
      );
      if (!entry)
        throw new InferenceClientRoutingError(`No Inference Provider available for model ${args.model}.`);
      provider = entry.provider;
    }
  }
  return selectHelper(helpers, provider, options.task, generic);
}

const RETRYABLE = new Set([429, 503]);

/** Milliseconds to wait before retry number `attempt` (0-based): Retry-After if given, else backoff with jitter. */
export function retryDelay(response: Response, attempt: number, options: Options): number {
  const max = options.retry?.maxDelayMs ?? 30_000;
  const retryAfter = response.headers.get("retry-after");
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
    if (Number.isFinite(ms)) return Math.min(max, Math.max(0, ms));
  }
  const base = (options.retry?.baseDelayMs ?? 500) * 2 ** attempt;
  return Math.min(max, base / 2 + Math.random() * (base / 2));
}

/** Sends the request, retrying 503 and 429 replies a bounded number of times. */
async function fetchWithRetries(
  prepared: PreparedRequest,
  options: Options,
  provider: string,
): Promise<Response> {
  const maxRetries = options.retry_on_error === false ? 0 : (options.retry?.maxRetries ?? 3);
  const fetchFn = options.fetch ?? fetch;
  for (let attempt = 0; ; attempt++) {
    const response = await fetchFn(prepared.url, prepared.info);
    if (attempt >= maxRetries || !RETRYABLE.has(response.status)) return response;
    const wait = retryDelay(response, attempt, options);
    await response.body?.cancel().catch(() => undefined);
    getLogger(options.logger).debug(
      `${provider} answered ${response.status}; retrying in ${Math.round(wait)} ms (${attempt + 1}/${maxRetries})`,
    );
    await delay(wait, options.signal);
  }
}

function errorDetails(
  response: Response,
  prepared: PreparedRequest,
  provider: string,
  body: string,
  token?: string,
) {
  return {
    provider,
    status: response.status,
    requestId: response.headers.get("x-request-id") ?? undefined,
    request: redactRequest(prepared.url, prepared.info),
    responseBody: redactText(body.slice(0, 2000), token),
  };
}

const messageOf = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** The error for a failed non-streaming call, with the reference's message rules. */
async function httpError(
  response: Response,
  prepared: PreparedRequest,
  provider: string,
  args: Args,
  chat: boolean,
): Promise<InferenceClientError> {
  const contentType = response.headers.get("content-type") ?? "";
  const text = await response.text().catch(() => "");
  const details = errorDetails(response, prepared, provider, text, args.accessToken);
  let message = "An error occurred while fetching the blob";
  if (contentType.startsWith("application/json") || contentType.startsWith("application/problem+json")) {
    let output: Record<string, unknown> | undefined;
    try {
      output = JSON.parse(text);
    } catch {
      output = undefined;
    }
    if (output && chat && [400, 404, 422, 500].includes(response.status)) {
      message = `Server ${args.model ?? args.endpointUrl} does not seem to support chat completion. Error: ${JSON.stringify(output.error ?? output.detail)}`;
    } else if (output?.error || output?.detail) {
      message = JSON.stringify(output.error ?? output.detail);
    } else {
      message = output ? JSON.stringify(output) : text || message;
    }
  } else if (contentType.startsWith("text/plain;") || contentType === "text/plain") {
    message = text || message;
  }
  return new InferenceClientProviderApiError(redactText(message, args.accessToken), details);
}

/** Sends a prepared request and returns the parsed reply (JSON, or a Blob for anything else). */
export async function sendRequest(
  prepared: PreparedRequest,
  args: Args,
  options: Options,
  provider: string,
  chat = false,
): Promise<unknown> {
  const response = await fetchWithRetries(prepared, options, provider);
  if (!response.ok) throw await httpError(response, prepared, provider, args, chat);
  if (response.headers.get("content-type")?.startsWith("application/json")) {
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new InferenceClientProviderOutputError(
        `The response from ${provider} is not valid JSON: ${redactText(text.slice(0, 200), args.accessToken)}`,
        { provider, status: response.status },
      );
    }
  }
  return response.blob();
}

function responseContext(
  helper: ProviderHelper,
  prepared: PreparedRequest,
  options: TaskOptions,
): ResponseContext {
  return {
    provider: helper.provider,
    url: prepared.url,
    headers: prepared.info.headers,
    outputType: options.outputType,
    // Called as a plain function: browsers throw "Illegal invocation" when their fetch is invoked as
    // a method of another object.
    fetch: (input, init) => (options.fetch ?? fetch)(input, init),
    signal: options.signal,
    options,
  };
}

/** A whole task call: provider, validation, model resolution, request, reply parsing. */
export async function runTask<Output>(
  helpers: TaskHelpers<Output> | undefined,
  args: Args,
  options: TaskOptions = {},
  hooks: TaskHooks<Output> = {},
): Promise<Output> {
  const call: Call = startCall(options, args.accessToken);
  const callOptions: TaskOptions = call.options;
  try {
    const helper = await resolveHelper(helpers, args, callOptions, hooks.generic);
    if (hooks.prepareArgs) args = await hooks.prepareArgs(args, helper);
    const prepared = await prepareRequest(args, helper, callOptions);
    const chat = callOptions.task === "conversational";
    const data = await sendRequest(prepared, args, callOptions, helper.provider, chat);
    return await helper.getResponse(data, responseContext(helper, prepared, callOptions));
  } catch (error) {
    throw call.fail(error);
  }
}

/** A call's raw reply, without the task's output check (`request`). */
export async function runRawTask(
  helpers: TaskHelpers | undefined,
  args: Args,
  options: TaskOptions,
  generic?: ProviderHelper,
): Promise<unknown> {
  const call: Call = startCall(options, args.accessToken);
  try {
    const helper = await resolveHelper(helpers, args, call.options as TaskOptions, generic);
    const prepared = await prepareRequest(args, helper, call.options);
    return await sendRequest(
      prepared,
      args,
      call.options,
      helper.provider,
      options.task === "conversational",
    );
  } catch (error) {
    throw call.fail(error);
  }
}

/** The error for a failed streaming call, with the reference's message rules. */
async function streamHttpError(
  response: Response,
  prepared: PreparedRequest,
  provider: string,
  args: Args,
  chat: boolean,
) {
  const text = await response.text().catch(() => "");
  const details = errorDetails(response, prepared, provider, text, args.accessToken);
  let message = `Server response contains error: ${response.status}`;
  if (response.headers.get("content-type")?.startsWith("application/json")) {
    let output: Record<string, unknown> | undefined;
    try {
      output = JSON.parse(text);
    } catch {
      output = undefined;
    }
    const error = output?.error as { message?: unknown } | string | undefined;
    if (output && chat && [400, 404, 422, 500].includes(response.status)) {
      message = `Server ${args.model ?? args.endpointUrl} does not seem to support chat completion. Error: ${messageOf(
        typeof error === "object" && typeof error?.message === "string"
          ? error.message
          : (error ?? output.detail),
      )}`;
    } else if (typeof error === "string") message = error;
    else if (typeof error?.message === "string") message = error.message;
    else if (typeof output?.message === "string") message = output.message;
  }
  return new InferenceClientProviderApiError(redactText(message, args.accessToken), details);
}

/** One event's JSON; an `error` key in it is the backend failing mid-stream. */
function parseEvent<T>(data: string, provider: string, accessToken: string | undefined): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new InferenceClientProviderOutputError(
      `Invalid JSON in the event stream: ${redactText(data.slice(0, 200), accessToken)}`,
      { provider },
    );
  }
  if (parsed !== null && typeof parsed === "object" && "error" in parsed) {
    const error = (parsed as { error: unknown }).error as { message?: unknown } | string;
    const text =
      typeof error === "string"
        ? error
        : typeof error?.message === "string"
          ? error.message
          : JSON.stringify(error);
    throw new InferenceClientProviderApiError(`Error forwarded from backend: ${text}`, { provider });
  }
  return parsed as T;
}

/** A streaming call: sends `{...args, stream: true}` and yields every JSON event until `[DONE]`. */
export async function* runStreamingTask<T>(
  helpers: TaskHelpers | undefined,
  args: Args,
  options: TaskOptions = {},
  generic?: ProviderHelper,
): AsyncGenerator<T> {
  const call: Call = startCall(options, args.accessToken);
  try {
    const helper = await resolveHelper(helpers, args, call.options as TaskOptions, generic);
    const prepared = await prepareRequest({ ...args, stream: true }, helper, call.options);
    const chat = options.task === "conversational";
    const response = await fetchWithRetries(prepared, call.options, helper.provider);
    if (!response.ok) throw await streamHttpError(response, prepared, helper.provider, args, chat);
    const contentType = response.headers.get("content-type");
    if (!contentType?.startsWith("text/event-stream")) {
      await response.body?.cancel().catch(() => undefined);
      throw new InferenceClientProviderApiError(
        `Server does not support event stream content type, it returned ${contentType}`,
        errorDetails(response, prepared, helper.provider, "", args.accessToken),
      );
    }
    if (!response.body) return;
    // Read and parse inline (no inner generator): each event costs one JSON.parse and one yield.
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    let finished = false;
    try {
      while (!finished) {
        const { done, value } = await reader.read();
        let events: ServerSentEvent[];
        if (done) {
          finished = true;
          events = parser.end(parser.push(decoder.decode()));
        } else {
          events = parser.push(decoder.decode(value, { stream: true }));
        }
        for (const { data } of events) {
          if (data.length === 0) continue;
          if (data === "[DONE]") return;
          yield parseEvent<T>(data, helper.provider, args.accessToken);
        }
      }
    } finally {
      // Stopped early (consumer break, [DONE], error): free the connection.
      if (!finished) await reader.cancel().catch(() => undefined);
    }
  } catch (error) {
    throw call.fail(error);
  }
}
