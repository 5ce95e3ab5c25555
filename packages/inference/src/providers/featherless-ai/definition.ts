import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "featherless-ai",
  baseUrl: "https://api.featherless.ai",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational", "text-generation"],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "featherless-ai",
  keyEnvVar: "FEATHERLESS_API_KEY",
});
