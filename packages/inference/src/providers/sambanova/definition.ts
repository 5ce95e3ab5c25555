import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "sambanova",
  baseUrl: "https://api.sambanova.ai",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational"],
  routed: false,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "sambanovasystems",
  keyEnvVar: "SAMBANOVA_API_KEY",
});
