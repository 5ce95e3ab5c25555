import { defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "cohere",
  hubOrg: "CohereLabs",
  baseUrl: "https://api.cohere.com",
  keyEnvVar: "CO_API_KEY",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational"],
  routed: true,
});
