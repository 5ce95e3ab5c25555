import { defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "fireworks-ai",
  hubOrg: "fireworks-ai",
  baseUrl: "https://api.fireworks.ai",
  keyEnvVar: "FIREWORKS_API_KEY",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational"],
  routed: true,
});
