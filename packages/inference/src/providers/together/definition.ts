import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "together",
  baseUrl: "https://api.together.xyz",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["text-to-image", "conversational", "text-generation"],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "togethercomputer",
  keyEnvVar: "TOGETHER_API_KEY",
});
