import { defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "replicate",
  hubOrg: "replicate",
  baseUrl: "https://api.replicate.com",
  keyEnvVar: "REPLICATE_API_TOKEN",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["text-to-image", "text-to-speech", "text-to-video"],
  routed: true,
});
