import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "groq",
  baseUrl: "https://api.groq.com",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational", "text-generation"],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "groq",
  keyEnvVar: "GROQ_API_KEY",
});
