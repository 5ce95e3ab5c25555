import { defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "openai",
  hubOrg: "openai",
  baseUrl: "https://api.openai.com",
  keyEnvVar: "OPENAI_API_KEY",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational"],
  routed: true,
  clientSideRoutingOnly: true,
});
