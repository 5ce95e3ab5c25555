import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "together",
  baseUrl: "https://api.together.xyz",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: [
    "text-to-image",
    "image-to-image",
    "text-to-video",
    "image-to-video",
    "conversational",
    "text-generation",
    "feature-extraction",
    "text-to-speech",
    "automatic-speech-recognition",
  ],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "togethercomputer",
  keyEnvVar: "TOGETHER_API_KEY",
});
