import { defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "sambanova",
  hubOrg: "sambanovasystems",
  baseUrl: "https://api.sambanova.ai",
  keyEnvVar: "SAMBANOVA_API_KEY",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational"],
  routed: false,
});
