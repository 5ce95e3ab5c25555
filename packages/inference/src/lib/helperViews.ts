/**
 * The provider helpers as 4.x exposes them (`getProviderHelper`, `PROVIDERS[provider][task]`): objects
 * with 4.x's eleven members and signatures (`makeUrl(params)`, `makeBody(params)`,
 * `prepareHeaders(params, isBinary)`, `getResponse(response, url?, headers?, outputType?, signal?)`,
 * `preparePayloadAsync(args)`, …), each a view of one of hubkit's internal helpers (`ProviderHelper`,
 * whose members take the call's options and a response context). One view per helper, so
 * `getProviderHelper(p, t) === PROVIDERS[p][t]`. `makeRequestOptions` and
 * `makeRequestOptionsFromResolvedModel` take a view, an internal helper, or a helper object written
 * for 4.x.
 */
import { DEFINITIONS_BY_ID } from "../providers/definitions.js";
import { makeBaseUrl, makeUrl, type ProviderHelper } from "../providers/helper.js";
import type {
  BodyParams,
  HeaderParams,
  InferenceProvider,
  OutputType,
  RequestArgs,
  UrlParams,
} from "../types.js";

/** A provider's way of serving a task, with 4.x's members (4.x: `TaskProviderHelper` & its task interface). */
export interface TaskProviderHelper<Output = unknown> {
  readonly provider: InferenceProvider;
  /** Only callable directly with the provider's own key. */
  readonly clientSideRoutingOnly: boolean;
  /** The reply (parsed JSON, or a Blob) as the task's output. */
  getResponse(
    response: unknown,
    url?: string,
    headers?: HeadersInit,
    outputType?: OutputType,
    signal?: AbortSignal,
  ): Promise<Output>;
  /** The path after the base URL. */
  makeRoute(params: UrlParams): string;
  /** The JSON payload for these arguments and model. */
  preparePayload(params: BodyParams): Record<string, unknown>;
  /** `{router}/{provider}` for hub tokens and anonymous calls, the provider's own API for its key. */
  makeBaseUrl(params: UrlParams): string;
  /** The request body: the raw bytes of a binary call, else the JSON payload. */
  makeBody(params: BodyParams): BodyInit;
  /** The whole URL. */
  makeUrl(params: UrlParams): string;
  /** Authorization (as the provider wants it) and, for a JSON body, Content-Type. */
  prepareHeaders(params: HeaderParams, isBinary: boolean): Record<string, string>;
  /** The arguments after the async rework some providers need (a file read into base64, …). */
  preparePayloadAsync(args: RequestArgs, signal?: AbortSignal): Promise<RequestArgs>;
}

/** A helper a caller may pass to the request builders: a view, an internal helper, or a 4.x helper object. */
export type AnyProviderHelper = ProviderHelper | ForeignHelper;
/** 4.x's base helper class: no `preparePayloadAsync`, and a payload of any type. */
type ForeignHelper = Omit<TaskProviderHelper, "preparePayloadAsync" | "preparePayload"> & {
  preparePayload(params: BodyParams): unknown;
};

const views = new WeakMap<ProviderHelper, TaskProviderHelper>();
const internals = new WeakMap<object, ProviderHelper>();

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => (out[key] = value));
  return out;
}

/** The 4.x view of an internal helper (the same object each time). */
export function publicHelper<Output>(helper: ProviderHelper<Output>): TaskProviderHelper<Output> {
  const known = views.get(helper as ProviderHelper);
  if (known) return known as TaskProviderHelper<Output>;
  const view: TaskProviderHelper<Output> = {
    provider: helper.provider as InferenceProvider,
    clientSideRoutingOnly: helper.clientSideRoutingOnly ?? false,
    getResponse: (response, url, headers, outputType, signal) =>
      helper.getResponse(response, {
        provider: helper.provider,
        url: url ?? "",
        headers: headerRecord(headers),
        outputType,
        fetch: (input, init) => fetch(input, init),
        signal,
        options: { signal },
      }),
    makeRoute: (params) => helper.makeRoute(params),
    preparePayload: (params) => helper.preparePayload(params) as Record<string, unknown>,
    makeBaseUrl: (params) => makeBaseUrl(helper.provider, params.authMethod, {}, helper.directBase),
    makeBody(params) {
      const own = helper.makeBody?.(params);
      if (own !== undefined) return own;
      const data = params.args.data;
      if (data instanceof Blob || data instanceof ArrayBuffer) return data;
      return JSON.stringify(helper.preparePayload(params));
    },
    makeUrl: (params) => makeUrl(helper, params, {}),
    prepareHeaders(params, isBinary) {
      const headers: Record<string, string> = {};
      if (params.accessToken && params.authMethod !== "none" && params.authMethod !== "credentials-include") {
        const own =
          params.authMethod === "provider-key"
            ? DEFINITIONS_BY_ID[helper.provider as InferenceProvider]?.auth
            : undefined;
        const auth = own ?? { header: "Authorization", scheme: "Bearer" };
        headers[auth.header] = auth.scheme ? `${auth.scheme} ${params.accessToken}` : params.accessToken;
      }
      if (!isBinary) headers["Content-Type"] = "application/json";
      return { ...headers, ...helper.extraHeaders };
    },
    async preparePayloadAsync(args, signal) {
      if (!helper.prepareArgs) return args;
      return (await helper.prepareArgs(args as Record<string, unknown>, { signal })) as RequestArgs;
    },
  };
  views.set(helper as ProviderHelper, view as TaskProviderHelper);
  internals.set(view, helper as ProviderHelper);
  return view;
}

/**
 * The internal helper behind a helper a caller passed: one of the views, an internal helper, or an
 * object written for 4.x (its own `makeUrl`, `preparePayload`, `makeBody` and `getResponse` used).
 */
export function internalOf(helper: AnyProviderHelper): ProviderHelper {
  const internal = internals.get(helper);
  if (internal) return internal;
  if (helper.getResponse.length <= 2 && !("prepareHeaders" in helper)) return helper as ProviderHelper;
  const foreign = helper as ForeignHelper;
  const adapted: ProviderHelper = {
    provider: foreign.provider,
    clientSideRoutingOnly: foreign.clientSideRoutingOnly,
    makeRoute: (params) => foreign.makeRoute(params),
    makeUrl: (params) => foreign.makeUrl(params),
    preparePayload: (params) => foreign.preparePayload(params),
    getResponse: (response, context) =>
      foreign.getResponse(response, context.url, context.headers, context.outputType, context.signal),
  };
  internals.set(helper, adapted);
  return adapted;
}
