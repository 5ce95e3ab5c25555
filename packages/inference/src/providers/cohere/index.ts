import { conversationalHelper } from "../helper.js";

export const cohereConversational = /* @__PURE__ */ conversationalHelper(
  "cohere",
  "/compatibility/v1/chat/completions",
);
