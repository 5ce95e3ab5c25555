import { chatPromptPayload, conversationalHelper, textGenerationHelper } from "../helper.js";

// Groq serves both tasks on its OpenAI-compatible chat route.
const route = "openai/v1/chat/completions";

export const groqConversational = /* @__PURE__ */ conversationalHelper("groq", route);

// The prompt goes as one chat message: 4.13.30 posts a hub-style `{inputs}` body to this chat
// route, which an OpenAI-compatible server rejects (no `messages`).
export const groqTextGeneration = /* @__PURE__ */ textGenerationHelper("groq", route, chatPromptPayload);
