import { completionPayload, conversationalHelper, textGenerationHelper } from "../helper.js";
import { embeddingsHelper } from "../openaiCompatible.js";

const provider = "scaleway";

export const scalewayConversational = /* @__PURE__ */ conversationalHelper(provider);

export const scalewayTextGeneration = /* @__PURE__ */ textGenerationHelper(
  provider,
  "v1/completions",
  completionPayload,
);

export const scalewayFeatureExtraction = /* @__PURE__ */ embeddingsHelper(provider, "v1/embeddings");
