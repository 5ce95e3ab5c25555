import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "cerebras",
  baseUrl: "https://api.cerebras.ai",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational"],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "cerebras",
  keyEnvVar: "CEREBRAS_API_KEY",
});
