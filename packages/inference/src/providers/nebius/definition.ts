import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "nebius",
  baseUrl: "https://api.studio.nebius.ai",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["text-to-image", "conversational", "text-generation"],
  routed: false,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "nebius",
  keyEnvVar: "NEBIUS_API_KEY",
});
