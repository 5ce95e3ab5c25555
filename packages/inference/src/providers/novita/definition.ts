import { defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "novita",
  hubOrg: "novita",
  baseUrl: "https://api.novita.ai",
  keyEnvVar: "NOVITA_API_KEY",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational", "text-generation"],
  routed: true,
});
