import { conversationalHelper } from "../helper.js";

export const sambanovaConversational = /* @__PURE__ */ conversationalHelper("sambanova");
