import { defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "black-forest-labs",
  hubOrg: "black-forest-labs",
  baseUrl: "https://api.us1.bfl.ai",
  keyEnvVar: "BFL_API_KEY",
  auth: { header: "Authorization", scheme: "X-Key" },
  tasks: ["text-to-image"],
  routed: false,
});
