import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "cohere",
  baseUrl: "https://api.cohere.com",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational"],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "CohereLabs",
  keyEnvVar: "CO_API_KEY",
});
