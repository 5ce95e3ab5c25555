import { defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "together",
  hubOrg: "togethercomputer",
  baseUrl: "https://api.together.xyz",
  keyEnvVar: "TOGETHER_API_KEY",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["text-to-image", "conversational", "text-generation"],
  routed: true,
});
