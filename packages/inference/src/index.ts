export { InferenceClient, InferenceClientEndpoint, HfInference } from "./InferenceClient.js";
export {
  InferenceOutputError,
  InferenceClientError,
  InferenceClientInputError,
  InferenceClientRoutingError,
  InferenceClientHubApiError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  InferenceClientTimeoutError,
} from "./errors.js";
export type { FailedAttempt, HttpRequest, HttpResponse, JsonObject } from "./errors.js";
export * from "./types.js";
export * from "./tasks/index.js";
export { HARDCODED_MODEL_ID_MAPPING } from "./lib/getProviderModelId.js";
export { getProviderHelper, PROVIDERS } from "./lib/publicHelpers.js";
export type { TaskProviderHelper, TaskResponses } from "./lib/publicHelpers.js";
export { makeRequestOptions, makeRequestOptionsFromResolvedModel } from "./lib/makeRequestOptions.js";
export type { ProviderHelper } from "./providers/helper.js";
export { isUrl } from "./lib/isUrl.js";
export { setLogger } from "./lib/logger.js";
export type { Logger } from "./lib/logger.js";
export { clearHubCache } from "./lib/hubApi.js";
export { HF_HUB_URL, HF_ROUTER_URL, PROVIDER_BASE_URLS } from "./config.js";
import * as snippets from "./snippets/index.js";
export { snippets };
