import { defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "hyperbolic",
  hubOrg: "Hyperbolic",
  baseUrl: "https://api.hyperbolic.xyz",
  keyEnvVar: "HYPERBOLIC_API_KEY",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["text-to-image", "conversational", "text-generation"],
  routed: false,
});
