import { HF_HEADER_X_BILL_TO, isHubHost } from "../config.js";
import { InferenceClientInputError, InferenceClientRoutingError } from "../errors.js";
import { makeUrl, type ProviderHelper } from "../providers/helper.js";
import type { AuthMethod, InferenceTask, Options, RequestArgs } from "../types.js";
import { PACKAGE_NAME, PACKAGE_VERSION } from "../version.js";
import { getProviderModelId } from "./getProviderModelId.js";
import { loadDefaultModel } from "./hubApi.js";
import { isUrl } from "./isUrl.js";
import { getLogger } from "./logger.js";
import { getProviderHelper } from "./providerRegistry.js";

export type RequestOptions = Options & { task?: InferenceTask };
type ArgsWithData = RequestArgs & { data?: Blob | ArrayBuffer; stream?: boolean };

/** What a call sends: the reference's `{url, info}` shape, with plain-object headers. */
export interface PreparedRequest {
  url: string;
  info: RequestInit & { method: string; headers: Record<string, string> };
}

/**
 * Validates the call, finds the model (default model, provider id) and builds the request.
 * Async because the model may come from the hub.
 */
export async function prepareRequest(
  args: ArgsWithData,
  helper: ProviderHelper,
  options: RequestOptions,
): Promise<PreparedRequest & { model: string }> {
  const provider = helper.provider;
  const { task } = options;
  if (args.endpointUrl && provider !== "hf-inference") {
    throw new InferenceClientInputError("Cannot use endpointUrl with a third-party provider.", { provider });
  }
  if (args.model && isUrl(args.model)) {
    throw new InferenceClientInputError("Model URLs are no longer supported. Use endpointUrl instead.", {
      provider,
    });
  }
  if (!args.model && !task) {
    throw new InferenceClientInputError("No model provided, and no task has been specified.", { provider });
  }
  if (helper.clientSideRoutingOnly && !args.model) {
    throw new InferenceClientInputError(`Provider ${provider} requires a model ID to be passed directly.`, {
      provider,
    });
  }
  const model = args.model ?? (await loadDefaultModel(task as InferenceTask, options));

  let resolvedModel: string;
  if (helper.clientSideRoutingOnly) {
    if (!model.startsWith(`${provider}/`)) {
      throw new InferenceClientInputError(
        `Models from ${provider} must be prefixed by "${provider}/". Got "${model}".`,
        { provider },
      );
    }
    resolvedModel = model.slice(provider.length + 1);
  } else {
    resolvedModel = await getProviderModelId(model, provider, task, args.accessToken, options);
  }
  return { ...buildRequest(helper, resolvedModel, args, options), model };
}

/** How the call authenticates, from its token (and, without one, its credentials option). */
export function authMethodFor(
  helper: ProviderHelper,
  accessToken: string | undefined,
  options: Options,
): AuthMethod {
  if (helper.clientSideRoutingOnly) {
    if (accessToken?.startsWith("hf_")) {
      throw new InferenceClientRoutingError(
        `Provider ${helper.provider} is closed-source and does not support HF tokens.`,
        { provider: helper.provider },
      );
    }
    return "provider-key";
  }
  if (accessToken) return accessToken.startsWith("hf_") ? "hf-token" : "provider-key";
  if (options.includeCredentials === "include" || options.includeCredentials === true)
    return "credentials-include";
  return "none";
}

/**
 * Builds URL, headers and body for a model id already resolved for the provider. Synchronous and
 * free of network calls: the snippet generator uses it to show exactly what the client sends.
 */
export function buildRequest(
  helper: ProviderHelper,
  resolvedModel: string,
  args: ArgsWithData,
  options: RequestOptions = {},
): PreparedRequest {
  const { accessToken, endpointUrl, provider: _provider, model: _model, ...remainingArgs } = args;
  const { task } = options;
  const authMethod = authMethodFor(helper, accessToken, options);
  const url = makeUrl(helper, { authMethod, model: endpointUrl ?? resolvedModel, task }, options);
  const isBinary = "data" in args && !!args.data;

  const headers: Record<string, string> = {};
  if (accessToken && (authMethod === "hf-token" || authMethod === "provider-key")) {
    if (authMethod === "hf-token" && !isHubHost(url, options)) {
      // A hub token grants access to the user's whole account: never hand it to another host.
      getLogger(options.logger).warn(
        `Not sending the hub token to ${new URL(url).origin}, which is not a Hugging Face host. Pass that endpoint's own key instead.`,
      );
    } else {
      const scheme = authMethod === "provider-key" ? (helper.providerKeyScheme ?? "Bearer") : "Bearer";
      headers.Authorization = `${scheme} ${accessToken}`;
    }
  }
  if (!isBinary) headers["Content-Type"] = "application/json";
  if (helper.extraHeaders) Object.assign(headers, helper.extraHeaders);
  if (options.billTo) headers[HF_HEADER_X_BILL_TO] = options.billTo;
  const userAgent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent;
  headers["User-Agent"] = `${PACKAGE_NAME}/${PACKAGE_VERSION}${userAgent ? ` ${userAgent}` : ""}`;

  const body = isBinary
    ? (args.data as BodyInit)
    : JSON.stringify(
        helper.preparePayload({ args: remainingArgs as Record<string, unknown>, model: resolvedModel, task }),
      );

  const info: PreparedRequest["info"] = { method: "POST", headers, body };
  if (typeof options.includeCredentials === "string")
    info.credentials = options.includeCredentials as RequestCredentials;
  else if (options.includeCredentials === true) info.credentials = "include";
  if (options.signal) info.signal = options.signal;
  return { url, info };
}

/**
 * The reference's synchronous request builder, for the snippet generator: the provider comes from
 * `args.provider` (default hf-inference), the helper from the task.
 */
export function makeRequestOptionsFromResolvedModel(
  resolvedModel: string,
  args: ArgsWithData,
  options: RequestOptions = {},
): PreparedRequest {
  const provider = args.provider && args.provider !== "auto" ? args.provider : "hf-inference";
  return buildRequest(getProviderHelper(provider, options.task), resolvedModel, args, options);
}

/** The reference's async request builder: validation, model resolution and the request. */
export async function makeRequestOptions(
  args: ArgsWithData,
  options: RequestOptions = {},
): Promise<PreparedRequest> {
  const provider = args.provider && args.provider !== "auto" ? args.provider : "hf-inference";
  const { url, info } = await prepareRequest(args, getProviderHelper(provider, options.task), options);
  return { url, info };
}
