import { defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "nebius",
  hubOrg: "nebius",
  baseUrl: "https://api.studio.nebius.ai",
  keyEnvVar: "NEBIUS_API_KEY",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["text-to-image", "conversational", "text-generation"],
  routed: false,
});
