import { conversationalHelper } from "../helper.js";

/** OpenAI is closed-source: called directly with an OpenAI key, never through the router. */
export const openaiConversational = /* @__PURE__ */ conversationalHelper("openai", "v1/chat/completions", {
  clientSideRoutingOnly: true,
});
