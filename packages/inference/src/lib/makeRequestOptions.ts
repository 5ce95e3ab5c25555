import { HF_HEADER_X_BILL_TO, hasUserinfo, isHubHost, isSafeForToken } from "../config.js";
import { InferenceClientInputError } from "../errors.js";
import { DEFINITIONS_BY_ID } from "../providers/definitions.js";
import { makeUrl, type ProviderHelper } from "../providers/helper.js";
import type {
  AuthMethod,
  InferenceProvider,
  InferenceProviderMappingEntry,
  InferenceTask,
  Options,
  OutputType,
  RequestArgs,
} from "../types.js";
import { PACKAGE_NAME, PACKAGE_VERSION } from "../version.js";
import { HARDCODED_MODEL_ID_MAPPING, equivalentMappingTasks, getMappingEntry } from "./getProviderModelId.js";
import { loadDefaultModel } from "./hubApi.js";
import { isUrl } from "./isUrl.js";
import { getLogger } from "./logger.js";
import { internalOf, type AnyProviderHelper } from "./helperViews.js";
import type { Route } from "./resolve.js";

export type RequestOptions = Options & { task?: InferenceTask; outputType?: OutputType };
type ArgsWithData = RequestArgs & { data?: Blob | ArrayBuffer; stream?: boolean };

/** What a call sends: the reference's `{url, info}` shape, with plain-object headers. */
export interface PreparedRequest {
  url: string;
  info: RequestInit & { method: string; headers: Record<string, string> };
}

/**
 * Validates the call, finds the model (default model, mapping entry, provider id) and builds the
 * request. Async because the model and its mapping may come from the hub; `route.mapping` is the
 * entry the resolution step already read, so the hub is asked at most once per call.
 */
export async function prepareRequest(
  args: ArgsWithData,
  helper: ProviderHelper,
  options: RequestOptions,
  route?: Route,
): Promise<PreparedRequest & { model: string }> {
  // Checked first, as no earlier rule can apply without an endpoint or a model.
  if (!args.endpointUrl && !args.model && !options.task) {
    throw new InferenceClientInputError("No model provided, and no task has been specified.");
  }
  return prepareTaskRequest(
    args,
    helper,
    options,
    route,
    equivalentMappingTasks(helper.provider, options.task),
  );
}

/**
 * `prepareRequest` for a call that always has a task, whose mapping entries only that task may serve
 * (chat): without the checks those make moot. `equivalent`: see `getMappingEntry`.
 */
export async function prepareTaskRequest(
  args: ArgsWithData,
  helper: ProviderHelper,
  options: RequestOptions,
  route?: Route,
  equivalent?: readonly string[],
): Promise<PreparedRequest & { model: string }> {
  const provider = helper.provider;
  const { task } = options;
  if (args.endpointUrl && provider !== "hf-inference") {
    throw new InferenceClientInputError("Cannot use endpointUrl with a third-party provider.");
  }
  if (args.model && isUrl(args.model)) {
    throw new InferenceClientInputError("Model URLs are no longer supported. Use endpointUrl instead.");
  }
  if (args.endpointUrl) {
    // The endpoint serves one model: nothing to look up on the hub.
    const model = args.model ?? args.endpointUrl;
    return { ...buildRequest(helper, model, args, options), model };
  }
  // Checked before the default model is loaded: no hub call for a call that cannot work.
  if (helper.clientSideRoutingOnly && !args.model) {
    throw new InferenceClientInputError(`Provider ${provider} requires a model ID to be passed directly.`);
  }
  const model = args.model ?? (await loadDefaultModel(task as InferenceTask, options));
  // A mapping entry made here rather than read from the hub.
  const own = (providerId: string, entryTask = task): InferenceProviderMappingEntry => ({
    provider,
    providerId,
    hfModelId: model,
    status: "live",
    task: entryTask as never,
  });
  let mapping: InferenceProviderMappingEntry | null;
  if (provider === "auto") {
    // The router reads the model string itself (`org/model:provider`, policies): sent verbatim.
    mapping = own(model, "conversational");
  } else if (helper.clientSideRoutingOnly) {
    if (!model.startsWith(`${provider}/`)) {
      throw new InferenceClientInputError(
        `Models from ${provider} must be prefixed by "${provider}/". Got "${model}".`,
      );
    }
    mapping = own(model.slice(provider.length + 1));
  } else {
    // Mapped in code: no hub lookup.
    const hardcoded = HARDCODED_MODEL_ID_MAPPING[provider]?.[model];
    mapping = hardcoded
      ? own(hardcoded)
      : await getMappingEntry(model, provider, task, args.accessToken, options, route?.mapping, equivalent);
  }
  if (!mapping) {
    throw new InferenceClientInputError(
      `We have not been able to find inference provider information for model ${model}.`,
    );
  }
  return { ...buildRequest(helper, mapping.providerId, args, options, mapping), model };
}

