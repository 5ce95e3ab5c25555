import { defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "cerebras",
  hubOrg: "cerebras",
  baseUrl: "https://api.cerebras.ai",
  keyEnvVar: "CEREBRAS_API_KEY",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational"],
  routed: true,
});
