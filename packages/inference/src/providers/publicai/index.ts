import { conversationalHelper } from "../helper.js";

export const publicaiConversational = /* @__PURE__ */ conversationalHelper("publicai");