/** How the call authenticates, from its token (and, without one, its credentials option). */
export function authMethodFor(
  helper: ProviderHelper,
  accessToken: string | undefined,
  options: Options,
): AuthMethod {
  if (helper.clientSideRoutingOnly && accessToken?.startsWith("hf_")) {
    throw new InferenceClientInputError(
      `Provider ${helper.provider} is closed-source and does not support HF tokens.`,
    );
  }
  if (accessToken) return accessToken.startsWith("hf_") ? "hf-token" : "provider-key";
  if (options.includeCredentials === "include" || options.includeCredentials === true)
    return "credentials-include";
  return "none";
}

/** A key's header when its provider's definition names none, and an endpoint's. */
const BEARER = { header: "Authorization", scheme: "Bearer" };

/**
 * Builds URL, headers and body for a model id already resolved for the provider. Synchronous and
 * free of network calls: the snippet generator uses it to show exactly what the client sends.
 */
export function buildRequest(
  helper: ProviderHelper,
  resolvedModel: string,
  args: ArgsWithData,
  options: RequestOptions = {},
  mapping?: InferenceProviderMappingEntry,
  /** the request is written into a snippet, not sent: the transport rule for the token does not apply */
  forSnippet = false,
): PreparedRequest {
  const {
    accessToken,
    endpointUrl,
    provider: _provider,
    model: _model,
    urlTransform,
    ...remainingArgs
  } = args as ArgsWithData & { urlTransform?: (url: string) => string };
  const { task, outputType } = options;
  if (endpointUrl && hasUserinfo(endpointUrl)) {
    // https://huggingface.co@evil.example goes to evil.example: a trap for whoever reads the URL.
    const { host } = new URL(endpointUrl);
    throw new InferenceClientInputError(
      `endpointUrl must not contain a user name or password (the part before "@"); it would go to ${host}`,
    );
  }
  const authMethod = authMethodFor(helper, accessToken, options);
  const url = makeUrl(
    helper,
    { authMethod, model: endpointUrl ?? resolvedModel, task, urlTransform },
    options,
  );
  const isBinary = !!args.data;
  const bodyParams = {
    args: remainingArgs as Record<string, unknown>,
    model: resolvedModel,
    task,
    mapping,
    outputType,
  };
  // A helper's own body (multipart) sets its Content-Type with the boundary: fetch does that.
  const ownBody = helper.makeBody?.(bodyParams);

  const headers: Record<string, string> = {};
  if (accessToken && authMethod === "hf-token") {
    // A hub token grants access to the user's whole account: it goes to hub hosts, and to an
    // endpoint the caller named, never to a host a provider or a default picked; and over cleartext
    // http only to this machine.
    const named = endpointUrl || isHubHost(url, options);
    if (named && (forSnippet || isSafeForToken(url))) headers.Authorization = `Bearer ${accessToken}`;
    else if (named) {
      getLogger(options.logger).warn(
        `Not sending the hub token to ${new URL(url).origin} over cleartext http (only https, or http to this machine, carries it).`,
      );
    } else {
      getLogger(options.logger).warn(
        `Not sending the hub token to ${new URL(url).origin}, which is not a Hugging Face host. Pass that host's own key instead.`,
      );
    }
  } else if (accessToken && authMethod === "provider-key") {
    // A provider's own key goes as its definition says; an endpoint's as a Bearer token.
    const auth = (!endpointUrl && DEFINITIONS_BY_ID[helper.provider as InferenceProvider]?.auth) || BEARER;
    headers[auth.header] = auth.scheme ? `${auth.scheme} ${accessToken}` : accessToken;
  }
  if (!isBinary && ownBody === undefined) headers["Content-Type"] = "application/json";
  Object.assign(headers, helper.extraHeaders);
  if (options.billTo) headers[HF_HEADER_X_BILL_TO] = options.billTo;
  const userAgent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent;
  headers["User-Agent"] = `${PACKAGE_NAME}/${PACKAGE_VERSION}${userAgent ? ` ${userAgent}` : ""}`;

  const body =
    ownBody ?? (isBinary ? (args.data as BodyInit) : JSON.stringify(helper.preparePayload(bodyParams)));

  const info: PreparedRequest["info"] = { method: "POST", headers, body };
  if (typeof options.includeCredentials === "string")
    info.credentials = options.includeCredentials as RequestCredentials;
  else if (options.includeCredentials === true) info.credentials = "include";
  if (options.signal) info.signal = options.signal;
  return { url, info };
}

/**
 * 4.x's synchronous request builder (for snippets and custom calls): the model id is already the
 * provider's, the helper comes from `getProviderHelper`.
 */
export function makeRequestOptionsFromResolvedModel(
  resolvedModel: string,
  providerHelper: AnyProviderHelper,
  args: ArgsWithData,
  mapping: InferenceProviderMappingEntry | undefined,
  options: RequestOptions = {},
): PreparedRequest {
  return buildRequest(internalOf(providerHelper), resolvedModel, args, options, mapping);
}

/** 4.x's async request builder: validation, model resolution (hub mapping) and the request. */
export async function makeRequestOptions(
  args: ArgsWithData,
  providerHelper: AnyProviderHelper,
  options: RequestOptions = {},
): Promise<PreparedRequest> {
  const { url, info } = await prepareRequest(args, internalOf(providerHelper), options);
  return { url, info };
}
