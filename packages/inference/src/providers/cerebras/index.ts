import { conversationalHelper } from "../helper.js";

/**
 * Cerebras validates chat bodies strictly and answers 400 to OpenAI's `store` flag, which means
 * nothing outside OpenAI: the body goes without it (as 4.13.30 sends it).
 */
export const cerebrasConversational = /* @__PURE__ */ conversationalHelper("cerebras", undefined, {
  preparePayload: ({ args, model }) => {
    const { store: _store, ...rest } = args;
    return { model, ...rest };
  },
});
