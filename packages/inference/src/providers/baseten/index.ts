import { conversationalHelper } from "../helper.js";

export const basetenConversational = /* @__PURE__ */ conversationalHelper("baseten");
