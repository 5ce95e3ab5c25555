import { chatPromptPayload, conversationalHelper, textGenerationHelper } from "../helper.js";

// Novita serves both tasks on its OpenAI-compatible chat route.
const route = "/v3/openai/chat/completions";

export const novitaConversational = /* @__PURE__ */ conversationalHelper("novita", route);

// The prompt goes as a chat message: the reference's hub-style `{inputs}` body is rejected by this route.
export const novitaTextGeneration = /* @__PURE__ */ textGenerationHelper("novita", route, chatPromptPayload);
