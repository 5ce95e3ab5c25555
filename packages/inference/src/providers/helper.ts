import type { ChatCompletionOutput, TextGenerationOutput } from "@hubkit/tasks";
import { providerBase, routerBase } from "../config.js";
import { InferenceClientProviderOutputError } from "../errors.js";
import type {
  AuthMethod,
  BodyParams,
  InferenceProvider,
  InferenceProviderOrPolicy,
  InferenceTask,
  Options,
  OutputType,
  ProviderUrlKey,
  UrlParams,
} from "../types.js";
import { base64FromBinary, bytesFromBase64 } from "../utils/base64.js";
import { isArrayOf, isNumber, isObject, isString } from "../utils/guards.js";
import { omit } from "../utils/omit.js";

/** What a response parser may need beyond the reply: where it came from, and how to fetch more. */
export interface ResponseContext {
  provider: InferenceProviderOrPolicy;
  /** The request's URL and headers (with credentials), for providers whose job is polled on the same host. */
  url: string;
  headers: Record<string, string>;
  outputType?: OutputType;
  fetch: typeof fetch;
  signal?: AbortSignal;
  /** The call's options; `startedAt` in them is when the call began (progress events, lib/poll.ts). */
  options: Options;
}

/** One provider's way of serving one task: route, payload, headers and reply parsing. */
export interface ProviderHelper<Output = unknown> {
  /** The provider, or "auto" for the router's own OpenAI-compatible chat route. */
  readonly provider: InferenceProviderOrPolicy;
  /** Only callable directly with the provider's own key (never through the router). */
  readonly clientSideRoutingOnly?: boolean;
  /** The direct base to use, when it is not the provider's main one. */
  readonly directBase?: ProviderUrlKey;
  /** Answers with a job the client then polls (a raw HTTP snippet would only submit it). */
  readonly job?: boolean;
  /** Headers the provider needs on every call. */
  readonly extraHeaders?: Record<string, string>;
  /** Path appended to `{router}/{provider}` or to the direct base. */
  makeRoute(params: UrlParams): string;
  /** Replaces the whole URL computation (endpoints, queues). */
  makeUrl?(params: UrlParams, options: Options): string;
  preparePayload(params: BodyParams): unknown;
  /**
   * Rewrites the call's arguments before the request is built, for inputs that need async work
   * (a Blob into a data URL or base64, a URL fetched). The pipeline runs it on every route, after
   * the task function's own rewrite (`TaskHooks.prepareArgs`).
   */
  prepareArgs?(
    args: Record<string, unknown>,
    options: Options,
  ): Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * Whether `prepareArgs` changes these arguments (default: whenever it exists). The snippet
   * generator derives raw HTTP snippets only from calls whose arguments it leaves as they are.
   */
  reworksArgs?(args: Record<string, unknown>): boolean;
  /**
   * What `prepareArgs` makes of these arguments once their input file is the data URL given, done
   * synchronously: the snippet generator builds the request from it, with the file the snippet
   * reads itself.
   */
  argsWithDataUrl?(args: Record<string, unknown>, dataUrl: string): Record<string, unknown>;
  /** Builds a body that is not JSON (multipart uploads); without it the payload is sent as JSON. */
  makeBody?(params: BodyParams): BodyInit;
  getResponse(response: unknown, context: ResponseContext): Promise<Output>;
}

/** `{router}/{provider}` for hub tokens, anonymous and cookie calls; the provider's own base for its key. */
export function makeBaseUrl(
  provider: InferenceProviderOrPolicy,
  authMethod: AuthMethod,
  options: Options,
  directBase: ProviderUrlKey = provider as InferenceProvider,
): string {
  return authMethod === "provider-key"
    ? providerBase(directBase, options)
    : `${routerBase(options)}/${provider}`;
}

/** The URL for a call: the helper's own rule, or base + route. */
export function makeUrl(helper: ProviderHelper, params: UrlParams, options: Options): string {
  let url: string;
  if (helper.makeUrl) url = helper.makeUrl(params, options);
  else {
    const base = makeBaseUrl(helper.provider, params.authMethod, options, helper.directBase);
    url = `${base}/${helper.makeRoute(params).replace(/^\/+/, "")}`;
  }
  return params.urlTransform ? params.urlTransform(url) : url;
}

/** GETs a file a provider pointed to, with the caller's fetch and signal. */
export async function download(url: string, context: ResponseContext): Promise<Blob> {
  if (url.startsWith("data:")) return blobFromDataUrl(url);
  const response = await context.fetch(url, { signal: context.signal });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new InferenceClientProviderOutputError(
      `Failed to download the output from ${url}: ${response.status} ${response.statusText}`.trimEnd(),
    );
  }
  return response.blob();
}

/** Decodes a base64 data URL locally (a custom fetch need not support data: URLs). */
export function blobFromDataUrl(url: string): Blob {
  const comma = url.indexOf(",");
  const header = url.slice(5, comma);
  const type = header.replace(/;base64$/, "");
  const payload = url.slice(comma + 1);
  const bytes = header.endsWith(";base64")
    ? bytesFromBase64(payload)
    : new TextEncoder().encode(decodeURIComponent(payload));
  return new Blob([bytes], { type });
}

/**
 * A Blob's (or ArrayBuffer's) bytes as a data URL, labelled with its own type or `fallbackType`
 * (no FileReader: works in Node and workers).
 */
export async function dataUrlOf(data: unknown, fallbackType = "application/octet-stream"): Promise<string> {
  const type = (data instanceof Blob && data.type) || fallbackType;
  return `data:${type};base64,${await base64FromBinary(data as Blob)}`;
}

