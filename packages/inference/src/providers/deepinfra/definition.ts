import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "deepinfra",
  baseUrl: "https://api.deepinfra.com",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: [
    "automatic-speech-recognition",
    "conversational",
    "feature-extraction",
    "text-generation",
    "text-to-image",
    "text-to-speech",
  ],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "DeepInfra",
  keyEnvVar: "DEEPINFRA_API_KEY",
});
