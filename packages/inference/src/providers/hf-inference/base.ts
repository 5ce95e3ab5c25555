import type { UrlParams } from "../../types.js";
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
