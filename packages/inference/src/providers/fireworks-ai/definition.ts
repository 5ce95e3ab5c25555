import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "fireworks-ai",
  baseUrl: "https://api.fireworks.ai",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational"],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "fireworks-ai",
  keyEnvVar: "FIREWORKS_API_KEY",
});
