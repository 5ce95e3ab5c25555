import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "openai",
  baseUrl: "https://api.openai.com",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational"],
  routed: true,
  clientSideRoutingOnly: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "openai",
  keyEnvVar: "OPENAI_API_KEY",
});
