import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "hyperbolic",
  baseUrl: "https://api.hyperbolic.xyz",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["text-to-image", "conversational", "text-generation"],
  routed: false,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "Hyperbolic",
  keyEnvVar: "HYPERBOLIC_API_KEY",
});
