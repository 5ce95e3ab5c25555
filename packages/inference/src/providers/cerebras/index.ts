import { conversationalHelper } from "../helper.js";

export const cerebrasConversational = /* @__PURE__ */ conversationalHelper("cerebras");
