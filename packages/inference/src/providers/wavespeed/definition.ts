import { defineListing, defineProvider } from "../definition.js";

export const definition = /* @__PURE__ */ defineProvider({
  id: "wavespeed",
  baseUrl: "https://api.wavespeed.ai",
  auth: { header: "Authorization", scheme: "Bearer" },
  tasks: [
    "text-to-image",
    "text-to-video",
    "image-to-image",
    "image-to-video",
    "image-text-to-image",
    "image-text-to-video",
  ],
  routed: true,
});

export const listing = /* @__PURE__ */ defineListing(definition, {
  hubOrg: "wavespeed",
  keyEnvVar: "WAVESPEED_API_KEY",
});
