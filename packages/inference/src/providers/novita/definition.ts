import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "novita",
  baseUrl: "https://api.novita.ai",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational", "image-text-to-video", "text-generation", "text-to-video"],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "novita",
  keyEnvVar: "NOVITA_API_KEY",
});
