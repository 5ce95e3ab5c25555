import { completionsHelper, conversationalHelper } from "../helper.js";

const provider = "featherless-ai";

export const featherlessAiConversational = /* @__PURE__ */ conversationalHelper(provider);

export const featherlessAiTextGeneration = /* @__PURE__ */ completionsHelper(provider);
