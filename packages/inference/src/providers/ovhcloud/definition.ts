import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "ovhcloud",
  baseUrl: "https://oai.endpoints.kepler.ai.cloud.ovh.net",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational", "text-generation"],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "ovhcloud",
  keyEnvVar: "OVHCLOUD_API_KEY",
});
