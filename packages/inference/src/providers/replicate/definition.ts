import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "replicate",
  baseUrl: "https://api.replicate.com",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: [
    "text-to-image",
    "text-to-speech",
    "text-to-video",
    "image-to-image",
    "automatic-speech-recognition",
  ],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "replicate",
  keyEnvVar: "REPLICATE_API_TOKEN",
});
