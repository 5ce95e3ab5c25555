import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "black-forest-labs",
  baseUrl: "https://api.us1.bfl.ai",
  auth: { header: "Authorization", scheme: "X-Key" },
  tasks: ["text-to-image"],
  routed: false,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "black-forest-labs",
  keyEnvVar: "BFL_API_KEY",
});
