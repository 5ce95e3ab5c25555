import { completionsHelper, conversationalHelper } from "../helper.js";
import { embeddingsHelper } from "../openaiCompatible.js";

const provider = "scaleway";

export const scalewayConversational = /* @__PURE__ */ conversationalHelper(provider);

export const scalewayTextGeneration = /* @__PURE__ */ completionsHelper(provider);

/**
 * Scaleway's embeddings route is OpenAI's: the body is `{input, model}` alone (as 4.13.30 sends it);
 * the hub's feature-extraction options (`normalize`, `truncate`, `truncation_direction`,
 * `prompt_name`) have no meaning there.
 */
export const scalewayFeatureExtraction = /* @__PURE__ */ (() => {
  const helper = embeddingsHelper(provider, "v1/embeddings");
  return {
    ...helper,
    preparePayload: ({ args, model }) => ({ input: args.inputs, model }),
  } satisfies typeof helper;
})();
