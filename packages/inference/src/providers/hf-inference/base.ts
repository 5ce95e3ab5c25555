import type { AuthMethod, Options, UrlParams } from "../../types.js";
import { makeBaseUrl, type ProviderHelper, type ResponseContext } from "../helper.js";

const isHttpUrl = (model: string) => /^https?:\/\//.test(model);

/** hf-inference: `models/{id}` on the router (same route with any token); an endpoint URL is used verbatim. */
export function hfInferenceHelper<Output>(
  getResponse: (response: unknown, context: ResponseContext) => Output | Promise<Output>,
  makeRoute: (params: UrlParams) => string = ({ model }) => `models/${model}`,
): ProviderHelper<Output> {
  return {
    provider: "hf-inference",
    makeRoute,
    makeUrl(params, options) {
      if (isHttpUrl(params.model)) return params.model;
      return `${makeBaseUrl("hf-inference", params.authMethod, options)}/${makeRoute(params)}`;
    },
    preparePayload: ({ args }) => args,
    getResponse: async (response, context) => getResponse(response, context),
  };
}

export { isHttpUrl };

/**
 * An OpenAI-style route of hf-inference: `{router}/hf-inference/models/{id}/v1/{kind}`, or an
 * endpoint's URL completed with `/v1/{kind}` (unless it already ends with it).
 */
export function openAiRoute(model: string, authMethod: AuthMethod, options: Options, kind: string): string {
  let url = isHttpUrl(model)
    ? model.trim()
    : `${makeBaseUrl("hf-inference", authMethod, options)}/models/${model}`;
  url = url.replace(/\/+$/, "");
  if (url.endsWith("/v1")) return `${url}/${kind}`;
  if (!url.endsWith(`/${kind}`)) return `${url}/v1/${kind}`;
  return url;
}
