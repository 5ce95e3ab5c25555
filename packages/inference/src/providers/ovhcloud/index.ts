import { completionPayload, conversationalHelper, textGenerationHelper } from "../helper.js";

const provider = "ovhcloud";

export const ovhcloudConversational = /* @__PURE__ */ conversationalHelper(provider);

export const ovhcloudTextGeneration = /* @__PURE__ */ textGenerationHelper(
  provider,
  "v1/completions",
  completionPayload,
);
