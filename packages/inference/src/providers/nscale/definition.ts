import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "nscale",
  baseUrl: "https://inference.api.nscale.com",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["text-to-image", "conversational"],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "nscale",
  keyEnvVar: "NSCALE_API_KEY",
});
