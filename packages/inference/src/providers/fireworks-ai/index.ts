import { conversationalHelper } from "../helper.js";

export const fireworksAiConversational = /* @__PURE__ */ conversationalHelper(
  "fireworks-ai",
  "/inference/v1/chat/completions",
);
