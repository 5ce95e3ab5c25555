import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "zai-org",
  baseUrl: "https://api.z.ai",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: ["conversational", "text-to-image", "image-to-text"],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "zai-org",
  keyEnvVar: "ZAI_API_KEY",
});