/** A base64 image as the caller asked for it (`url` and `dataUrl` give a data URL, `json` the raw reply). */
export function imageFromBase64(b64: string, context: ResponseContext, raw?: unknown): unknown {
  const dataUrl = `data:image/jpeg;base64,${b64}`;
  if (context.outputType === "json" && raw !== undefined) return raw;
  return context.outputType === "url" || context.outputType === "dataUrl"
    ? dataUrl
    : blobFromDataUrl(dataUrl);
}

/** An image URL as the caller asked for it: the URL itself, a data URL, the raw reply, or the downloaded Blob. */
export async function imageFromUrl(url: string, context: ResponseContext, raw?: unknown): Promise<unknown> {
  if (context.outputType === "url") return url;
  if (context.outputType === "json" && raw !== undefined) return raw;
  const blob = await download(url, context);
  return context.outputType === "dataUrl" ? dataUrlOf(blob) : blob;
}

export function isChatCompletionOutput(value: unknown): value is ChatCompletionOutput {
  return (
    isObject(value) &&
    Array.isArray(value.choices) &&
    isNumber(value.created) &&
    isString(value.id) &&
    isString(value.model) &&
    // Absent, null or a string.
    isString(value.system_fingerprint ?? "") &&
    isObject(value.usage)
  );
}

/** The OpenAI-compatible chat route most providers share: `{...args, model}`, checked reply. */
export function conversationalHelper(
  provider: InferenceProviderOrPolicy,
  route = "v1/chat/completions",
  extra: Partial<ProviderHelper<ChatCompletionOutput>> = {},
): ProviderHelper<ChatCompletionOutput> {
  return {
    provider,
    makeRoute: () => route,
    // `model` first, as 4.x sends it: a router can pick the provider from the body's first bytes.
    preparePayload: ({ args, model }) => ({ model, ...args }),
    async getResponse(response) {
      if (isChatCompletionOutput(response)) return response;
      throw new InferenceClientProviderOutputError("Expected ChatCompletionOutput");
    },
    ...extra,
  };
}

const hasGeneratedText = (item: unknown): item is TextGenerationOutput =>
  isObject(item) && isString(item.generated_text);

/**
 * Text generation with a hub-style reply (`[{generated_text}]` or `{generated_text}`). An
 * OpenAI-style completion or chat reply (what these routes really answer) is read too.
 */
export function parseGeneratedText(response: unknown): TextGenerationOutput {
  const choice = isObject(response) && Array.isArray(response.choices) ? response.choices[0] : undefined;
  if (isObject(choice)) {
    if (isString(choice.text)) return { generated_text: choice.text };
    if (isObject(choice.message) && isString(choice.message.content))
      return { generated_text: choice.message.content };
  }
  const items = Array.isArray(response) ? response : [response];
  if (items.length > 0 && isArrayOf(items, hasGeneratedText)) return items[0];
  throw new InferenceClientProviderOutputError("Expected Array<{generated_text: string}>");
}

/** A text-generation prompt as one user message of a chat request (`max_new_tokens` → `max_tokens`). */
export function chatPromptPayload({ args, model }: BodyParams): Record<string, unknown> {
  const { inputs, parameters, ...rest } = args;
  const { max_new_tokens, ...otherParameters } = (parameters ?? {}) as Record<string, unknown>;
  return {
    messages: [{ content: inputs, role: "user" }],
    max_tokens: max_new_tokens,
    ...otherParameters,
    ...rest,
    model,
  };
}

/** A text-generation prompt as an OpenAI-style completion request (`max_new_tokens` → `max_tokens`). */
export function completionPayload({ args, model }: BodyParams): Record<string, unknown> {
  const { inputs, parameters, ...rest } = args;
  const { max_new_tokens, ...otherParameters } = (parameters ?? {}) as Record<string, unknown>;
  return { ...rest, prompt: inputs, max_tokens: max_new_tokens, ...otherParameters, model };
}

/** Text generation on an OpenAI-compatible route, with a reply read by `parseGeneratedText`. */
export function textGenerationHelper(
  provider: InferenceProvider,
  route: string,
  preparePayload: (params: BodyParams) => Record<string, unknown>,
): ProviderHelper<TextGenerationOutput> {
  return {
    provider,
    makeRoute: () => route,
    preparePayload,
    getResponse: async (response) => parseGeneratedText(response),
  };
}

/** Text generation on an OpenAI-style completions route, the prompt sent as a completion request. */
export function completionsHelper(
  provider: InferenceProvider,
  route = "v1/completions",
): ProviderHelper<TextGenerationOutput> {
  return textGenerationHelper(provider, route, completionPayload);
}

/** The arguments without `inputs`, `parameters` (and `drop`), with `parameters` spread at the top level. */
export function withParameters(args: Record<string, unknown>, ...drop: string[]): Record<string, unknown> {
  return { ...omit(args, ["inputs", "parameters", ...drop]), ...(args.parameters as object | undefined) };
}

/** Moves `inputs` to `key` and spreads `parameters` at the top level (image and video providers). */
export function flattenPrompt(args: Record<string, unknown>, key = "prompt"): Record<string, unknown> {
  return { ...withParameters(args), [key]: args.inputs };
}

/** A helper made of shared parts plus its own (a function, so bundlers can drop unused ones). */
export function defineHelper<Output>(
  shared: Partial<ProviderHelper>,
  own: Partial<ProviderHelper<Output>> & Pick<ProviderHelper<Output>, "getResponse">,
): ProviderHelper<Output> {
  return { ...shared, ...own } as ProviderHelper<Output>;
}

export type TaskHelpers<Output = unknown> = Partial<Record<InferenceProvider, ProviderHelper<Output>>>;
/** Providers' task lists, for the "Available tasks" error: every provider's, or only those a caller can need. */
export type TaskLists = Partial<Record<InferenceProvider, readonly string[]>>;
export type { InferenceTask };
