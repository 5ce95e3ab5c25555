import { completionsHelper, conversationalHelper } from "../helper.js";

const provider = "ovhcloud";

export const ovhcloudConversational = /* @__PURE__ */ conversationalHelper(provider);

export const ovhcloudTextGeneration = /* @__PURE__ */ completionsHelper(provider);
