import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "scaleway",
  baseUrl: "https://api.scaleway.ai",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational", "text-generation", "feature-extraction"],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "scaleway",
  keyEnvVar: "SCW_SECRET_KEY",
});
